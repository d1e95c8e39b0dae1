import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Odometry } from "./Odometry.js";
import { OmniDriveKinematics } from "./OmniDriveKinematics.js";
import { ROBOTINO_2, ROBOTINO_3 } from "./robotinoPresets.js";

const close = (actual: readonly number[] | Float64Array, expected: readonly number[], digits = 3) => {
  expect(actual).toHaveLength(expected.length);
  expected.forEach((e, i) => expect(actual[i]).toBeCloseTo(e, digits));
};

describe("omni kinematics, reference §8.5 (Robotino, CCW convention)", () => {
  const r3 = new OmniDriveKinematics(ROBOTINO_3);
  const r2 = new OmniDriveKinematics(ROBOTINO_2);
  it("Robotino 3 rows: surface speed, rad/s and motor rpm", () => {
    const rows: [[number, number, number], number[], number[], number[]][] = [
      [
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
        [0, 0, 0],
      ],
      [
        [1, 0, 0],
        [-0.866025, 0, 0.866025],
        [-14.4338, 0, 14.4338],
        [-4410.631, 0, 4410.631],
      ],
      [
        [0, 1, 0],
        [0.5, -1, 0.5],
        [8.3333, -16.6667, 8.3333],
        [2546.479, -5092.958, 2546.479],
      ],
      [
        [0, 0, 1],
        [0.175, 0.175, 0.175],
        [2.9167, 2.9167, 2.9167],
        [891.268, 891.268, 891.268],
      ],
      [
        [0.5, 0.3, 0.8],
        [-0.143013, -0.16, 0.723013],
        [-2.3835, -2.6667, 12.0502],
        [-728.358, -814.873, 3682.273],
      ],
      [
        [0.2, -0.4, -1.5],
        [-0.635705, 0.1375, -0.289295],
        [-10.5951, 2.2917, -4.8216],
        [-3237.619, 700.282, -1473.367],
      ],
      [
        [0, 0, -2],
        [-0.35, -0.35, -0.35],
        [-5.8333, -5.8333, -5.8333],
        [-1782.535, -1782.535, -1782.535],
      ],
      [
        [Math.sqrt(3) / 2, 0.5, 0],
        [-0.5, -0.5, 1],
        [-8.3333, -8.3333, 16.6667],
        [-2546.479, -2546.479, 5092.958],
      ],
      [
        [0.3, 0, 1.714286],
        [0.040192, 0.3, 0.559808],
        [0.6699, 5.0, 9.3301],
        [204.698, 1527.887, 2851.077],
      ],
    ];
    for (const [[vx, vy, omega], u, rad, rpm] of rows) {
      const s = r3.toWheelSpeeds({ vx, vy, omega });
      close(s.surfaceSpeeds, u, 5);
      close(s.angularSpeeds, rad, 3);
      close(s.motorRpm, rpm, 2);
      const back = r3.toChassisVelocity(rpm, "rpm");
      expect(back.vx).toBeCloseTo(vx, 5);
      expect(back.vy).toBeCloseTo(vy, 5);
      expect(back.omega).toBeCloseTo(omega, 5);
    }
  });
  it("Robotino 2 rows", () => {
    const rows: [[number, number, number], number[], number[], number[]][] = [
      [
        [1, 0, 0],
        [-0.866025, 0, 0.866025],
        [-21.6506, 0, 21.6506],
        [-3307.973, 0, 3307.973],
      ],
      [
        [0, 1, 0],
        [0.5, -1, 0.5],
        [12.5, -25, 12.5],
        [1909.859, -3819.719, 1909.859],
      ],
      [
        [0, 0, 1],
        [0.132, 0.132, 0.132],
        [3.3, 3.3, 3.3],
        [504.203, 504.203, 504.203],
      ],
      [
        [0.5, 0.3, 0.8],
        [-0.177413, -0.1944, 0.688613],
        [-4.4353, -4.86, 17.2153],
        [-677.667, -742.553, 2630.307],
      ],
      [
        [0.2, -0.4, -1.5],
        [-0.571205, 0.202, -0.224795],
        [-14.2801, 5.05, -5.6199],
        [-2181.843, 771.583, -858.653],
      ],
      [
        [0, 0, -2],
        [-0.264, -0.264, -0.264],
        [-6.6, -6.6, -6.6],
        [-1008.406, -1008.406, -1008.406],
      ],
    ];
    for (const [[vx, vy, omega], u, rad, rpm] of rows) {
      const s = r2.toWheelSpeeds({ vx, vy, omega });
      close(s.surfaceSpeeds, u, 5);
      close(s.angularSpeeds, rad, 3);
      close(s.motorRpm, rpm, 2);
    }
  });
  it("n = 3 forward kinematics equals the Robotino API's closed-form unproject", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        (u1, u2, u3) => {
          const v = r3.toChassisVelocity([u1, u2, u3]);
          expect(v.vx).toBeCloseTo((u3 - u1) / Math.sqrt(3), 12);
          expect(v.vy).toBeCloseTo((u1 - 2 * u2 + u3) / 3, 12);
          expect(v.omega).toBeCloseTo((u1 + u2 + u3) / (3 * 0.175), 12);
        },
      ),
    );
  });
});

