import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { foldWheelStatesInto } from "./foldWheelState.js";
import { KabschWheelOdometry } from "./KabschWheelOdometry.js";
import { se2Exp } from "./se2Exp.js";
import { SteeredDriveKinematics } from "./SteeredDriveKinematics.js";
import { wrapAngle } from "../util/wrapAngle.js";

// Wheels offset sideways from their steering axes (MARIO: 0.030705 m outboard).
const AXES = [
  { x: 0.2, y: 0.2 },
  { x: 0.2, y: -0.2 },
  { x: -0.2, y: 0.2 },
  { x: -0.2, y: -0.2 },
];
const OFFSETS = [0.030705, -0.030705, 0.030705, -0.030705];

/** Velocity of the contact point of wheel i (axis p, offset d, heading ψ) under a rigid twist. */
function contactVelocity(
  p: { x: number; y: number },
  d: number,
  psi: number,
  vx: number,
  vy: number,
  w: number,
): [number, number] {
  const cx = p.x - d * Math.sin(psi);
  const cy = p.y + d * Math.cos(psi);
  return [vx - w * cy, vy + w * cx];
}

const twist = fc.record({
  vx: fc.double({ min: -2, max: 2, noNaN: true }),
  vy: fc.double({ min: -2, max: 2, noNaN: true }),
  omega: fc.double({ min: -3, max: 3, noNaN: true }),
});
const offsets = fc.array(fc.double({ min: -0.1, max: 0.1, noNaN: true }), { minLength: 4, maxLength: 4 });

describe("wheels offset from their steering axes", () => {
  it("IK: the contact point rolls without side slip at the commanded speed", () => {
    fc.assert(
      fc.property(twist, offsets, (t, d) => {
        const k = new SteeredDriveKinematics(AXES, 0.1, { wheelOffsets: d, speedEpsilon: 0 });
        k.toWheelStates(t).wheels.forEach((w, i) => {
          const [cx, cy] = contactVelocity(
            AXES[i] as { x: number; y: number },
            d[i] as number,
            w.angle,
            t.vx,
            t.vy,
            t.omega,
          );
          expect(cx * Math.cos(w.angle) + cy * Math.sin(w.angle)).toBeCloseTo(w.speed, 9); // rolling
          expect(-cx * Math.sin(w.angle) + cy * Math.cos(w.angle)).toBeCloseTo(0, 9); // no side slip
          expect(w.angularSpeed).toBeCloseTo(w.speed / 0.1, 8);
        });
      }),
    );
  });
  it("zero-turn about an axis still spins the offset wheel (speed −ω·d)", () => {
    const k = new SteeredDriveKinematics(AXES, 0.1, { wheelOffsets: OFFSETS });
    const c = k.toWheelStates({ vx: 0.2, vy: -0.2, omega: 1 }); // ICR on the FL steering axis
    expect(c.wheels[0]?.angle).toBe(0); // held
    expect(c.wheels[0]?.speed).toBeCloseTo(-0.030705, 12);
  });
  it("after a fold, wheelSpeedsForAnglesInto gives the contact speed on the other side of the axis", () => {
    fc.assert(
      fc.property(twist, offsets, (t, d) => {
        const k = new SteeredDriveKinematics(AXES, 0.1, { wheelOffsets: d, speedEpsilon: 0 });
        const angles = new Float64Array(4);
        const speeds = new Float64Array(4);
        const rates = new Float64Array(4);
        k.toWheelStatesInto(angles, speeds, rates, t.vx, t.vy, t.omega);
        foldWheelStatesInto(angles, speeds, rates, -Math.PI / 2, Math.PI / 2);
        k.wheelSpeedsForAnglesInto(speeds, rates, angles, t.vx, t.vy, t.omega);
        for (let i = 0; i < 4; i++) {
          const a = angles[i] as number;
          const [cx, cy] = contactVelocity(AXES[i] as { x: number; y: number }, d[i] as number, a, t.vx, t.vy, t.omega);
          expect(cx * Math.cos(a) + cy * Math.sin(a)).toBeCloseTo(speeds[i] as number, 9);
          expect(-cx * Math.sin(a) + cy * Math.cos(a)).toBeCloseTo(0, 9);
        }
      }),
    );
  });
  it("FK inverts IK, also from folded states", () => {
    fc.assert(
      fc.property(twist, offsets, (t, d) => {
        const k = new SteeredDriveKinematics(AXES, 0.1, { wheelOffsets: d, speedEpsilon: 0 });
        const angles = new Float64Array(4);
        const speeds = new Float64Array(4);
        const rates = new Float64Array(4);
        k.toWheelStatesInto(angles, speeds, rates, t.vx, t.vy, t.omega);
        foldWheelStatesInto(angles, speeds, rates, -Math.PI / 2, Math.PI / 2);
        k.wheelSpeedsForAnglesInto(speeds, rates, angles, t.vx, t.vy, t.omega);
        const v = k.toChassisVelocityInto(new Float64Array(3), angles, speeds);
        expect(v[0]).toBeCloseTo(t.vx, 9);
        expect(v[1]).toBeCloseTo(t.vy, 9);
        expect(v[2]).toBeCloseTo(t.omega, 9);
      }),
    );
  });
  it("Kabsch odometry with offsets recovers exp(twist·dt) from contact travel", () => {
    fc.assert(
      fc.property(twist, offsets, fc.double({ min: 1e-3, max: 0.2, noNaN: true }), (t, d, dt) => {
        const k = new SteeredDriveKinematics(AXES, 0.1, { wheelOffsets: d, speedEpsilon: 0 });
        const w = k.toWheelStates(t).wheels;
        const angles = w.map((s) => s.angle);
        const r = new KabschWheelOdometry(AXES, { wheelOffsets: d }).estimate(
          angles,
          angles,
          w.map((s) => s.speed * dt),
        );
        const truth = se2Exp({ dx: t.vx * dt, dy: t.vy * dt, dtheta: t.omega * dt });
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(Math.abs(wrapAngle(r.dtheta - truth.theta))).toBeLessThan(1e-9);
        expect(r.translation.x).toBeCloseTo(truth.x, 9);
        expect(r.translation.y).toBeCloseTo(truth.y, 9);
      }),
      { numRuns: 200 },
    );
  });
  it("rejects offsets of the wrong length", () => {
    expect(() => new SteeredDriveKinematics(AXES, 0.1, { wheelOffsets: [0.1] })).toThrow(RangeError);
    expect(() => new KabschWheelOdometry(AXES, { wheelOffsets: [0.1] })).toThrow(RangeError);
  });
});
