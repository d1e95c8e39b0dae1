import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { desaturateWheelSpeeds, desaturateWheelSpeedsInto } from "./desaturateWheelSpeeds.js";
import { foldWheelState, foldWheelStatesInto } from "./foldWheelState.js";
import { optimizeWheelState, optimizeWheelStatesInto } from "./optimizeWheelState.js";
import { SteeredDriveKinematics } from "./SteeredDriveKinematics.js";
import type { SteeredWheelState } from "./SteeredWheelState.js";

const deg = Math.PI / 180;
const state = (angle: number, speed: number): SteeredWheelState => ({ angle, speed, angularSpeed: speed / 0.05 });
const velocity = (s: SteeredWheelState) => [s.speed * Math.cos(s.angle), s.speed * Math.sin(s.angle)] as const;
const SQUARE = [
  { x: 0.2, y: 0.2 },
  { x: 0.2, y: -0.2 },
  { x: -0.2, y: 0.2 },
  { x: -0.2, y: -0.2 },
];
const kin = new SteeredDriveKinematics(SQUARE, 0.05);

describe("optimizeWheelState (minimal-rotation flip)", () => {
  it("WPILib SwerveModuleStateTest vectors", () => {
    const a = optimizeWheelState(state(180 * deg, -2), 45 * deg);
    expect(a.angle).toBeCloseTo(0, 12);
    expect(a.speed).toBeCloseTo(2, 12);
    const b = optimizeWheelState(state(41 * deg, 4.7), -50 * deg);
    expect(b.angle).toBeCloseTo(-139 * deg, 12);
    expect(b.speed).toBeCloseTo(-4.7, 12);
    expect(b.angularSpeed).toBeCloseTo(-4.7 / 0.05, 9);
    expect(optimizeWheelState(state(89 * deg, 2), 0).speed).toBe(2);
    expect(optimizeWheelState(state(-2 * deg, -2), 0).speed).toBe(-2);
  });
  it("S14/S15 flip beyond ±π/2 against a current angle of 0", () => {
    const rev = kin.toWheelStates({ vx: -1, vy: 0, omega: 0 }).wheels.map((w) => optimizeWheelState(w, 0));
    for (const w of rev) {
      expect(w.angle).toBeCloseTo(0, 12);
      expect(w.speed).toBeCloseTo(-1, 12);
      expect(w.angularSpeed).toBeCloseTo(-20, 9);
    }
    const raw = kin.toWheelStates({ vx: -0.5, vy: -0.1, omega: 0 }).wheels;
    expect(raw[0]?.angle).toBeCloseTo(-2.944197, 6);
    for (const w of raw.map((s) => optimizeWheelState(s, 0))) {
      expect(w.angle).toBeCloseTo(0.197396, 6);
      expect(w.speed).toBeCloseTo(-0.509902, 6);
      expect(w.angularSpeed).toBeCloseTo(-10.198039, 6);
    }
  });
  it("exactly π/2 away does not flip (strict >)", () => {
    expect(optimizeWheelState(state(Math.PI / 2, 1), 0).speed).toBe(1);
  });
  it("never changes the velocity vector and always ends within π/2 (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -10, max: 10, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: -10, max: 10, noNaN: true }),
        (a, v, cur) => {
          const s = state(a, v);
          const o = optimizeWheelState(s, cur);
          const [x0, y0] = velocity(s);
          const [x1, y1] = velocity(o);
          expect(x1).toBeCloseTo(x0, 9);
          expect(y1).toBeCloseTo(y0, 9);
          const d = Math.atan2(Math.sin(o.angle - cur), Math.cos(o.angle - cur));
          expect(Math.abs(d)).toBeLessThanOrEqual(Math.PI / 2 + 1e-12);
        },
      ),
    );
  });
  it("the Into form agrees and counts flips", () => {
    const angles = Float64Array.of(3, -3, 0.1, 1.6);
    const speeds = Float64Array.of(1, 2, 3, 4);
    const rates = Float64Array.of(20, 40, 60, 80);
    const before = Array.from(angles, (a, i) =>
      optimizeWheelState({ angle: a, speed: speeds[i] ?? 0, angularSpeed: rates[i] ?? 0 }, 0),
    );
    expect(optimizeWheelStatesInto(angles, speeds, rates, new Float64Array(4))).toBe(3);
    before.forEach((s, i) => {
      expect(angles[i]).toBeCloseTo(s.angle, 12);
      expect(speeds[i]).toBe(s.speed);
      expect(rates[i]).toBe(s.angularSpeed);
    });
  });
});