describe("ros2_controllers omni_wheel_drive_controller convention", () => {
  const ros = new OmniDriveKinematics({
    wheelAngles: [0, Math.PI / 2, Math.PI, (3 * Math.PI) / 2],
    robotRadius: 1,
    wheelRadius: 0.1,
    convention: "ros2",
  });
  it("test_odometry.cpp vectors (4 wheels, R 1, r 0.1, offset 0)", () => {
    const cases: [[number, number, number], number[]][] = [
      [
        [1, 0, 0],
        [0, 10, 0, -10],
      ],
      [
        [0, 1, 0],
        [-10, 0, 10, 0],
      ],
      [
        [0, 0, 2],
        [-20, -20, -20, -20],
      ],
      [
        [1.5, 0.5, 1],
        [-15, 5, -5, -25],
      ],
    ];
    for (const [[vx, vy, omega], rad] of cases) {
      close(ros.toWheelSpeedsInto(new Float64Array(4), vx, vy, omega, "rad/s"), rad, 9);
      const v = ros.toChassisVelocity(rad, "rad/s");
      expect(v.vx).toBeCloseTo(vx, 9);
      expect(v.vy).toBeCloseTo(vy, 9);
      expect(v.omega).toBeCloseTo(omega, 9);
    }
    const o = new Odometry();
    const v = ros.toChassisVelocityInto(new Float64Array(3), Float64Array.of(-15, 5, -5, -25), "rad/s");
    o.addVelocity(v[0] ?? 0, v[1] ?? 0, v[2] ?? 0, 1);
    expect(o.pose.x).toBeCloseTo(1.032358, 6);
    expect(o.pose.y).toBeCloseTo(1.110282, 6);
    expect(o.pose.theta).toBeCloseTo(1, 12);
  });
  it("ros2 with wheel_offset π/3 gives minus the Robotino speeds", () => {
    const ros3 = new OmniDriveKinematics({ ...ROBOTINO_3, convention: "ros2" });
    close(ros3.toWheelSpeedsInto(new Float64Array(3), 0.5, 0.3, 0.8, "rad/s"), [2.383545, 2.666667, -12.050212], 6);
  });
});

describe("omni properties", () => {
  // n wheels near an even spread (jitter ±0.3·π/n keeps them ≥ 1.4π/n apart, so J has full rank).
  const layout = fc
    .integer({ min: 3, max: 8 })
    .chain((n) =>
      fc
        .tuple(
          fc.double({ min: -Math.PI, max: Math.PI, noNaN: true }),
          fc.array(fc.double({ min: -0.3, max: 0.3, noNaN: true }), { minLength: n, maxLength: n }),
        )
        .map(([a0, jitter]) => jitter.map((j, i) => a0 + ((2 * i + j) * Math.PI) / n)),
    );
  it("inverse then forward is the identity for random geometries (both conventions, all units)", () => {
    fc.assert(
      fc.property(
        layout,
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        fc.double({ min: 0.01, max: 0.2, noNaN: true }),
        fc.constantFrom("ccw" as const, "ros2" as const),
        fc.constantFrom("m/s" as const, "rad/s" as const, "rpm" as const),
        fc.record({
          vx: fc.double({ min: -3, max: 3, noNaN: true }),
          vy: fc.double({ min: -3, max: 3, noNaN: true }),
          omega: fc.double({ min: -5, max: 5, noNaN: true }),
        }),
        (wheelAngles, robotRadius, wheelRadius, convention, unit, t) => {
          const k = new OmniDriveKinematics({ wheelAngles, robotRadius, wheelRadius, gearRatio: 7, convention });
          const speeds = k.toWheelSpeedsInto(new Float64Array(wheelAngles.length), t.vx, t.vy, t.omega, unit);
          const back = k.toChassisVelocityInto(new Float64Array(3), speeds, unit);
          expect(back[0]).toBeCloseTo(t.vx, 8);
          expect(back[1]).toBeCloseTo(t.vy, 8);
          expect(back[2]).toBeCloseTo(t.omega, 8);
        },
      ),
      { numRuns: 300 },
    );
  });
  it("n = 4 X layout: slip on wheel 1 is spread by least squares", () => {
    const d = Math.PI / 180;
    const x = new OmniDriveKinematics({
      wheelAngles: [45 * d, 135 * d, 225 * d, 315 * d],
      robotRadius: 0.2,
      wheelRadius: 0.05,
    });
    const u = x.toWheelSpeeds({ vx: 1, vy: 0, omega: 0 }).surfaceSpeeds;
    close(u, [-0.707107, -0.707107, 0.707107, 0.707107], 6);
    const v = x.toChassisVelocity(u.map((s, i) => (i === 0 ? s + 0.1 : s)));
    expect(v.vx).toBeCloseTo(0.964645, 6);
    expect(v.vy).toBeCloseTo(0.035355, 6);
    expect(v.omega).toBeCloseTo(0.125, 6);
  });
  it("API misuse throws", () => {
    expect(() => new OmniDriveKinematics({ wheelAngles: [0, 1], robotRadius: 0.1, wheelRadius: 0.05 })).toThrow(
      RangeError,
    );
    expect(() => new OmniDriveKinematics({ ...ROBOTINO_2, wheelRadius: Number.NaN })).toThrow(/wheelRadius/);
    expect(() => new OmniDriveKinematics({ ...ROBOTINO_2, gearRatio: 0 })).toThrow(/gearRatio/);
    expect(
      () => new OmniDriveKinematics({ wheelAngles: [0, 0, Math.PI], robotRadius: 0.1, wheelRadius: 0.05 }),
    ).toThrow(/observe/);
  });
});
