import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { DifferentialDriveKinematics } from "./DifferentialDriveKinematics.js";
import { fromFieldRelative, fromFieldRelativeInto } from "./fromFieldRelative.js";
import { MecanumDriveKinematics } from "./MecanumDriveKinematics.js";
import { Odometry } from "./Odometry.js";
import { OmniDriveKinematics } from "./OmniDriveKinematics.js";
import { ROBOTINO_3 } from "./robotinoPresets.js";
import { se2Exp } from "./se2Exp.js";
import { SteeredDriveKinematics } from "./SteeredDriveKinematics.js";
import { toFieldRelative } from "./toFieldRelative.js";
import { TwistRateLimiter } from "./TwistRateLimiter.js";

// WPILib's test layout (inches, named metres in WPILib): FL (12, 12), FR (12, −12), RL (−12, 12), RR (−12, −12).
const WPI = [
  { x: 12, y: 12 },
  { x: 12, y: -12 },
  { x: -12, y: 12 },
  { x: -12, y: -12 },
];
const close = (a: ArrayLike<number>, b: readonly number[], digits = 6) =>
  b.forEach((v, i) => expect(a[i]).toBeCloseTo(v, digits));

// Vectors of WPILib's MecanumDriveKinematicsTest / DifferentialDriveKinematicsTest /
// ChassisSpeedsTest / SwerveDriveKinematicsTest (allwpilib v2026.2.2), each re-derived here
// from the matrix rows in reference/kinematics.md §3.1.
describe("mecanum kinematics (WPILib MecanumDriveKinematicsTest)", () => {
  const k = new MecanumDriveKinematics(WPI, 1);
  it("IK: straight, strafe, rotation, mixed", () => {
    close(k.toWheelSpeeds({ vx: 5, vy: 0, omega: 0 }).surfaceSpeeds, [5, 5, 5, 5]);
    close(k.toWheelSpeeds({ vx: 0, vy: 4, omega: 0 }).surfaceSpeeds, [-4, 4, 4, -4]);
    close(
      k.toWheelSpeeds({ vx: 0, vy: 0, omega: 2 * Math.PI }).surfaceSpeeds,
      [-150.79644737, 150.79644737, -150.79644737, 150.79644737],
    );
    close(k.toWheelSpeeds({ vx: 2, vy: 3, omega: 1 }).surfaceSpeeds, [-25, 29, -19, 23]);
  });
  it("IK about an off-centre CoR (the FL wheel)", () => {
    close(k.toWheelSpeeds({ vx: 0, vy: 0, omega: 1 }, { x: 12, y: 12 }).surfaceSpeeds, [0, 24, -24, 48]);
    close(k.toWheelSpeeds({ vx: 5, vy: 2, omega: 1 }, { x: 12, y: 12 }).surfaceSpeeds, [3, 31, -17, 51]);
  });
  it("FK: straight, strafe, rotation, mixed", () => {
    const v = (s: number[]) => {
      const c = k.toChassisVelocity(s);
      return [c.vx, c.vy, c.omega];
    };
    close(v([3.536, 3.536, 3.536, 3.536]), [3.536, 0, 0]);
    close(v([-2.828427, 2.828427, 2.828427, -2.828427]), [0, 2.828427, 0]);
    close(v([-150.79644737, 150.79644737, -150.79644737, 150.79644737]), [0, 0, 2 * Math.PI]);
    close(v([-17.67767, 20.506097, -13.435, 16.26]), [1.413, 2.122, 0.707], 2);
  });
  it("FK inverts IK for any twist and layout (property); odometry of a constant twist is exact", () => {
    const c = fc.double({ min: -3, max: 3, noNaN: true });
    const l = fc.double({ min: 0.1, max: 1, noNaN: true });
    fc.assert(
      fc.property(c, c, c, l, l, (vx, vy, w, lx, ly) => {
        const m = new MecanumDriveKinematics(
          [
            { x: lx, y: ly },
            { x: lx, y: -ly },
            { x: -lx, y: ly },
            { x: -lx, y: -ly },
          ],
          0.05,
        );
        const out = m.toChassisVelocityInto(new Float64Array(3), m.toWheelSpeedsInto(new Float64Array(4), vx, vy, w));
        close(out, [vx, vy, w], 9);
      }),
    );
    const odo = new Odometry();
    const step = new Float64Array(3);
    const travel = new Float64Array(4);
    for (let i = 0; i < 100; i++) {
      k.toWheelSpeedsInto(travel, 0.5 * 0.01, -0.2 * 0.01, 0.8 * 0.01);
      k.toChassisVelocityInto(step, travel);
      odo.addVelocity(step[0] as number, step[1] as number, step[2] as number, 1);
    }
    const truth = se2Exp({ dx: 0.5, dy: -0.2, dtheta: 0.8 });
    close([odo.pose.x, odo.pose.y, odo.pose.theta], [truth.x, truth.y, truth.theta], 12);
  });
  it("rejects a wrong wheel count and a singular layout", () => {
    expect(() => new MecanumDriveKinematics(WPI.slice(0, 3), 1)).toThrow(RangeError);
    expect(
      () =>
        new MecanumDriveKinematics(
          [
            { x: 1, y: -1 },
            { x: 1, y: 1 },
            { x: -1, y: -1 },
            { x: -1, y: 1 },
          ].map(() => ({ x: 0, y: 0 })),
          1,
        ),
    ).toThrow(RangeError);
  });
});

