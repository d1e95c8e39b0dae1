import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isKabschValid } from "./KabschResult.js";
import { kabschPlanar, kabschPlanarInto } from "./kabschPlanar.js";
import { kabschSvd } from "./kabschSvd.js";
import { KabschWheelOdometry } from "./KabschWheelOdometry.js";
import { se2Exp } from "./se2Exp.js";
import { SteeredDriveKinematics } from "./SteeredDriveKinematics.js";
import type { Vector2 } from "./Vector2.js";
import type { Vector3 } from "./Vector3.js";
import { wrapAngle } from "../util/wrapAngle.js";

const SQUARE: Vector2[] = [
  { x: 0.2, y: 0.2 },
  { x: 0.2, y: -0.2 },
  { x: -0.2, y: 0.2 },
  { x: -0.2, y: -0.2 },
];
const move = (ps: readonly Vector2[], th: number, tx: number, ty: number): Vector2[] =>
  ps.map((p) => ({ x: Math.cos(th) * p.x - Math.sin(th) * p.y + tx, y: Math.sin(th) * p.x + Math.cos(th) * p.y + ty }));
const lift = (ps: readonly Vector2[]): Vector3[] => ps.map((p) => ({ x: p.x, y: p.y, z: 0 }));
const yawOf = (r: readonly number[]) => Math.atan2(r[3] as number, r[0] as number);

function expectFit(
  p: Vector2[],
  q: Vector2[],
  th: number,
  tx: number,
  ty: number,
  residual = 0,
  weights?: number[],
): void {
  const r = kabschPlanar(p, q, weights);
  expect(r.ok).toBe(true);
  if (!r.ok) return;
  expect(r.dtheta).toBeCloseTo(th, 6);
  expect(r.translation.x).toBeCloseTo(tx, 6);
  expect(r.translation.y).toBeCloseTo(ty, 6);
  expect(r.residual).toBeCloseTo(residual, 6);
}

