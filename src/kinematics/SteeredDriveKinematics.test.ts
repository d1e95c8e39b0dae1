import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { driveModeOf } from "./classifyDriveMode.js";
import { SteeredDriveKinematics } from "./SteeredDriveKinematics.js";
import { canonicalAtan2, wrapAngle } from "../util/wrapAngle.js";

// Reference §8 platform: FL, FR, RL, RR at (±0.2, ±0.2) m, r = 0.05 m.
const SQUARE = [
  { x: 0.2, y: 0.2 },
  { x: 0.2, y: -0.2 },
  { x: -0.2, y: 0.2 },
  { x: -0.2, y: -0.2 },
];
const R = 0.05;
const kin = new SteeredDriveKinematics(SQUARE, R);

type Row = readonly [number, number, number]; // angle, speed m/s, rad/s
function expectWheels(cmd: ReturnType<SteeredDriveKinematics["toWheelStates"]>, rows: readonly Row[]): void {
  expect(cmd.wheels).toHaveLength(rows.length);
  rows.forEach(([a, v, w], i) => {
    const s = cmd.wheels[i];
    expect(s?.angle).toBeCloseTo(a, 6);
    expect(s?.speed).toBeCloseTo(v, 6);
    expect(s?.angularSpeed).toBeCloseTo(w, 6);
  });
}
const same = (row: Row): Row[] => [row, row, row, row];