describe("differential-drive kinematics (WPILib DifferentialDriveKinematicsTest, track 0.762 m)", () => {
  const k = new DifferentialDriveKinematics(0.381 * 2, 0.1);
  it("IK and FK: straight line and turn in place", () => {
    const s = k.toWheelSpeeds({ vx: 3, vy: 0, omega: 0 });
    close([s.left, s.right, s.leftAngular], [3, 3, 30]);
    const t = k.toWheelSpeeds({ vx: 0, vy: 0, omega: Math.PI });
    close([t.left, t.right], [-0.381 * Math.PI, 0.381 * Math.PI]);
    const f = k.toChassisVelocity(-0.381 * Math.PI, 0.381 * Math.PI);
    close([f.vx, f.vy, f.omega], [0, 0, Math.PI]);
    const g = k.toChassisVelocity(3, 3);
    close([g.vx, g.omega], [3, 0]);
  });
  it("odometry: 100 steps of a constant arc land on exp(twist)", () => {
    const odo = new Odometry();
    const lr = new Float64Array(2);
    const step = new Float64Array(3);
    for (let i = 0; i < 100; i++) {
      k.toWheelSpeedsInto(lr, 0.01, 0.02);
      k.toChassisVelocityInto(step, lr[0] as number, lr[1] as number);
      odo.addVelocity(step[0] as number, 0, step[2] as number, 1);
    }
    const truth = se2Exp({ dx: 1, dy: 0, dtheta: 2 });
    close([odo.pose.x, odo.pose.y, odo.pose.theta], [truth.x, truth.y, truth.theta], 12);
    expect(() => new DifferentialDriveKinematics(0)).toThrow(RangeError);
  });
});

describe("field-relative helpers (WPILib ChassisSpeeds.fromFieldRelativeSpeeds)", () => {
  it("(1, 0, 0.5) with the robot facing −90° is (0, 1, 0.5) in the body", () => {
    const b = fromFieldRelative({ vx: 1, vy: 0, omega: 0.5 }, -Math.PI / 2);
    close([b.vx, b.vy, b.omega], [0, 1, 0.5]);
    const f = toFieldRelative(b, -Math.PI / 2);
    close([f.vx, f.vy, f.omega], [1, 0, 0.5]);
  });
  it("to and from are inverse for any heading (property)", () => {
    const c = fc.double({ min: -5, max: 5, noNaN: true });
    fc.assert(
      fc.property(c, c, c, fc.double({ min: -10, max: 10, noNaN: true }), (vx, vy, w, h) => {
        const b = fromFieldRelativeInto(new Float64Array(3), vx, vy, w, h);
        const f = toFieldRelative({ vx: b[0] as number, vy: b[1] as number, omega: b[2] as number }, h);
        close([f.vx, f.vy, f.omega], [vx, vy, w], 9);
        expect(Math.hypot(b[0] as number, b[1] as number)).toBeCloseTo(Math.hypot(vx, vy), 9);
      }),
    );
  });
});

