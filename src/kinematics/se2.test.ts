import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { discretize } from "./discretize.js";
import { integratePose, integratePoseInto } from "./integratePose.js";
import { Odometry } from "./Odometry.js";
import { se2Exp } from "./se2Exp.js";
import { se2Log } from "./se2Log.js";
import { wrapAngle } from "../util/wrapAngle.js";

describe("wrapAngle", () => {
  it("maps to (−π, π] with −π → π and −0 → 0", () => {
    expect(wrapAngle(-Math.PI)).toBe(Math.PI);
    expect(Object.is(wrapAngle(-0), 0)).toBe(true);
    expect(wrapAngle(3 * Math.PI)).toBeCloseTo(Math.PI, 12);
    expect(wrapAngle(-3 * Math.PI)).toBeCloseTo(Math.PI, 12);
    fc.assert(
      fc.property(fc.double({ min: -100, max: 100, noNaN: true }), (a) => {
        const w = wrapAngle(a);
        expect(w).toBeGreaterThan(-Math.PI);
        expect(w).toBeLessThanOrEqual(Math.PI);
        expect(Math.cos(w)).toBeCloseTo(Math.cos(a), 9);
        expect(Math.sin(w)).toBeCloseTo(Math.sin(a), 9);
      }),
    );
  });
});

describe("SE(2) exponential and logarithm, reference §8.6", () => {
  it("one step of (1.5, 0.5, 1) for 1 s lands on the exact arc", () => {
    const p = se2Exp({ dx: 1.5, dy: 0.5, dtheta: 1 });
    expect(p.x).toBeCloseTo(1.032358, 6);
    expect(p.y).toBeCloseTo(1.110282, 6);
    expect(p.theta).toBe(1);
    // Closed form for a constant twist: x = (vx sin θ + vy (cos θ − 1))/ω, …
    expect(p.x).toBeCloseTo(1.5 * Math.sin(1) + 0.5 * (Math.cos(1) - 1), 14);
    expect(p.y).toBeCloseTo(-1.5 * (Math.cos(1) - 1) + 0.5 * Math.sin(1), 14);
  });
  it("1000 steps of 1 ms compose to the same end pose", () => {
    const pose = new Float64Array(3);
    for (let i = 0; i < 1000; i++) integratePoseInto(pose, 1.5e-3, 0.5e-3, 1e-3);
    expect(pose[0]).toBeCloseTo(1.032358, 6);
    expect(pose[1]).toBeCloseTo(1.110282, 6);
    expect(pose[2]).toBeCloseTo(1, 12);
  });
  it("the small-angle series is continuous with the closed form", () => {
    for (const t of [9.99e-5, 1.001e-4, 1e-7, -1e-5, 0]) {
      const p = se2Exp({ dx: 0.3, dy: -0.2, dtheta: t });
      const s = t === 0 ? 1 : Math.sin(t) / t;
      const c = t === 0 ? 0 : (2 * Math.sin(t / 2) ** 2) / t; // 1 − cos t without cancellation
      expect(p.x).toBeCloseTo(s * 0.3 + c * 0.2, 12);
      expect(p.y).toBeCloseTo(c * 0.3 - s * 0.2, 12);
    }
  });
  it("log ∘ exp is the identity (property, |dθ| < π)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: -5, max: 5, noNaN: true }),
        fc.double({ min: -3.1, max: 3.1, noNaN: true }),
        (dx, dy, dtheta) => {
          const t = se2Log(se2Exp({ dx, dy, dtheta }));
          expect(t.dx).toBeCloseTo(dx, 9);
          expect(t.dy).toBeCloseTo(dy, 9);
          expect(t.dtheta).toBeCloseTo(dtheta, 12);
        },
      ),
    );
  });
});

describe("discretize, reference §8.6", () => {
  it("WPILib vectors", () => {
    const cases: [[number, number, number], number, [number, number]][] = [
      [[1, 0, 0.5], 1, [0.979079341, -0.25]],
      [[1, 0, 0.5], 0.02, [0.999991667, -0.005]],
      [[1, 0, 0.5], 0.001, [0.999999979, -0.00025]],
      [[0, 1, 2], 0.02, [0.02, 0.999866663]],
    ];
    for (const [[vx, vy, omega], dt, [ex, ey]] of cases) {
      const d = discretize({ vx, vy, omega }, dt);
      expect(d.vx).toBeCloseTo(ex, 9);
      expect(d.vy).toBeCloseTo(ey, 9);
      expect(d.omega).toBe(omega);
    }
  });
  it("exp of the discretised twist over dt lands on (vx·dt, vy·dt, ω·dt) (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: 1e-4, max: 1, noNaN: true }),
        (vx, vy, omega, dt) => {
          const d = discretize({ vx, vy, omega }, dt);
          const p = se2Exp({ dx: d.vx * dt, dy: d.vy * dt, dtheta: d.omega * dt });
          expect(p.x).toBeCloseTo(vx * dt, 9);
          expect(p.y).toBeCloseTo(vy * dt, 9);
        },
      ),
    );
  });
  it("rejects dt ≤ 0", () => expect(() => discretize({ vx: 1, vy: 0, omega: 0 }, 0)).toThrow(RangeError));
});

describe("Odometry", () => {
  it("ros2 omni odometry vector: (1.5, 0.5, 1) for dt = 1", () => {
    const o = new Odometry();
    o.addVelocity(1.5, 0.5, 1, 1);
    expect(o.pose.x).toBeCloseTo(1.032358, 6);
    expect(o.pose.y).toBeCloseTo(1.110282, 6);
    expect(o.pose.theta).toBeCloseTo(1, 12);
  });
  it("a gyro heading increment replaces the kinematic one; addDelta composes in the body frame", () => {
    const o = new Odometry({ x: 1, y: 2, theta: Math.PI / 2 });
    o.addDelta(1, 0, 0.1, 0.3);
    expect(o.pose.x).toBeCloseTo(1, 12);
    expect(o.pose.y).toBeCloseTo(3, 12);
    expect(o.pose.theta).toBeCloseTo(Math.PI / 2 + 0.3, 12);
    const out = o.poseInto(new Float64Array(3));
    expect(Array.from(out)).toEqual([o.pose.x, o.pose.y, o.pose.theta]);
    o.reset();
    expect(o.pose).toEqual({ x: 0, y: 0, theta: 0 });
  });
  it("a full circle at constant twist returns to the start, heading wrapped", () => {
    const o = new Odometry();
    for (let i = 0; i < 1000; i++) o.addVelocity(1, 0, 2 * Math.PI, 1e-3);
    expect(o.pose.x).toBeCloseTo(0, 9);
    expect(o.pose.y).toBeCloseTo(0, 9);
    expect(Math.abs(wrapAngle(o.pose.theta))).toBeLessThan(1e-9);
  });
  it("integratePose composes from a non-zero heading", () => {
    const p = integratePose({ x: 1, y: 1, theta: Math.PI }, { dx: 1, dy: 0, dtheta: 0 });
    expect(p.x).toBeCloseTo(0, 12);
    expect(p.y).toBeCloseTo(1, 12);
    expect(() => new Odometry({ x: Number.NaN, y: 0, theta: 0 })).toThrow(RangeError);
  });
});
