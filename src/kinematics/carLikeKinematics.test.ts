import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AckermannDriveKinematics } from "./AckermannDriveKinematics.js";
import { BicycleDriveKinematics } from "./BicycleDriveKinematics.js";
import { DifferentialDriveKinematics } from "./DifferentialDriveKinematics.js";
import type { DriveKinematics } from "./DriveKinematics.js";
import { DriveOdometry } from "./DriveOdometry.js";
import { MecanumDriveKinematics } from "./MecanumDriveKinematics.js";
import { OmniDriveKinematics } from "./OmniDriveKinematics.js";
import { se2Exp } from "./se2Exp.js";
import { SteeredDriveKinematics } from "./SteeredDriveKinematics.js";
import { TricycleDriveKinematics } from "./TricycleDriveKinematics.js";
import { unachievableTwist } from "./unachievableTwist.js";

const len = fc.double({ min: 0.1, max: 3, noNaN: true });
const speed = fc.double({ min: -3, max: 3, noNaN: true });
const yawRate = fc.double({ min: -2, max: 2, noNaN: true });
/** A forward speed away from 0 (a bicycle must roll to turn). */
const rolling = fc.oneof(
  fc.double({ min: 0.05, max: 3, noNaN: true }),
  fc.double({ min: -3, max: -0.05, noNaN: true }),
);

const ackermann = fc
  .record({ wheelbase: len, tractionTrackWidth: len, steeringTrackWidth: len, wheelRadius: len })
  .map((g) => new AckermannDriveKinematics(g));
const tricycle = fc
  .record({ wheelbase: len, trackWidth: len, wheelRadius: len })
  .map((g) => new TricycleDriveKinematics(g));

/** |sin| of the angle between a wheel heading and the velocity of its steering axis: 0 when it rolls. */
function misalignment(angle: number, px: number, py: number, vx: number, omega: number): number {
  const ux = vx - omega * py;
  const uy = omega * px;
  const n = Math.hypot(ux, uy);
  return n === 0 ? 0 : Math.abs(Math.cos(angle) * uy - Math.sin(angle) * ux) / n;
}

describe("Ackermann kinematics", () => {
  it("IK: both front wheels roll about the centre of rotation; rear rates are (vx ∓ ω·b/2)/r (property)", () => {
    fc.assert(
      fc.property(ackermann, speed, yawRate, (k, vx, w) => {
        const s = k.toWheelSpeeds({ vx, vy: 0, omega: w });
        const L = k.wheelbase;
        const hs = k.steeringTrackWidth / 2;
        expect(misalignment(s.leftSteeringAngle, L, hs, vx, w)).toBeLessThan(1e-9);
        expect(misalignment(s.rightSteeringAngle, L, -hs, vx, w)).toBeLessThan(1e-9);
        expect(Math.abs(s.leftSteeringAngle)).toBeLessThanOrEqual(Math.PI / 2);
        expect(s.leftRate).toBeCloseTo((vx - (w * k.tractionTrackWidth) / 2) / k.wheelRadius, 9);
        expect(s.rightRate).toBeCloseTo((vx + (w * k.tractionTrackWidth) / 2) / k.wheelRadius, 9);
      }),
    );
  });

  it("IK agrees with ros2_controllers' atan2 form while the inner wheel turns less than 90°", () => {
    fc.assert(
      fc.property(ackermann, fc.double({ min: 0.05, max: 3, noNaN: true }), yawRate, (k, vx, w) => {
        const L = k.wheelbase;
        const s = k.steeringTrackWidth;
        const phi = Math.atan((w * L) / vx);
        fc.pre(2 * L * Math.cos(phi) - s * Math.abs(Math.sin(phi)) > 1e-6);
        const got = k.toWheelSpeeds({ vx, vy: 0, omega: w });
        const den = 2 * L * Math.cos(phi);
        expect(got.leftSteeringAngle).toBeCloseTo(Math.atan2(2 * L * Math.sin(phi), den - s * Math.sin(phi)), 9);
        expect(got.rightSteeringAngle).toBeCloseTo(Math.atan2(2 * L * Math.sin(phi), den + s * Math.sin(phi)), 9);
        // The inner wheel steers more.
        if (w * vx > 0) expect(got.leftSteeringAngle).toBeGreaterThanOrEqual(got.rightSteeringAngle);
      }),
    );
  });

  it("a worked example: L = 2 m, s = b = 1 m, r = 0.5 m, 1 m/s on a 4 m radius to the left", () => {
    const k = new AckermannDriveKinematics({
      wheelbase: 2,
      tractionTrackWidth: 1,
      steeringTrackWidth: 1,
      wheelRadius: 0.5,
    });
    const s = k.toWheelSpeeds({ vx: 1, vy: 0, omega: 0.25 });
    expect(s.leftSteeringAngle).toBeCloseTo(Math.atan(2 / 3.5), 12);
    expect(s.rightSteeringAngle).toBeCloseTo(Math.atan(2 / 4.5), 12);
    expect(s.leftRate).toBeCloseTo(1.75, 12);
    expect(s.rightRate).toBeCloseTo(2.25, 12);
  });

  it("FK inverts IK for every twist with vy = 0 (property)", () => {
    fc.assert(
      fc.property(ackermann, speed, yawRate, (k, vx, w) => {
        const c = k.toChassisSpeeds(k.toWheelSpeeds({ vx, vy: 0, omega: w }));
        expect(c.vx).toBeCloseTo(vx, 9);
        expect(c.vy).toBe(0);
        expect(c.omega).toBeCloseTo(w, 9);
      }),
    );
  });
});

