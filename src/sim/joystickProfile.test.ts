import { describe, expect, it } from "vitest";
import { joystickProfile, joystickProfileProblem } from "./joystickProfile.js";

describe("joystickProfile", () => {
  const opts = { duration: 60, hold: 2, ramp: 0.25, maxSpeed: 0.15, maxYawRate: 0.4 } as const;
  it("is deterministic per seed and differs between seeds", () => {
    expect(joystickProfile(1, opts)).toEqual(joystickProfile(1, opts));
    expect(joystickProfile(2, opts)).not.toEqual(joystickProfile(1, opts));
  });
  it("cycles through all 7 combinations of vx, vy, ω within the stated magnitudes, ramps and holds", () => {
    const p = joystickProfile(3, opts);
    const held = p.points.slice(1).filter((_, i) => i % 2 === 0);
    const combos = new Set(held.slice(0, 7).map((c) => `${c.vx !== 0}${c.vy !== 0}${c.omega !== 0}`));
    expect(combos.size).toBe(7);
    for (const c of held) {
      for (const v of [c.vx ?? 0, c.vy ?? 0])
        if (v !== 0) expect(Math.abs(v)).toBeGreaterThanOrEqual(0.075), expect(Math.abs(v)).toBeLessThanOrEqual(0.15);
      if ((c.omega ?? 0) !== 0) expect(Math.abs(c.omega ?? 0)).toBeLessThanOrEqual(0.4);
    }
    const t = p.points.map((q) => q.t);
    expect(t[1]).toBeCloseTo(0.25, 12);
    expect((t[2] as number) - (t[1] as number)).toBeCloseTo(2, 12);
    expect(t[t.length - 1]).toBeGreaterThanOrEqual(60);
  });
  it("with stops, returns to a standstill between commands", () => {
    const p = joystickProfile(4, { ...opts, stops: true, hold: [3, 6], ramp: 0.5 });
    expect(p.points[3]).toEqual({ t: expect.any(Number) as number });
    expect(p.points[4]).toEqual({ t: expect.any(Number) as number });
  });
});

describe("joystickProfileProblem", () => {
  const opts = { duration: 60, hold: 2, ramp: 0.25, maxSpeed: 0.15, maxYawRate: 0.4 } as const;
  it("accepts sane options and refuses a reversed hold range, a zero ramp and too many moves", () => {
    expect(joystickProfileProblem(opts)).toBeUndefined();
    expect(joystickProfileProblem({ ...opts, hold: [3, 2] })?.option).toBe("hold");
    expect(joystickProfileProblem({ ...opts, ramp: 0 })?.option).toBe("ramp");
    expect(joystickProfileProblem({ ...opts, maxSpeed: Number.NaN })?.option).toBe("maxSpeed");
    const many = { ...opts, duration: 3600, hold: 0, ramp: 0.01 };
    expect(joystickProfileProblem(many)?.message).toMatch(/at most 36,000/);
    // The API refuses what the reader reports, instead of drawing for ever.
    expect(() => joystickProfile(1, many)).toThrow(RangeError);
    expect(() => joystickProfile(1, { ...opts, ramp: 0 })).toThrow(/ramp must be/);
  });
});
