import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { KabschWheelOdometry } from "./KabschWheelOdometry.js";
import { se2Exp } from "./se2Exp.js";
import { SteeredDriveKinematics } from "./SteeredDriveKinematics.js";
import { wrapAngle } from "../util/wrapAngle.js";

// MARIO-like square of steering axes; offsets drawn per wheel (MARIO: ±0.030705 m).
const AXES = [
  { x: 0.2, y: 0.2 },
  { x: 0.2, y: -0.2 },
  { x: -0.2, y: 0.2 },
  { x: -0.2, y: -0.2 },
];

/** Constant-twist step: steering angles and contact travel that a rigid motion exp(dx, dy, dθ) produces. */
function step(
  offsets: readonly number[],
  dx: number,
  dy: number,
  dtheta: number,
): { angles: number[]; travels: number[] } {
  const k = new SteeredDriveKinematics(AXES, 0.1, { wheelOffsets: offsets, speedEpsilon: 0 });
  const w = k.toWheelStates({ vx: dx, vy: dy, omega: dtheta }).wheels;
  return { angles: w.map((s) => s.angle), travels: w.map((s) => s.speed) };
}

const offsets = fc.array(fc.double({ min: -0.1, max: 0.1, noNaN: true }), { minLength: 4, maxLength: 4 });
const rotation = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const shift = fc.double({ min: -0.5, max: 0.5, noNaN: true });

describe("KabschWheelOdometry: large steps with wheel offsets", () => {
  it("recovers any rigid step with |dθ| ≤ π exactly, for random offsets (property)", () => {
    fc.assert(
      fc.property(offsets, shift, shift, rotation, (d, dx, dy, dth) => {
        const { angles, travels } = step(d, dx, dy, dth);
        const r = new KabschWheelOdometry(AXES, { wheelOffsets: d }).estimate(angles, angles, travels);
        const truth = se2Exp({ dx, dy, dtheta: dth });
        expect(r.status).toBe("ok");
        if (!r.ok) return;
        expect(Math.abs(wrapAngle(r.dtheta - truth.theta))).toBeLessThan(1e-9);
        expect(Math.abs(r.translation.x - truth.x)).toBeLessThan(1e-9);
        expect(Math.abs(r.translation.y - truth.y)).toBeLessThan(1e-9);
      }),
      { numRuns: 1000 },
    );
  });
  it("MARIO offsets, 900 steps with rotations 0.5–π/2 rad: none mirrored, all exact", () => {
    const d = [0.030705, -0.030705, 0.030705, -0.030705];
    const odo = new KabschWheelOdometry(AXES, { wheelOffsets: d });
    let worst = 0;
    for (let i = 0; i < 900; i++) {
      const dth = 0.5 + ((Math.PI / 2 - 0.5) * i) / 899;
      const a = (2 * Math.PI * i) / 97;
      const { angles, travels } = step(d, 0.3 * Math.cos(a), 0.3 * Math.sin(a), i % 2 === 0 ? dth : -dth);
      const r = odo.estimate(angles, angles, travels);
      expect(r.status).toBe("ok");
      if (r.ok) worst = Math.max(worst, Math.abs(wrapAngle(r.dtheta - (i % 2 === 0 ? dth : -dth))));
    }
    expect(worst).toBeLessThan(1e-9);
  });
  it("reports `not-converged` (not `ok`) when the iterations run out, keeping the last iterate", () => {
    // Inconsistent travel (one wheel slips by 5 cm) on a 2.5 rad step, one iteration allowed.
    const { angles, travels } = step([0, 0, 0, 0], 0.1, 0, 2.5);
    travels[0] = (travels[0] as number) + 0.05;
    const out = new Float64Array(4);
    const odo = new KabschWheelOdometry(AXES, { maxIterations: 1 });
    const status = odo.estimateInto(
      out,
      Float64Array.from(angles),
      Float64Array.from(angles),
      Float64Array.from(travels),
    );
    expect(status).toBe("not-converged");
    expect(Number.isFinite(out[0])).toBe(true);
    // With the default iterations the same step converges.
    expect(new KabschWheelOdometry(AXES).estimate(angles, angles, travels).status).toBe("ok");
  });
});