describe("bicycle kinematics", () => {
  it("IK is δ = atan(L·ω/vx), φ̇ = vx/r; FK inverts it when the base rolls (property)", () => {
    fc.assert(
      fc.property(len, len, rolling, yawRate, (L, r, vx, w) => {
        const k = new BicycleDriveKinematics(L, r);
        const s = k.toWheelSpeeds({ vx, vy: 0, omega: w });
        expect(s.steeringAngle).toBeCloseTo(Math.atan((L * w) / vx), 12);
        expect(s.tractionRate).toBeCloseTo(vx / r, 12);
        const c = k.toChassisSpeeds(s);
        expect(c.vx).toBeCloseTo(vx, 9);
        expect(c.omega).toBeCloseTo(w, 9);
      }),
    );
  });

  it("turning on the spot steers to ±90° with a still wheel, and is reported unachievable", () => {
    const k = new BicycleDriveKinematics(1, 0.3);
    expect(k.toWheelSpeeds({ vx: 0, vy: 0, omega: 0.5 })).toEqual({ steeringAngle: Math.PI / 2, tractionRate: 0 });
    expect(k.toWheelSpeeds({ vx: 0, vy: 0, omega: 0 })).toEqual({ steeringAngle: 0, tractionRate: 0 });
    expect(unachievableTwist("bicycle", 0, 0, 0.5)).toMatch(/cannot turn on the spot/);
    expect(unachievableTwist("tricycle", 0, 0, 0.5)).toBeUndefined();
  });
});

describe("tricycle kinematics", () => {
  it("IK: the front wheel rolls about the centre of rotation, rear rates closed form; FK inverts it (property)", () => {
    fc.assert(
      fc.property(tricycle, speed, yawRate, (k, vx, w) => {
        const s = k.toWheelSpeeds({ vx, vy: 0, omega: w });
        expect(misalignment(s.steeringAngle, k.wheelbase, 0, vx, w)).toBeLessThan(1e-9);
        if (vx !== 0) expect(s.steeringAngle).toBeCloseTo(Math.atan((k.wheelbase * w) / vx), 12);
        expect(s.leftRate).toBeCloseTo((vx - (w * k.trackWidth) / 2) / k.wheelRadius, 9);
        expect(s.rightRate).toBeCloseTo((vx + (w * k.trackWidth) / 2) / k.wheelRadius, 9);
        const c = k.toChassisSpeeds(s);
        expect(c.vx).toBeCloseTo(vx, 9);
        expect(c.omega).toBeCloseTo(w, 9);
      }),
    );
  });
});

describe("unachievableTwist", () => {
  it("names sideways motion for every drive without it, nothing for holonomic drives (property)", () => {
    fc.assert(
      fc.property(fc.double({ min: 1e-6, max: 3, noNaN: true }), speed, yawRate, (vy, vx, w) => {
        for (const d of ["differential", "ackermann", "bicycle", "tricycle"] as const)
          expect(unachievableTwist(d, vx, vy, w)).toMatch(new RegExp(`a ${d} drive cannot move sideways`));
        for (const d of ["steered", "omni", "mecanum"] as const)
          expect(unachievableTwist(d, vx, vy, w)).toBeUndefined();
      }),
    );
  });
});

/**
 * Odometry of a constant twist over n steps: the wheel positions are the IK rates times the
 * time (steering held), so the pose must be the SE(2) exponential of the twist times T.
 */
function constantTwistOdometry<S, P>(
  k: DriveKinematics<S, P>,
  positionsAt: (t: number) => P,
  vx: number,
  vy: number,
  w: number,
): void {
  const T = 2;
  const n = 20;
  const odom = new DriveOdometry(k, positionsAt(0));
  for (let i = 1; i <= n; i++) odom.update(positionsAt((i * T) / n));
  const want = se2Exp({ dx: vx * T, dy: vy * T, dtheta: w * T });
  expect(odom.pose.x).toBeCloseTo(want.x, 9);
  expect(odom.pose.y).toBeCloseTo(want.y, 9);
  expect(Math.cos(odom.pose.theta - want.theta)).toBeCloseTo(1, 12);
}