describe("SteeredDriveKinematics inverse kinematics, reference §8.1", () => {
  it("S1 stop holds zero angles", () => {
    const c = kin.toWheelStates({ vx: 0, vy: 0, omega: 0 });
    expect(c.mode).toBe("stop");
    expect(c.centerOfRotation).toBeNull();
    expectWheels(c, same([0, 0, 0]));
  });
  it("S1b stop holds the previous angles", () => {
    const c = kin.toWheelStates({ vx: 0, vy: 0, omega: 0 }, [0.1, -0.2, 0.3, -0.4]);
    expectWheels(c, [
      [0.1, 0, 0],
      [-0.2, 0, 0],
      [0.3, 0, 0],
      [-0.4, 0, 0],
    ]);
  });
  it("S2–S5, S8 pure translation", () => {
    const cases: [number, number, Row][] = [
      [1, 0, [0, 1, 20]],
      [0, 1, [1.570796, 1, 20]],
      [0, -1, [-1.570796, 1, 20]],
      [-1, 0, [3.141593, 1, 20]],
      [1, 1, [0.785398, 1.414214, 28.284271]],
    ];
    for (const [vx, vy, row] of cases) {
      const c = kin.toWheelStates({ vx, vy, omega: 0 });
      expect(c.mode).toBe("translation");
      expectWheels(c, same(row));
    }
  });
  it("S5 reverse gives +π, never −π", () => {
    const c = kin.toWheelStates({ vx: -1, vy: -0, omega: 0 });
    for (const w of c.wheels) expect(w.angle).toBe(Math.PI);
  });
  it("S6/S7 zero-turn: wheels tangent to the circle (the corrected sign)", () => {
    const ccw = kin.toWheelStates({ vx: 0, vy: 0, omega: 1 });
    expect(ccw.mode).toBe("zero-turn");
    expect(ccw.centerOfRotation).toEqual({ x: 0, y: 0 });
    expectWheels(ccw, [
      [2.356194, 0.282843, 5.656854],
      [0.785398, 0.282843, 5.656854],
      [-2.356194, 0.282843, 5.656854],
      [-0.785398, 0.282843, 5.656854],
    ]);
    const cw = kin.toWheelStates({ vx: 0, vy: 0, omega: -1 });
    expectWheels(cw, [
      [-0.785398, 0.282843, 5.656854],
      [-2.356194, 0.282843, 5.656854],
      [0.785398, 0.282843, 5.656854],
      [2.356194, 0.282843, 5.656854],
    ]);
    // Tangency: each wheel direction is perpendicular to its position vector.
    ccw.wheels.forEach((w, i) => {
      const p = SQUARE[i] as { x: number; y: number };
      expect(Math.cos(w.angle) * p.x + Math.sin(w.angle) * p.y).toBeCloseTo(0, 12);
    });
  });
  it("P1/P2: the paper's printed sign (v_iy = v_cy − W_ix·ω) is not what we compute", () => {
    const printed = SQUARE.map((p) => canonicalAtan2(0 - p.x * 1, 0 - p.y * 1));
    const ours = kin.toWheelStates({ vx: 0, vy: 0, omega: 1 }).wheels.map((w) => w.angle);
    printed.forEach((a, i) => expect(Math.abs(wrapAngle(a - (ours[i] as number)))).toBeGreaterThan(1));
    const p2 = kin.toWheelStates({ vx: 1, vy: 0, omega: 1 }).wheels.map((w) => w.angle);
    expect(p2.map((a) => -a)).toEqual(SQUARE.map((p) => canonicalAtan2(0 - p.x, 1 - p.y)));
  });
  it("S9 general turn, ICR (0, 1)", () => {
    const c = kin.toWheelStates({ vx: 1, vy: 0, omega: 1 });
    expect(c.mode).toBe("general");
    expect(c.centerOfRotation?.x).toBeCloseTo(0, 12);
    expect(c.centerOfRotation?.y).toBeCloseTo(1, 12);
    expectWheels(c, [
      [0.244979, 0.824621, 16.492423],
      [0.165149, 1.216553, 24.33105],
      [-0.244979, 0.824621, 16.492423],
      [-0.165149, 1.216553, 24.33105],
    ]);
  });
  it("S10 centre of rotation on the FL wheel: FL speed 0, angle held", () => {
    const c = kin.toWheelStates({ vx: 0.2, vy: -0.2, omega: 1 });
    expect(c.mode).toBe("general");
    expect(c.centerOfRotation?.x).toBeCloseTo(0.2, 12);
    expect(c.centerOfRotation?.y).toBeCloseTo(0.2, 12);
    expectWheels(c, [
      [0, 0, 0],
      [0, 0.4, 8],
      [-1.570796, 0.4, 8],
      [-0.785398, 0.565685, 11.313708],
    ]);
  });
  it("S13 ICR on the RR wheel (CW) keeps RR's previous angle −0.7", () => {
    const c = kin.toWheelStates({ vx: 0.2, vy: -0.2, omega: -1 }, [0, 0, 0, -0.7]);
    expectWheels(c, [
      [-0.785398, 0.565685, 11.313708],
      [-1.570796, 0.4, 8],
      [0, 0.4, 8],
      [-0.7, 0, 0],
    ]);
  });
  it("mode and ICR vectors", () => {
    expect(kin.toWheelStates({ vx: -1, vy: 0.5, omega: 2 }).centerOfRotation).toEqual({ x: -0.25, y: -0.5 });
    const c = kin.toWheelStates({ vx: 0.1, vy: 0, omega: 1 }).centerOfRotation;
    expect(c?.x).toBeCloseTo(0, 12);
    expect(c?.y).toBeCloseTo(0.1, 12);
    expect(kin.toWheelStates({ vx: 0, vy: 0, omega: -1 }).mode).toBe("zero-turn");
  });
  it("the Into form matches and holds angles in place without allocating new arrays", () => {
    const angles = Float64Array.of(0.1, 0.2, 0.3, 0.4);
    const speeds = new Float64Array(4);
    const rates = new Float64Array(4);
    expect(kin.toWheelStatesInto(angles, speeds, rates, 0.2, -0.2, 1)).toBe("general");
    expect(angles[0]).toBe(0.1); // FL at the ICR keeps its angle
    const ref = kin.toWheelStates({ vx: 0.2, vy: -0.2, omega: 1 }, [0.1, 0.2, 0.3, 0.4]);
    ref.wheels.forEach((w, i) => {
      expect(angles[i]).toBe(w.angle);
      expect(speeds[i]).toBe(w.speed);
      expect(rates[i]).toBe(w.angularSpeed);
    });
  });
});