describe("planar Kabsch, reference §8.4", () => {
  it("K1, K2 forward and sideways steps", () => {
    expectFit(SQUARE, move(SQUARE, 0, 0.01, 0), 0, 0.01, 0);
    expectFit(SQUARE, move(SQUARE, 0, 0, 0.01), 0, 0, 0.01);
  });
  it("K3, K4, K6 rotations, including beyond π/2", () => {
    const k3 = move(SQUARE, 0.01, 0, 0);
    expect(k3[0]?.x).toBeCloseTo(0.19799, 5); // the printed K3 row
    expect(k3[0]?.y).toBeCloseTo(0.20199, 5);
    expectFit(SQUARE, k3, 0.01, 0, 0);
    expectFit(SQUARE, move(SQUARE, 0.3, 0.05, -0.02), 0.3, 0.05, -0.02);
    expectFit(SQUARE, move(SQUARE, 2.5, 0.1, 0.2), 2.5, 0.1, 0.2);
  });
  it("K5 WPILib geometry in inches, 90° about (0, 12)", () => {
    const p = [
      { x: 12, y: 12 },
      { x: 12, y: -12 },
      { x: -12, y: 12 },
      { x: -12, y: -12 },
    ];
    expectFit(
      p,
      [
        { x: 0, y: 24 },
        { x: 24, y: 24 },
        { x: 0, y: 0 },
        { x: 24, y: 0 },
      ],
      Math.PI / 2,
      12,
      12,
    );
  });
  it("K7 half turn gives +π exactly (never −π); K7b keeps −π + 1e-9", () => {
    const r = kabschPlanar(
      SQUARE,
      SQUARE.map((p) => ({ x: -p.x, y: -p.y })),
    );
    expect(r.ok && r.dtheta).toBe(Math.PI);
    const r2 = kabschPlanar(SQUARE, move(SQUARE, -Math.PI + 1e-9, 0, 0));
    expect(r2.ok && r2.dtheta).toBeCloseTo(-Math.PI + 1e-9, 12);
  });
  it("K8 mirrored rectangle is reported, not answered", () => {
    const p = [
      { x: 0.3, y: 0.2 },
      { x: 0.3, y: -0.2 },
      { x: -0.3, y: 0.2 },
      { x: -0.3, y: -0.2 },
    ];
    const q = p.map((v) => ({ x: v.x, y: -v.y }));
    expect(kabschPlanar(p, q)).toEqual({ ok: false, status: "mirrored" });
    // In 3-D the same planar points are related by a proper half-turn about x
    // (the reference's "reflected 2×2 block, R₃₃ = −1" pitfall): not a planar motion.
    const r3 = kabschSvd(lift(p), lift(q));
    expect(r3.ok).toBe(true);
    if (r3.ok) {
      expect(r3.rotation[8]).toBeCloseTo(-1, 12);
      expect(r3.residual).toBeLessThan(1e-12);
    }
  });
  it("a mirrored non-planar 3-D cloud is reported by the SVD form", () => {
    const p = [
      { x: 1, y: 0, z: 0 },
      { x: 0, y: 1, z: 0 },
      { x: 0, y: 0, z: 1 },
      { x: 0.3, y: -0.4, z: -0.5 },
    ];
    expect(
      kabschSvd(
        p,
        p.map((v) => ({ x: v.x, y: v.y, z: -v.z })),
      ),
    ).toEqual({ ok: false, status: "mirrored" });
    expect(kabschSvd(p, p).status).toBe("ok");
  });
  it("K9, K9b collinear wheels: unique in the plane (status collinear), unobservable in 3-D", () => {
    const p = [
      { x: 0.2, y: 0 },
      { x: -0.2, y: 0 },
    ];
    const q = move(p, 0.1, 0.01, 0);
    const r = kabschPlanar(p, q);
    expect(r.ok && r.status).toBe("collinear");
    expectFit(p, q, 0.1, 0.01, 0);
    const p3 = [
      { x: 0.3, y: 0 },
      { x: 0, y: 0 },
      { x: -0.3, y: 0 },
    ];
    expectFit(p3, move(p3, -0.2, 0, 0.02), -0.2, 0, 0.02);
    expect(kabschSvd(lift(p), lift(q))).toEqual({ ok: false, status: "collinear" });
  });
  it("K10 slip on FL, unweighted and with weight 0", () => {
    const q = [
      { x: 0.215, y: 0.2 },
      { x: 0.21, y: -0.2 },
      { x: -0.19, y: 0.2 },
      { x: -0.19, y: -0.2 },
    ];
    expectFit(SQUARE, q, -0.003115, 0.01125, 0, 0.003954);
    expectFit(SQUARE, q, 0, 0.01, 0, 0, [0, 1, 1, 1]);
  });
  it("K12 no motion", () => expectFit(SQUARE, SQUARE, 0, 0, 0));
  it("K14 coincident points are reported", () => {
    const p = [
      { x: 0.1, y: 0.1 },
      { x: 0.1, y: 0.1 },
    ];
    expect(kabschPlanar(p, move(p, 0, 0.01, 0))).toEqual({ ok: false, status: "coincident" });
    expect(kabschSvd(lift(p), lift(move(p, 0, 0.01, 0)))).toEqual({ ok: false, status: "coincident" });
  });
  it("K16 mirrored square (every rotation ties) is reported", () => {
    const r = kabschPlanar(
      SQUARE,
      SQUARE.map((v) => ({ x: v.x, y: -v.y })),
    );
    expect(r.ok).toBe(false);
    expect(r.status).toBe("mirrored");
  });
  it("too few weighted points, and API misuse", () => {
    expect(kabschPlanar(SQUARE, SQUARE, [1, 0, 0, 0]).status).toBe("too-few-points");
    expect(() => kabschPlanar(SQUARE, SQUARE, [1, -1, 1, 1])).toThrow(RangeError);
    expect(() => kabschPlanar(SQUARE, SQUARE.slice(1))).toThrow(RangeError);
    const out = new Float64Array(4);
    expect(isKabschValid(kabschPlanarInto(out, new Float64Array(4), new Float64Array(4)))).toBe(false);
    expect(Number.isNaN(out[0])).toBe(true);
  });
});

const pointSet = (min: number) =>
  fc
    .array(
      fc.record({ x: fc.double({ min: -1, max: 1, noNaN: true }), y: fc.double({ min: -1, max: 1, noNaN: true }) }),
      { minLength: min, maxLength: 8 },
    )
    .filter((ps) => {
      // Keep sets with a clear 2-D spread so the rotation is well conditioned.
      const mx = ps.reduce((s, p) => s + p.x, 0) / ps.length;
      const my = ps.reduce((s, p) => s + p.y, 0) / ps.length;
      let xx = 0;
      let yy = 0;
      let xy = 0;
      for (const p of ps) {
        xx += (p.x - mx) ** 2;
        yy += (p.y - my) ** 2;
        xy += (p.x - mx) * (p.y - my);
      }
      return xx * yy - xy * xy > 1e-3 * (xx + yy) ** 2 && xx + yy > 0.01;
    });
const angle = fc.double({ min: -Math.PI + 1e-6, max: Math.PI, noNaN: true });
const shift = fc.double({ min: -5, max: 5, noNaN: true });