describe("odometry of a constant twist integrates to the SE(2) exponential (property)", () => {
  it("Ackermann, tricycle, bicycle", () => {
    fc.assert(
      fc.property(ackermann, tricycle, len, rolling, yawRate, (a, tr, L, vx, w) => {
        const s = a.toWheelSpeeds({ vx, vy: 0, omega: w });
        constantTwistOdometry(
          a,
          (t) => ({
            leftSteeringAngle: s.leftSteeringAngle,
            rightSteeringAngle: s.rightSteeringAngle,
            left: s.leftRate * t,
            right: s.rightRate * t,
          }),
          vx,
          0,
          w,
        );
        const st = tr.toWheelSpeeds({ vx, vy: 0, omega: w });
        constantTwistOdometry(
          tr,
          (t) => ({ steeringAngle: st.steeringAngle, left: st.leftRate * t, right: st.rightRate * t }),
          vx,
          0,
          w,
        );
        const b = new BicycleDriveKinematics(L, 0.25);
        const sb = b.toWheelSpeeds({ vx, vy: 0, omega: w });
        constantTwistOdometry(b, (t) => ({ steeringAngle: sb.steeringAngle, traction: sb.tractionRate * t }), vx, 0, w);
      }),
    );
  });

  it("steered (4WD4S)", () => {
    fc.assert(
      fc.property(len, len, speed, speed, yawRate, (lx, ly, vx, vy, w) => {
        // Below the drive's speed threshold (1e-6 m/s) a wheel holds still by design.
        fc.pre(Math.hypot(vx, vy) > 1e-4 || Math.abs(w) > 1e-4);
        const k = new SteeredDriveKinematics(
          [
            { x: lx, y: ly },
            { x: lx, y: -ly },
            { x: -lx, y: ly },
            { x: -lx, y: -ly },
          ],
          0.1,
        );
        const wheels = k.toWheelSpeeds({ vx, vy, omega: w }).wheels;
        constantTwistOdometry(
          k,
          (t) => ({ angles: wheels.map((s) => s.angle), distances: wheels.map((s) => s.speed * t) }),
          vx,
          vy,
          w,
        );
        const c = k.toChassisSpeeds({ wheels });
        expect(c.vx).toBeCloseTo(vx, 9);
        expect(c.vy).toBeCloseTo(vy, 9);
        expect(c.omega).toBeCloseTo(w, 9);
      }),
    );
  });

  it("differential, mecanum, omni", () => {
    fc.assert(
      fc.property(len, len, speed, speed, yawRate, (lx, ly, vx, vy, w) => {
        const d = new DifferentialDriveKinematics(2 * ly, 0.1);
        const sd = d.toWheelSpeeds({ vx, vy: 0, omega: w });
        constantTwistOdometry(d, (t) => ({ left: sd.left * t, right: sd.right * t }), vx, 0, w);
        const m = new MecanumDriveKinematics(
          [
            { x: lx, y: ly },
            { x: lx, y: -ly },
            { x: -lx, y: ly },
            { x: -lx, y: -ly },
          ],
          0.1,
        );
        const sm = m.toWheelSpeeds({ vx, vy, omega: w }).surfaceSpeeds;
        constantTwistOdometry(
          m,
          (t) => ({ distances: [sm[0] * t, sm[1] * t, sm[2] * t, sm[3] * t] as const }),
          vx,
          vy,
          w,
        );
        const o = new OmniDriveKinematics({ wheelAngles: [0, 2.1, 4.2], robotRadius: lx, wheelRadius: 0.05 });
        const so = o.toWheelSpeeds({ vx, vy, omega: w }).surfaceSpeeds;
        constantTwistOdometry(o, (t) => ({ distances: so.map((u) => u * t) }), vx, vy, w);
      }),
    );
  });
});

describe("DriveOdometry", () => {
  it("takes a gyro's heading change instead of the wheels' when given", () => {
    const k = new DifferentialDriveKinematics(0.5, 0.1);
    const odom = new DriveOdometry(k, { left: 0, right: 0 }, { x: 1, y: 2, theta: 0 });
    // The wheels say 1 m straight; the gyro says the base turned 0.2 rad meanwhile.
    const pose = odom.update({ left: 1, right: 1 }, 0.2);
    const arc = se2Exp({ dx: 1, dy: 0, dtheta: 0.2 });
    expect(pose.x).toBeCloseTo(1 + arc.x, 12);
    expect(pose.y).toBeCloseTo(2 + arc.y, 12);
    expect(pose.theta).toBeCloseTo(0.2, 12);
    expect(odom.update({ left: 1, right: 1 }).theta).toBeCloseTo(0.2, 12);
  });
});