describe("SteeredDriveKinematics forward kinematics, reference §8.2", () => {
  const fk = (states: readonly (readonly [number, number])[]) =>
    kin.toChassisVelocity(states.map(([angle, speed]) => ({ angle, speed })));
  const close = (v: { vx: number; vy: number; omega: number }, e: readonly [number, number, number]) => {
    expect(v.vx).toBeCloseTo(e[0], 9);
    expect(v.vy).toBeCloseTo(e[1], 9);
    expect(v.omega).toBeCloseTo(e[2], 9);
  };
  it("F1–F3 round trips of S9, a general turn and S10", () => {
    for (const t of [
      [1, 0, 1],
      [-1, 0.5, 2],
      [0.2, -0.2, 1],
    ] as const) {
      const c = kin.toWheelStates({ vx: t[0], vy: t[1], omega: t[2] });
      close(kin.toChassisVelocity(c.wheels), t);
    }
  });
  it("F4 flipped states (ψ+π, −v) give the same twist", () => {
    const c = kin.toWheelStates({ vx: -1, vy: 0.5, omega: 2 });
    close(fk(c.wheels.map((w) => [w.angle + Math.PI, -w.speed] as const)), [-1, 0.5, 2]);
  });
  it("F5 slip on FL spreads into every component", () => {
    close(
      fk([
        [0, 1.1],
        [0, 1],
        [0, 1],
        [0, 1],
      ]),
      [1.025, 0, -0.0625],
    );
  });
  it("F6 all zero", () =>
    close(
      fk([
        [0, 0],
        [0.3, 0],
        [1, 0],
        [2, 0],
      ]),
      [0, 0, 0],
    ));
  it("an off-centre geometry (ΣW ≠ 0) still inverts exactly", () => {
    const off = new SteeredDriveKinematics(
      SQUARE.map((p) => ({ x: p.x + 0.3, y: p.y - 0.1 })),
      R,
    );
    const c = off.toWheelStates({ vx: 0.4, vy: -0.3, omega: 0.9 });
    close(off.toChassisVelocity(c.wheels), [0.4, -0.3, 0.9]);
  });
});

const coord = fc.double({ min: -2, max: 2, noNaN: true });
const geometry = fc
  .array(fc.record({ x: coord, y: coord }), { minLength: 2, maxLength: 8 })
  .filter((ps) => ps.some((p) => Math.hypot(p.x - (ps[0]?.x ?? 0), p.y - (ps[0]?.y ?? 0)) > 0.05));
const twist = fc.record({
  vx: fc.double({ min: -3, max: 3, noNaN: true }),
  vy: fc.double({ min: -3, max: 3, noNaN: true }),
  omega: fc.double({ min: -5, max: 5, noNaN: true }),
});

describe("SteeredDriveKinematics properties", () => {
  it("IK then FK returns the twist, for random geometries and twists", () => {
    fc.assert(
      fc.property(geometry, twist, (ps, t) => {
        const k = new SteeredDriveKinematics(ps, 0.07, { speedEpsilon: 0 });
        const back = k.toChassisVelocity(k.toWheelStates(t).wheels);
        const scale = 1 + Math.abs(t.vx) + Math.abs(t.vy) + Math.abs(t.omega);
        expect(Math.abs(back.vx - t.vx)).toBeLessThan(1e-9 * scale * 10);
        expect(Math.abs(back.vy - t.vy)).toBeLessThan(1e-9 * scale * 10);
        expect(Math.abs(back.omega - t.omega)).toBeLessThan(1e-8 * scale * 10);
      }),
      { numRuns: 300 },
    );
  });
  it("every wheel velocity equals the rigid-body field v + ω k × W", () => {
    fc.assert(
      fc.property(geometry, twist, (ps, t) => {
        const k = new SteeredDriveKinematics(ps, 0.1, { speedEpsilon: 0 });
        k.toWheelStates(t).wheels.forEach((w, i) => {
          const p = ps[i] as { x: number; y: number };
          expect(w.speed).toBeGreaterThanOrEqual(0);
          expect(w.angle).toBeGreaterThan(-Math.PI);
          expect(w.angle).toBeLessThanOrEqual(Math.PI);
          expect(w.speed * Math.cos(w.angle)).toBeCloseTo(t.vx - t.omega * p.y, 9);
          expect(w.speed * Math.sin(w.angle)).toBeCloseTo(t.vy + t.omega * p.x, 9);
          expect(w.angularSpeed).toBeCloseTo(w.speed / 0.1, 9);
        });
      }),
    );
  });
});

describe("mode reporting", () => {
  it("the Into form reports the same mode as classifyDriveMode, also at the thresholds", () => {
    const tiny = fc.constantFrom(0, 1e-12, -1e-12, 1e-9, -1e-9, 2e-9, 1e-3);
    fc.assert(
      fc.property(
        fc.oneof(
          tiny,
          twist.map((t) => t.vx),
        ),
        fc.oneof(
          tiny,
          twist.map((t) => t.vy),
        ),
        fc.oneof(
          tiny,
          twist.map((t) => t.omega),
        ),
        (vx, vy, omega) => {
          const mode = kin.toWheelStatesInto(
            new Float64Array(4),
            new Float64Array(4),
            new Float64Array(4),
            vx,
            vy,
            omega,
          );
          expect(mode).toBe(driveModeOf(vx, vy, omega));
          expect(kin.toWheelStates({ vx, vy, omega }).mode).toBe(mode);
        },
      ),
    );
  });
});

