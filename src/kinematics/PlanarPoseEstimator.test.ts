import { describe, expect, it } from "vitest";
import { integratePoseInto } from "./integratePose.js";
import { Odometry } from "./Odometry.js";
import { PlanarPoseEstimator } from "./PlanarPoseEstimator.js";
import type { GaussianNoise } from "../model/Noise.js";
import { GaussMarkovNoise } from "../sensors/noise/GaussMarkovNoise.js";
import { SeededRandom } from "../sensors/noise/SeededRandom.js";
import { wrapAngle } from "../util/wrapAngle.js";

// MARIO's model noise (examples/mario/mario.ts): Razor-class gyro, Piksi RTK GPS at 10 Hz.
const GYRO: GaussianNoise = {
  stddev: 2e-4,
  biasMean: 7.5e-6,
  biasStddev: 8e-7,
  dynamicBiasStddev: 4e-6,
  dynamicBiasCorrelationTime: 400,
};
const GPS: GaussianNoise = { stddev: 0.02 };
// Wheel odometry: white noise on the FK body velocity (vx, vy) and yaw rate, per 50 Hz sample.
const WHEEL_V = 0.02;
const WHEEL_W = 0.02;
const DT = 0.02;
const STEPS = 3000; // 60 s
const GPS_EVERY = 5; // 10 Hz

/** Wilson–Hilferty χ² quantile for k dof at standard-normal quantile z. */
const chi2 = (k: number, z: number) => k * (1 - 2 / (9 * k) + z * Math.sqrt(2 / (9 * k))) ** 3;

function truthTwist(t: number): [number, number, number] {
  return [0.5 + 0.2 * Math.sin(0.3 * t), 0.1 * Math.sin(0.2 * t), 0.4 * Math.sin(0.15 * t)];
}

interface Run {
  nees: Float64Array; // pose NEES per step
  ekfSq: number; // Σ squared position error
  odoSq: number;
}

function run(seed: number): Run {
  const rnd = new SeededRandom(seed);
  const gyro = new GaussMarkovNoise(GYRO, rnd.fork(1));
  const gpsX = new GaussMarkovNoise(GPS, rnd.fork(2));
  const gpsY = new GaussMarkovNoise(GPS, rnd.fork(3));
  const wheel = rnd.fork(4);
  const ekf = new PlanarPoseEstimator({ wheelVelocityStddev: WHEEL_V, gyro: GYRO, gps: GPS });
  const odo = new Odometry();
  const truth = new Float64Array(3);
  const est = new Float64Array(3);
  const cov = new Float64Array(9);
  const nees = new Float64Array(STEPS);
  let ekfSq = 0;
  let odoSq = 0;
  for (let k = 0; k < STEPS; k++) {
    const [vx, vy, w] = truthTwist(k * DT);
    // Measurements over the step (held), then the truth moves by the exact arc.
    const mvx = vx + WHEEL_V * wheel.normal();
    const mvy = vy + WHEEL_V * wheel.normal();
    const mw = w + WHEEL_W * wheel.normal();
    const g = gyro.apply(w, DT);
    integratePoseInto(truth, vx * DT, vy * DT, w * DT);
    ekf.predict(mvx, mvy, g, DT);
    odo.addVelocity(mvx, mvy, mw, DT);
    if ((k + 1) % GPS_EVERY === 0)
      ekf.updateGps(gpsX.apply(truth[0] as number, DT * GPS_EVERY), gpsY.apply(truth[1] as number, DT * GPS_EVERY));
    ekf.poseInto(est);
    ekf.poseCovarianceInto(cov);
    const e = [
      (est[0] as number) - (truth[0] as number),
      (est[1] as number) - (truth[1] as number),
      wrapAngle((est[2] as number) - (truth[2] as number)),
    ];
    nees[k] = neesOf(e, cov);
    ekfSq += (e[0] as number) ** 2 + (e[1] as number) ** 2;
    const o = odo.pose;
    odoSq += (o.x - (truth[0] as number)) ** 2 + (o.y - (truth[1] as number)) ** 2;
  }
  return { nees, ekfSq, odoSq };
}

/** eᵀ P⁻¹ e for a 3×3 covariance. */
function neesOf(e: number[], p: Float64Array): number {
  const [a, b, c, , d, f, , , g] = Array.from(p) as number[];
  const m = [a!, b!, c!, b!, d!, f!, c!, f!, g!];
  const c0 = m[4]! * m[8]! - m[5]! * m[7]!;
  const c1 = m[5]! * m[6]! - m[3]! * m[8]!;
  const c2 = m[3]! * m[7]! - m[4]! * m[6]!;
  const det = m[0]! * c0 + m[1]! * c1 + m[2]! * c2;
  const inv = [
    c0,
    m[2]! * m[7]! - m[1]! * m[8]!,
    m[1]! * m[5]! - m[2]! * m[4]!,
    c1,
    m[0]! * m[8]! - m[2]! * m[6]!,
    m[2]! * m[3]! - m[0]! * m[5]!,
    c2,
    m[1]! * m[6]! - m[0]! * m[7]!,
    m[0]! * m[4]! - m[1]! * m[3]!,
  ];
  let s = 0;
  for (let i = 0; i < 3; i++) for (let j = 0; j < 3; j++) s += e[i]! * (inv[3 * i + j]! / det) * e[j]!;
  return s;
}

describe("PlanarPoseEstimator (EKF: wheel odometry + gyro + GPS)", () => {
  const RUNS = 40;
  const runs = Array.from({ length: RUNS }, (_, i) => run(1000 + i));
  it("is consistent: the average NEES over 40 Monte-Carlo runs stays inside the 95 % χ² band", () => {
    const lo = chi2(3 * RUNS, -1.96) / RUNS;
    const hi = chi2(3 * RUNS, 1.96) / RUNS;
    let inside = 0;
    let total = 0;
    for (let k = 0; k < STEPS; k++) {
      let s = 0;
      for (const r of runs) s += r.nees[k] as number;
      const anees = s / RUNS;
      total += anees;
      if (anees >= lo && anees <= hi) inside++;
    }
    // A consistent filter puts ~95 % of the steps inside; the time average is near 3 (dof).
    expect(inside / STEPS).toBeGreaterThan(0.9);
    expect(total / STEPS).toBeGreaterThan(2.7);
    expect(total / STEPS).toBeLessThan(3.3);
  });
  it("beats wheel odometry alone (RMS position error over 60 s)", () => {
    const ekf = Math.sqrt(runs.reduce((a, r) => a + r.ekfSq, 0) / (RUNS * STEPS));
    const odo = Math.sqrt(runs.reduce((a, r) => a + r.odoSq, 0) / (RUNS * STEPS));
    expect(ekf).toBeLessThan(0.02);
    expect(ekf * 5).toBeLessThan(odo);
  });
  it("rejects bad noise parameters and gates outlier fixes", () => {
    expect(() => new PlanarPoseEstimator({ wheelVelocityStddev: -1, gyro: GYRO, gps: GPS })).toThrow(RangeError);
    const f = new PlanarPoseEstimator({
      wheelVelocityStddev: WHEEL_V,
      gyro: GYRO,
      gps: GPS,
      initialPoseStddev: { x: 0.1, y: 0.1, theta: 0.1 },
    });
    expect(f.updateGps(100, 0, 13.8)).toBe(false);
    expect(f.lastNis).toBeGreaterThan(13.8);
    expect(f.updateGps(0.05, 0, 13.8)).toBe(true);
    expect(f.lastNis).toBeLessThan(13.8);
    expect(f.pose.x).toBeGreaterThan(0);
  });
});