describe("foldWheelState (steering limits)", () => {
  it("S16 zero-turn folded into [−π/2, π/2]", () => {
    const folded = kin
      .toWheelStates({ vx: 0, vy: 0, omega: 1 })
      .wheels.map((w) => foldWheelState(w, -Math.PI / 2, Math.PI / 2));
    const expected = [
      [-0.785398, -0.282843, -5.656854],
      [0.785398, 0.282843, 5.656854],
      [0.785398, -0.282843, -5.656854],
      [-0.785398, 0.282843, 5.656854],
    ];
    folded.forEach((f, i) => {
      expect(f.status).toBe("ok");
      if (f.status !== "ok") return;
      const [a, v, w] = expected[i] as number[];
      expect(f.state.angle).toBeCloseTo(a as number, 6);
      expect(f.state.speed).toBeCloseTo(v as number, 6);
      expect(f.state.angularSpeed).toBeCloseTo(w as number, 6);
    });
  });
  it("S17 exactly at the boundary π/2: no flip", () => {
    for (const w of kin.toWheelStates({ vx: 0, vy: 1, omega: 0 }).wheels) {
      const f = foldWheelState(w, -Math.PI / 2, Math.PI / 2);
      expect(f).toEqual({ status: "ok", state: w });
    }
  });
  it("reports infeasible when neither the angle nor its flip fits (never clamps)", () => {
    // Limits [0.2, 0.5]: an angle of 1.0 and its flip 1.0 − π both lie outside.
    expect(foldWheelState(state(1.0, 1), 0.2, 0.5)).toEqual({ status: "infeasible" });
    const angles = Float64Array.of(1.0, 0.3, 0.3 - Math.PI);
    const speeds = Float64Array.of(1, 1, 1);
    const rates = Float64Array.of(20, 20, 20);
    expect(foldWheelStatesInto(angles, speeds, rates, 0.2, 0.5)).toBe(1);
    expect(angles[0]).toBe(1.0); // untouched, not clamped to 0.5
    expect(speeds[0]).toBe(1);
    expect(angles[2]).toBeCloseTo(0.3, 12);
    expect(speeds[2]).toBe(-1);
    expect(rates[2]).toBe(-20);
  });
  it("never changes the velocity vector and lands inside the limits (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: -4, max: 4, noNaN: true }),
        fc.double({ min: 0, max: 4, noNaN: true }),
        (a, v, lo, width) => {
          const hi = lo + width;
          const s = state(a, v);
          const f = foldWheelState(s, lo, hi);
          if (f.status === "infeasible") {
            // Only possible when no angle a + kπ (|k| ≤ 2) lies in [lo, hi].
            for (const k of [-2, -1, 0, 1, 2]) {
              const c = a + k * Math.PI;
              expect(c >= lo && c <= hi).toBe(false);
            }
            return;
          }
          expect(f.state.angle).toBeGreaterThanOrEqual(lo);
          expect(f.state.angle).toBeLessThanOrEqual(hi);
          const [x0, y0] = velocity(s);
          const [x1, y1] = velocity(f.state);
          expect(x1).toBeCloseTo(x0, 9);
          expect(y1).toBeCloseTo(y0, 9);
        },
      ),
    );
  });
  it("rejects bad limits", () => {
    expect(() => foldWheelState(state(0, 1), 1, -1)).toThrow(RangeError);
    expect(() => foldWheelState(state(0, 1), Number.NaN, 1)).toThrow(RangeError);
  });
});

describe("desaturateWheelSpeeds (ratio-preserving)", () => {
  it("D1: (3, 0, 10) limited to 2 m/s keeps the centre of rotation", () => {
    const raw = kin.toWheelStates({ vx: 3, vy: 0, omega: 10 });
    expect(raw.wheels.map((w) => w.speed)).toEqual([
      expect.closeTo(2.236068, 6),
      expect.closeTo(5.385165, 6),
      expect.closeTo(2.236068, 6),
      expect.closeTo(5.385165, 6),
    ]);
    const d = desaturateWheelSpeeds(raw.wheels, 2);
    expect(d.map((w) => w.speed)).toEqual([
      expect.closeTo(0.830455, 6),
      expect.closeTo(2, 12),
      expect.closeTo(0.830455, 6),
      expect.closeTo(2, 12),
    ]);
    const back = kin.toChassisVelocity(d);
    // Same centre of rotation (0, 0.3): the twist is only scaled.
    expect(-back.vy / back.omega).toBeCloseTo(0, 12);
    expect(back.vx / back.omega).toBeCloseTo(0.3, 12);
  });
  it("leaves unsaturated commands unchanged; the Into form returns the factor", () => {
    const w = kin.toWheelStates({ vx: 0.5, vy: 0, omega: 0 }).wheels;
    expect(desaturateWheelSpeeds(w, 2)).toEqual(w);
    const speeds = Float64Array.of(1, -4, 2);
    const rates = Float64Array.of(10, -40, 20);
    expect(desaturateWheelSpeedsInto(speeds, rates, 2)).toBe(0.5);
    expect(Array.from(speeds)).toEqual([0.5, -2, 1]);
    expect(Array.from(rates)).toEqual([5, -20, 10]);
    expect(() => desaturateWheelSpeedsInto(speeds, rates, 0)).toThrow(RangeError);
  });
});