describe("Kabsch properties", () => {
  it("planar closed form recovers random rigid motions to 1e-9", () => {
    fc.assert(
      fc.property(pointSet(3), angle, shift, shift, (p, th, tx, ty) => {
        const r = kabschPlanar(p, move(p, th, tx, ty));
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(Math.abs(wrapAngle(r.dtheta - th))).toBeLessThan(1e-9);
        expect(Math.abs(r.translation.x - tx)).toBeLessThan(1e-9);
        expect(Math.abs(r.translation.y - ty)).toBeLessThan(1e-9);
        expect(r.residual).toBeLessThan(1e-9);
      }),
      { numRuns: 500 },
    );
  });
  it("planar fit is unaffected by where the point cloud sits (offsets up to 1 km)", () => {
    fc.assert(
      fc.property(
        pointSet(3),
        angle,
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        fc.double({ min: -1000, max: 1000, noNaN: true }),
        (p0, th, ox, oy) => {
          const p = p0.map((v) => ({ x: v.x + ox, y: v.y + oy }));
          const r = kabschPlanar(p, move(p, th, 0.1, -0.2));
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(Math.abs(wrapAngle(r.dtheta - th))).toBeLessThan(1e-9);
          expect(r.residual).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 300 },
    );
  });
  it("SVD form recovers random 3-D rigid motions to 1e-9", () => {
    const v3 = fc.record({
      x: fc.double({ min: -1, max: 1, noNaN: true }),
      y: fc.double({ min: -1, max: 1, noNaN: true }),
      z: fc.double({ min: -1, max: 1, noNaN: true }),
    });
    const quat = fc
      .tuple(
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
        fc.double({ min: -1, max: 1, noNaN: true }),
      )
      .filter((q) => Math.hypot(...q) > 0.1);
    const cloud = fc.array(v3, { minLength: 3, maxLength: 10 }).filter((ps) => {
      // Require a clearly non-collinear set (area of the spread).
      const m = ps.reduce(
        (s, p) => ({ x: s.x + p.x / ps.length, y: s.y + p.y / ps.length, z: s.z + p.z / ps.length }),
        { x: 0, y: 0, z: 0 },
      );
      const c = [0, 0, 0, 0, 0, 0, 0, 0, 0];
      for (const p of ps) {
        const d = [p.x - m.x, p.y - m.y, p.z - m.z];
        for (let i = 0; i < 3; i++)
          for (let j = 0; j < 3; j++) c[3 * i + j] = (c[3 * i + j] ?? 0) + (d[i] ?? 0) * (d[j] ?? 0);
      }
      const tr = (c[0] ?? 0) + (c[4] ?? 0) + (c[8] ?? 0);
      const m2 =
        (c[0] ?? 0) * (c[4] ?? 0) -
        (c[1] ?? 0) ** 2 +
        (c[0] ?? 0) * (c[8] ?? 0) -
        (c[2] ?? 0) ** 2 +
        (c[4] ?? 0) * (c[8] ?? 0) -
        (c[5] ?? 0) ** 2;
      return tr > 0.05 && m2 > 1e-2 * tr * tr;
    });
    fc.assert(
      fc.property(cloud, quat, v3, (p, [a, b, c, d], t) => {
        const n = Math.hypot(a, b, c, d);
        const [x, y, z, w] = [a / n, b / n, c / n, d / n];
        const R = [
          1 - 2 * (y * y + z * z),
          2 * (x * y - z * w),
          2 * (x * z + y * w),
          2 * (x * y + z * w),
          1 - 2 * (x * x + z * z),
          2 * (y * z - x * w),
          2 * (x * z - y * w),
          2 * (y * z + x * w),
          1 - 2 * (x * x + y * y),
        ];
        const at = (i: number) => R[i] ?? 0;
        const q = p.map((v) => ({
          x: at(0) * v.x + at(1) * v.y + at(2) * v.z + t.x,
          y: at(3) * v.x + at(4) * v.y + at(5) * v.z + t.y,
          z: at(6) * v.x + at(7) * v.y + at(8) * v.z + t.z,
        }));
        const r = kabschSvd(p, q);
        expect(r.status).toBe("ok");
        if (!r.ok) return;
        r.rotation.forEach((e, i) => expect(Math.abs(e - at(i))).toBeLessThan(1e-9));
        expect(Math.abs(r.translation.x - t.x)).toBeLessThan(1e-9);
        expect(Math.abs(r.translation.y - t.y)).toBeLessThan(1e-9);
        expect(Math.abs(r.translation.z - t.z)).toBeLessThan(1e-9);
        expect(r.residual).toBeLessThan(1e-9);
      }),
      { numRuns: 500 },
    );
  });
  it("SVD form on planar points (z = 0, rank 2) agrees with the closed form", () => {
    fc.assert(
      fc.property(pointSet(3), angle, shift, shift, (p, th, tx, ty) => {
        const q = move(p, th, tx, ty);
        const r = kabschSvd(lift(p), lift(q));
        expect(r.ok).toBe(true);
        if (!r.ok) return;
        expect(Math.abs(wrapAngle(yawOf(r.rotation) - th))).toBeLessThan(1e-9);
        expect(r.rotation[8]).toBeCloseTo(1, 9); // proper rotation, no reflected 2×2 block
      }),
      { numRuns: 200 },
    );
  });
});

describe("KabschWheelOdometry: travel on the chord at the mid-step angle", () => {
  const inch = [
    { x: 12, y: 12 },
    { x: 12, y: -12 },
    { x: -12, y: 12 },
    { x: -12, y: -12 },
  ];
  // 90° CCW about (0, 12): v_c = ω (12, 0); the steering angles stay constant.
  const k = new SteeredDriveKinematics(inch, 1);
  const quarter = (n: number) => {
    const omega = Math.PI / 2 / n;
    const w = k.toWheelStates({ vx: 12 * omega, vy: 0, omega }).wheels;
    return { angles: w.map((s) => s.angle), travels: w.map((s) => s.speed) };
  };
  it("K15: one 90° step is exact on the chord (π/2, (12, 12))", () => {
    const { angles, travels } = quarter(1);
    const r = new KabschWheelOdometry(inch).estimate(angles, angles, travels);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.dtheta).toBeCloseTo(Math.PI / 2, 9);
    expect(r.translation.x).toBeCloseTo(12, 9);
    expect(r.translation.y).toBeCloseTo(12, 9);
    expect(r.residual).toBeLessThan(1e-9);
  });
  it("K15: arc length at the start angle (the naive placement) is badly wrong for the same step", () => {
    const { angles, travels } = quarter(1);
    const q = inch.map((p, i) => ({
      x: p.x + (travels[i] ?? 0) * Math.cos(angles[i] ?? 0),
      y: p.y + (travels[i] ?? 0) * Math.sin(angles[i] ?? 0),
    }));
    const r = kabschPlanar(inch, q);
    expect(r.ok && r.dtheta).toBeCloseTo(1.003885, 6);
    expect(r.ok && r.translation.x).toBeCloseTo(18.84956, 5);
  });
  it("recovers exp(twist·dt) for random geometries, twists and step sizes (property)", () => {
    const geometry = fc
      .array(
        fc.record({ x: fc.double({ min: -1, max: 1, noNaN: true }), y: fc.double({ min: -1, max: 1, noNaN: true }) }),
        { minLength: 3, maxLength: 6 },
      )
      .filter((ps) => {
        const r = kabschPlanar(ps, ps);
        return (
          r.ok &&
          r.status === "ok" &&
          ps.every((p, i) => ps.every((q, j) => i === j || Math.hypot(p.x - q.x, p.y - q.y) > 0.05))
        );
      });
    fc.assert(
      fc.property(
        geometry,
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: 1e-3, max: 0.3, noNaN: true }),
        (ps, vx, vy, omega, dt) => {
          const kin = new SteeredDriveKinematics(ps, 0.05, { speedEpsilon: 0 });
          const w = kin.toWheelStates({ vx, vy, omega }).wheels;
          const angles = w.map((s) => s.angle);
          const r = new KabschWheelOdometry(ps).estimate(
            angles,
            angles,
            w.map((s) => s.speed * dt),
          );
          const truth = se2Exp({ dx: vx * dt, dy: vy * dt, dtheta: omega * dt });
          expect(r.ok).toBe(true);
          if (!r.ok) return;
          expect(Math.abs(wrapAngle(r.dtheta - truth.theta))).toBeLessThan(1e-9);
          expect(Math.abs(r.translation.x - truth.x)).toBeLessThan(1e-9);
          expect(Math.abs(r.translation.y - truth.y)).toBeLessThan(1e-9);
        },
      ),
      { numRuns: 300 },
    );
  });
  it("negative travel (rolling backwards) and flipped states give the same motion", () => {
    const { angles, travels } = quarter(10);
    const odo = new KabschWheelOdometry(inch);
    const a = odo.estimate(angles, angles, travels);
    const b = odo.estimate(
      angles.map((x) => wrapAngle(x + Math.PI)),
      angles.map((x) => wrapAngle(x + Math.PI)),
      travels.map((d) => -d),
    );
    expect(a.ok && b.ok).toBe(true);
    if (!a.ok || !b.ok) return;
    expect(b.dtheta).toBeCloseTo(a.dtheta, 12);
    expect(b.translation.x).toBeCloseTo(a.translation.x, 12);
  });
  it("rejects fewer than two wheels and mismatched inputs", () => {
    expect(() => new KabschWheelOdometry([{ x: 0, y: 0 }])).toThrow(RangeError);
    expect(() => new KabschWheelOdometry(inch).estimate([0], [0], [0])).toThrow(RangeError);
  });
});
