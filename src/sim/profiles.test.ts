import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { commandAtInto } from "./commandAt.js";
import { roseAt, roseDuration } from "./rosePath.js";
import type { CommandsProfile, RoseProfile } from "./Scenario.js";

const seedRose: RoseProfile = { type: "rose", amplitude: 2, petals: 3, rate: 0.1 };

describe("rose reference (Damić and Čohodar Husić 2025, §3.5)", () => {
  it("starts at the origin heading along +x into the fourth quadrant, and takes π/a = 31.4 s", () => {
    const r0 = roseAt(seedRose, 0);
    expect(Math.hypot(r0.x, r0.y)).toBeLessThan(1e-12);
    expect(r0.theta).toBeCloseTo(0, 12);
    const r1 = roseAt(seedRose, 0.5);
    expect(r1.x).toBeGreaterThan(0);
    expect(r1.y).toBeLessThan(0);
    expect(roseDuration(seedRose)).toBeCloseTo(31.4159, 3);
    const end = roseAt(seedRose, roseDuration(seedRose));
    expect(Math.hypot(end.x, end.y)).toBeLessThan(1e-9);
  });

  it("reaches the amplitude at the petal tips", () => {
    let far = 0;
    for (let t = 0; t < roseDuration(seedRose); t += 0.01) {
      const r = roseAt(seedRose, t);
      far = Math.max(far, Math.hypot(r.x, r.y));
    }
    expect(far).toBeCloseTo(2, 4);
  });

  it("velocity and heading rate are the time derivatives of position and heading", () => {
    fc.assert(
      fc.property(fc.double({ min: 0.1, max: 31, noNaN: true }), (t) => {
        const h = 1e-5;
        const a = roseAt(seedRose, t - h);
        const b = roseAt(seedRose, t + h);
        const r = roseAt(seedRose, t);
        expect((b.x - a.x) / (2 * h)).toBeCloseTo(r.vx, 5);
        expect((b.y - a.y) / (2 * h)).toBeCloseTo(r.vy, 5);
        const dth = Math.atan2(Math.sin(b.theta - a.theta), Math.cos(b.theta - a.theta));
        expect(dth / (2 * h)).toBeCloseTo(r.omega, 3);
        expect(r.theta).toBeCloseTo(Math.atan2(r.vy, r.vx), 12);
      }),
    );
  });
});

describe("commandAtInto", () => {
  const profile = (interpolation: "hold" | "linear"): CommandsProfile => ({
    type: "commands",
    interpolation,
    points: [{ t: 0 }, { t: 1, vx: 1, omega: -2 }, { t: 3, vy: 0.5 }],
  });

  it("ramps linearly between points and holds the last command", () => {
    const out = new Float64Array(3);
    expect(Array.from(commandAtInto(out, profile("linear"), 0.5))).toEqual([0.5, 0, -1]);
    expect(Array.from(commandAtInto(out, profile("linear"), 2))).toEqual([0.5, 0.25, -1]);
    expect(Array.from(commandAtInto(out, profile("linear"), 10))).toEqual([0, 0.5, 0]);
  });

  it("holds each command until the next point with hold", () => {
    const out = new Float64Array(3);
    expect(Array.from(commandAtInto(out, profile("hold"), 0.99))).toEqual([0, 0, 0]);
    expect(Array.from(commandAtInto(out, profile("hold"), 1))).toEqual([1, 0, -2]);
  });

  it("never leaves the range of its neighbouring points", () => {
    fc.assert(
      fc.property(fc.double({ min: 0, max: 4, noNaN: true }), (t) => {
        const v = commandAtInto(new Float64Array(3), profile("linear"), t);
        expect(v[0]).toBeGreaterThanOrEqual(0);
        expect(v[0]).toBeLessThanOrEqual(1);
        expect(v[2]).toBeGreaterThanOrEqual(-2);
        expect(v[2]).toBeLessThanOrEqual(0);
      }),
    );
  });
});