describe("speed threshold", () => {
  it("a wheel slower than speedEpsilon (default 1e-6 m/s) reports 0 and keeps its angle; others are exact", () => {
    fc.assert(
      fc.property(geometry, twist, fc.double({ min: -3, max: 3, noNaN: true }), (ps, t, prev) => {
        const k = new SteeredDriveKinematics(ps, 0.1);
        k.toWheelStates(
          t,
          ps.map(() => prev),
        ).wheels.forEach((w, i) => {
          const p = ps[i] as { x: number; y: number };
          const ux = t.vx - t.omega * p.y;
          const uy = t.vy + t.omega * p.x;
          if (Math.hypot(ux, uy) <= 1e-6) {
            expect(w.speed).toBe(0);
            expect(w.angle).toBe(prev);
          } else {
            expect(w.speed * Math.cos(w.angle)).toBeCloseTo(ux, 9);
            expect(w.speed * Math.sin(w.angle)).toBeCloseTo(uy, 9);
          }
        });
      }),
    );
  });
});

describe("wheel accelerations (Sharifi et al. 2018, eqs. 8–11, corrected sign)", () => {
  it("match finite differences of the inverse kinematics", () => {
    fc.assert(
      fc.property(geometry, twist, twist, (ps, t, a) => {
        // Include steering-axis offsets, which add −ω̇·d_i to the speed rate.
        const k = new SteeredDriveKinematics(ps, 0.05, { wheelOffsets: ps.map((_, i) => 0.02 * ((i % 3) - 1)) });
        const h = 1e-6;
        const before = k.toWheelStates({
          vx: t.vx - h * a.vx,
          vy: t.vy - h * a.vy,
          omega: t.omega - h * a.omega,
        }).wheels;
        const after = k.toWheelStates({
          vx: t.vx + h * a.vx,
          vy: t.vy + h * a.vy,
          omega: t.omega + h * a.omega,
        }).wheels;
        const acc = k.toWheelAccelerations(t, { ax: a.vx, ay: a.vy, alpha: a.omega });
        acc.forEach((w, i) => {
          const s = Math.hypot(t.vx - t.omega * (ps[i]?.y ?? 0), t.vy + t.omega * (ps[i]?.x ?? 0));
          if (s < 0.05) return; // direction ill-conditioned near the ICR
          const ds = ((after[i]?.speed ?? 0) - (before[i]?.speed ?? 0)) / (2 * h);
          const dpsi = wrapAngle((after[i]?.angle ?? 0) - (before[i]?.angle ?? 0)) / (2 * h);
          expect(w.speedRate).toBeCloseTo(ds, 3);
          expect(w.angularAcceleration).toBeCloseTo(ds / 0.05, 1);
          expect(w.steeringRate * s * s).toBeCloseTo(dpsi * s * s, 3);
        });
      }),
      { numRuns: 200 },
    );
  });
  it("inertial contact acceleration = body derivative + ω k × v_i (eqs. 10–11)", () => {
    // Zero-turn at constant ω: pure centripetal acceleration −ω² W_i.
    const acc = kin.toWheelAccelerations({ vx: 0, vy: 0, omega: 2 }, { ax: 0, ay: 0, alpha: 0 });
    acc.forEach((w, i) => {
      const p = SQUARE[i] as { x: number; y: number };
      expect(w.ax).toBeCloseTo(-4 * p.x, 12);
      expect(w.ay).toBeCloseTo(-4 * p.y, 12);
      expect(w.speedRate).toBeCloseTo(0, 12);
      expect(w.steeringRate).toBeCloseTo(0, 12);
    });
  });
});

describe("API misuse throws", () => {
  it("rejects fewer than two wheels, bad radius, coincident wheels, bad previous angles", () => {
    expect(() => new SteeredDriveKinematics([{ x: 0, y: 0 }], 0.1)).toThrow(RangeError);
    expect(() => new SteeredDriveKinematics(SQUARE, Number.NaN)).toThrow(/wheel radius/);
    expect(() => new SteeredDriveKinematics(SQUARE, 0)).toThrow(RangeError);
    expect(
      () =>
        new SteeredDriveKinematics(
          [
            { x: 1, y: 1 },
            { x: 1, y: 1 },
          ],
          0.1,
        ),
    ).toThrow(/coincide/);
    expect(
      () =>
        new SteeredDriveKinematics(
          [
            { x: 1, y: Infinity },
            { x: 0, y: 0 },
          ],
          0.1,
        ),
    ).toThrow(/finite/);
    expect(() => kin.toWheelStates({ vx: 1, vy: 0, omega: 0 }, [0, 0])).toThrow(/previous angles/);
  });
});
