import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { limitTwistRateInto } from "./limitTwistRateInto.js";

const speed = fc.double({ min: -2, max: 2, noNaN: true });
const twist = fc.tuple(speed, speed, speed).map((t) => Float64Array.from(t));
const limit = fc.double({ min: 0.01, max: 5, noNaN: true });

describe("limitTwistRateInto", () => {
  it("never changes the translation by more than a·dt nor the yaw rate by more than α·dt, and keeps the direction of the change", () => {
    fc.assert(
      fc.property(twist, twist, limit, limit, (prev, target, a, alpha) => {
        const dt = 0.01;
        const out = limitTwistRateInto(new Float64Array(3), prev, target, dt, a, alpha);
        const dx = (out[0] as number) - (prev[0] as number);
        const dy = (out[1] as number) - (prev[1] as number);
        expect(Math.hypot(dx, dy)).toBeLessThanOrEqual(a * dt * (1 + 1e-12) + 1e-15);
        expect(Math.abs((out[2] as number) - (prev[2] as number))).toBeLessThanOrEqual(
          alpha * dt * (1 + 1e-12) + 1e-15,
        );
        // The change points the same way as the requested change (cross product 0, dot ≥ 0).
        const tx = (target[0] as number) - (prev[0] as number);
        const ty = (target[1] as number) - (prev[1] as number);
        expect(Math.abs(dx * ty - dy * tx)).toBeLessThan(1e-9);
        expect(dx * tx + dy * ty).toBeGreaterThanOrEqual(0);
      }),
    );
  });

  it("passes a reachable target through unchanged, and leaves an unlimited part alone", () => {
    fc.assert(
      fc.property(twist, twist, (prev, target) => {
        const out = limitTwistRateInto(new Float64Array(3), prev, target, 0.01, undefined, undefined);
        expect(Array.from(out)).toEqual(Array.from(target));
      }),
    );
    const prev = Float64Array.of(0.1, 0, 0.2);
    const target = Float64Array.of(0.1005, 0.001, 0.2);
    expect(Array.from(limitTwistRateInto(new Float64Array(3), prev, target, 0.01, 0.4, Math.PI))).toEqual(
      Array.from(target),
    );
  });

  it("ramps a 0.6 m/s step from rest at 0.4 m/s² in 1.5 s (Robotino's controld3 limit)", () => {
    const cmd = new Float64Array(3);
    const target = Float64Array.of(0.6, 0, 0);
    let ticks = 0;
    while ((cmd[0] as number) < 0.6 - 1e-12) {
      limitTwistRateInto(cmd, cmd, target, 0.01, 0.4, Math.PI);
      ticks++;
    }
    expect(ticks).toBe(150);
    expect(cmd[1]).toBe(0);
  });
});