describe("centre of rotation (WPILib CoR semantics: (vx, vy) is the CoR's velocity)", () => {
  it("swerve: spin about the FL module (SwerveDriveKinematicsTest testOffCenterCORRotationInverseKinematics)", () => {
    const k = new SteeredDriveKinematics(WPI, 1, { speedEpsilon: 1e-6 });
    const c = k.toWheelStates({ vx: 0, vy: 0, omega: 2 * Math.PI }, undefined, { x: 12, y: 12 });
    const w = c.wheels;
    close([w[0]!.speed, w[1]!.speed, w[2]!.speed, w[3]!.speed], [0, 150.796447, 150.796447, 213.258381]);
    close([w[1]!.angle, w[2]!.angle, w[3]!.angle], [0, -Math.PI / 2, -Math.PI / 4]);
    expect(c.centerOfRotation).toEqual({ x: 12, y: 12 });
  });
  it("swerve: CoR (24, 0), command (0, 3, 1.5) → FK at the centre gives (0, −33, 1.5) (testOffCenterCORRotationAndTranslationInverseKinematics)", () => {
    const k = new SteeredDriveKinematics(WPI, 1);
    const fk = k.toChassisVelocity(k.toWheelStates({ vx: 0, vy: 3, omega: 1.5 }, undefined, { x: 24, y: 0 }).wheels);
    close([fk.vx, fk.vy, fk.omega], [0, -33, 1.5]);
  });
  it("omni: a CoR on wheel 2 leaves it still; same as the equivalent origin twist (property)", () => {
    const k = new OmniDriveKinematics(ROBOTINO_3);
    const u = k.toWheelSpeeds({ vx: 0, vy: 0, omega: 1 }, { x: -0.175, y: 0 }).surfaceSpeeds;
    expect(u[1]).toBeCloseTo(0, 12);
    const c = fc.double({ min: -2, max: 2, noNaN: true });
    fc.assert(
      fc.property(c, c, c, c, c, (vx, vy, w, cx, cy) => {
        const a = k.toWheelSpeedsInto(new Float64Array(3), vx, vy, w, "rad/s", cx, cy);
        const b = k.toWheelSpeedsInto(new Float64Array(3), vx + w * cy, vy - w * cx, w, "rad/s");
        close(a, Array.from(b), 9);
      }),
    );
  });
});

describe("TwistRateLimiter", () => {
  it("ramps at the limits and then holds the target exactly", () => {
    const l = new TwistRateLimiter(0.4, Math.PI);
    const out = new Float64Array(3);
    let prev = [0, 0, 0];
    for (let i = 0; i < 200; i++) {
      l.calculateInto(out, 0.6, 0.8, -1, 0.02);
      expect(Math.hypot((out[0] as number) - prev[0]!, (out[1] as number) - prev[1]!)).toBeLessThanOrEqual(
        0.4 * 0.02 + 1e-12,
      );
      expect(Math.abs((out[2] as number) - prev[2]!)).toBeLessThanOrEqual(Math.PI * 0.02 + 1e-12);
      prev = Array.from(out);
    }
    close(out, [0.6, 0.8, -1], 12);
    expect(l.calculate({ vx: 0.6, vy: 0.8, omega: -1 }, 0.02)).toEqual({ vx: 0.6, vy: 0.8, omega: -1 });
    expect(() => new TwistRateLimiter(0, 1)).toThrow(RangeError);
  });
});
