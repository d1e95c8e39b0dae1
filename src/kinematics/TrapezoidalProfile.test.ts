import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { TrapezoidalProfile } from "./TrapezoidalProfile.js";

const T = 0.01;
const vmaxArb = fc.double({ min: 0.05, max: 20, noNaN: true });
const amaxArb = fc.double({ min: 0.5, max: 5000, noNaN: true });
const angle = fc.double({ min: -4, max: 4, noNaN: true });
/** Slack for floating-point round-off (the profile lands on a goal within 1e-9 of its velocity scale). */
const eps = 1e-8;

describe("TrapezoidalProfile", () => {
  it("keeps |v| ≤ v_max and |Δv| ≤ a_max·T for any sequence of goals, and moves by v·T each step", () => {
    fc.assert(
      fc.property(
        vmaxArb,
        amaxArb,
        angle,
        fc.array(fc.tuple(angle, fc.integer({ min: 1, max: 60 })), { minLength: 1, maxLength: 12 }),
        (vmax, amax, start, goals) => {
          const p = new TrapezoidalProfile([vmax], [amax], T, [start]);
          let prevV = 0;
          let prevX = start;
          for (const [goal, ticks] of goals) {
            for (let k = 0; k < ticks; k++) {
              const x = p.step(0, goal);
              const v = p.velocity[0] as number;
              expect(Math.abs(v)).toBeLessThanOrEqual(vmax * (1 + eps));
              expect(Math.abs(v - prevV)).toBeLessThanOrEqual(amax * T + eps * (vmax + amax * T));
              expect(Math.abs(x - prevX - v * T)).toBeLessThanOrEqual(1e-12 * (1 + Math.abs(x)));
              prevV = v;
              prevX = x;
            }
          }
        },
      ),
    );
  });

  it("lands exactly on a constant goal from rest in finite time, never passing it, and then stays", () => {
    fc.assert(
      fc.property(vmaxArb, amaxArb, angle, angle, (vmax, amax, start, goal) => {
        const p = new TrapezoidalProfile([vmax], [amax], T, [start]);
        const dist = Math.abs(goal - start);
        const dir = Math.sign(goal - start);
        // Cruise plus speeding up and slowing down, with a tick of margin each.
        const bound = Math.ceil(dist / (vmax * T)) + 2 * Math.ceil(vmax / (amax * T)) + 4;
        let k = 0;
        let prev = start;
        while ((p.position[0] as number) !== goal) {
          const x = p.step(0, goal);
          // Monotone towards the goal, never beyond it.
          expect((x - prev) * dir).toBeGreaterThanOrEqual(0);
          expect((goal - x) * dir).toBeGreaterThanOrEqual(0);
          prev = x;
          k++;
          expect(k).toBeLessThanOrEqual(bound);
        }
        for (let j = 0; j < 5; j++) expect(p.step(0, goal)).toBe(goal);
        expect(p.velocity[0]).toBe(0);
      }),
    );
  });

  it("comes back to a goal it was thrown past, and settles there", () => {
    fc.assert(
      fc.property(vmaxArb, amaxArb, angle, angle, angle, (vmax, amax, start, first, goal) => {
        const p = new TrapezoidalProfile([vmax], [amax], T, [start]);
        // Run towards a first goal for a while, then switch to another: the profile may have
        // to pass the new goal to slow down, but it reaches it.
        for (let k = 0; k < 30; k++) p.step(0, first);
        const bound =
          Math.ceil((Math.abs(goal - (p.position[0] as number)) + (2 * vmax * vmax) / amax) / (vmax * T)) +
          4 * Math.ceil(vmax / (amax * T)) +
          8;
        let k = 0;
        while ((p.position[0] as number) !== goal || (p.velocity[0] as number) !== 0) {
          p.step(0, goal);
          k++;
          expect(k).toBeLessThanOrEqual(bound);
        }
      }),
    );
  });

  it("is the plain rate limiter when the acceleration is unlimited", () => {
    fc.assert(
      fc.property(vmaxArb, angle, fc.array(angle, { minLength: 1, maxLength: 40 }), (vmax, start, goals) => {
        const p = new TrapezoidalProfile([vmax], [Infinity], T, [start]);
        let x = start;
        for (const goal of goals) {
          const d = goal - x;
          x = Math.abs(d) <= vmax * T ? goal : x + Math.sign(d) * vmax * T;
          expect(p.step(0, goal)).toBeCloseTo(x, 12);
          x = p.position[0] as number;
        }
      }),
    );
  });

  it("takes the textbook trapezoid: a 90° swing at 3 rad/s and 45 rad/s² lasts π/2 / 3 + 3/45 s", () => {
    const p = new TrapezoidalProfile([3], [45], T);
    let k = 0;
    let peak = 0;
    while ((p.position[0] as number) !== Math.PI / 2) {
      p.step(0, Math.PI / 2);
      peak = Math.max(peak, p.velocity[0] as number);
      k++;
    }
    expect(peak).toBe(3);
    // Continuous-time: d/v + v/a. Discrete steps add at most a couple of ticks.
    expect(k * T).toBeGreaterThanOrEqual(Math.PI / 2 / 3 + 3 / 45 - 2 * T);
    expect(k * T).toBeLessThanOrEqual(Math.PI / 2 / 3 + 3 / 45 + 2 * T);
  });

  it("holds an axis whose goal is not finite, and refuses bad limits", () => {
    const p = new TrapezoidalProfile([1, 1], [10, 10], T, [0.5, 0]);
    p.step(0, 1);
    expect(p.step(0, Number.NaN)).toBe(p.position[0]);
    expect(p.velocity[0]).toBe(0);
    expect(p.step(1, 0)).toBe(0);
    expect(() => new TrapezoidalProfile([0], [1], T)).toThrow(RangeError);
    expect(() => new TrapezoidalProfile([1], [-1], T)).toThrow(RangeError);
    expect(() => new TrapezoidalProfile([1], [1, 1], T)).toThrow(RangeError);
    expect(() => new TrapezoidalProfile([1], [1], 0)).toThrow(RangeError);
  });
});
