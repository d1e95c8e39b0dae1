// Kinematics benchmark: per-call time (median of several runs) and bytes allocated per
// call (heap growth over 10⁶ calls, in GC-free chunks after global.gc(); see bytesPerCall).
// Run: node --expose-gc --import tsx bench/run.ts kinematics
import { availableParallelism, loadavg } from "node:os";

import {
  DifferentialDriveKinematics,
  fromFieldRelativeInto,
  integratePoseInto,
  kabschPlanarInto,
  kabschSvdInto,
  KabschWheelOdometry,
  MecanumDriveKinematics,
  OmniDriveKinematics,
  PlanarPoseEstimator,
  ROBOTINO_3,
  SteeredDriveKinematics,
  TwistRateLimiter,
} from "../src/kinematics/index.js";

interface Kernel {
  readonly name: string;
  readonly target?: string;
  readonly run: (i: number) => void;
}

type Loop = (run: (i: number) => void, from: number, to: number) => void;
const loops = new Map<Kernel, Loop>();
/**
 * A separately compiled loop per kernel, so its call site stays monomorphic and V8 can
 * inline the kernel (one shared loop would go megamorphic and add a call per iteration).
 */
function loopOf(k: Kernel): Loop {
  let l = loops.get(k);
  if (l === undefined) {
    l = new Function("run", "from", "to", "for (let i = from; i < to; i++) run(i);") as Loop;
    loops.set(k, l);
  }
  return l;
}

const RUNS = 7;
const CALLS_PER_RUN = 1_000_000;
const ALLOC_CALLS = 1_000_000;
const ALLOC_CHUNK = 10_000;

/** Median and minimum per-call time over RUNS runs (the minimum is least disturbed by other load). */
function timeNs(k: Kernel): { median: number; min: number } {
  const samples: number[] = [];
  for (let r = 0; r < RUNS; r++) {
    const t0 = process.hrtime.bigint();
    loopOf(k)(k.run, 0, CALLS_PER_RUN);
    samples.push(Number(process.hrtime.bigint() - t0) / CALLS_PER_RUN);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(RUNS / 2)] as number, min: samples[0] as number };
}

/**
 * Heap growth per call: 100 chunks of 10⁴ calls, each after global.gc() and small enough
 * that no scavenge runs inside it. The median chunk is used (a one-off JIT recompilation
 * allocates in a single chunk; a real per-call allocation shows in every chunk), minus the
 * median of an empty kernel (process.memoryUsage() itself allocates a little).
 */
function chunkDeltas(k: Kernel, gc: () => void): number {
  const deltas: number[] = [];
  for (let c = 0; c < ALLOC_CALLS; c += ALLOC_CHUNK) {
    gc();
    const before = process.memoryUsage().heapUsed;
    loopOf(k)(k.run, c, c + ALLOC_CHUNK);
    deltas.push(process.memoryUsage().heapUsed - before);
  }
  deltas.sort((x, y) => x - y);
  return deltas[deltas.length >> 1] as number;
}

function bytesPerCall(k: Kernel, gc: () => void, baseline: number): number {
  return Math.max(0, chunkDeltas(k, gc) - baseline) / ALLOC_CHUNK;
}

/** Prints the kinematics table (markdown). */
export async function runBench(): Promise<void> {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (gc === undefined) throw new Error("run with node --expose-gc to measure allocation");

  const square = [
    { x: 0.2, y: 0.2 },
    { x: 0.2, y: -0.2 },
    { x: -0.2, y: 0.2 },
    { x: -0.2, y: -0.2 },
  ];
  const swerve = new SteeredDriveKinematics(square, 0.05);
  const angles = new Float64Array(4);
  const speeds = new Float64Array(4);
  const rates = new Float64Array(4);
  const twist = new Float64Array(3);
  const omni = new OmniDriveKinematics(ROBOTINO_3);
  const u = new Float64Array(3);
  const pose = new Float64Array(3);
  const out4 = new Float64Array(4);
  const p2 = Float64Array.of(0.2, 0.2, 0.2, -0.2, -0.2, 0.2, -0.2, -0.2);
  const q2 = new Float64Array(8);
  const p3 = Float64Array.of(0.2, 0.2, 0, 0.2, -0.2, 0, -0.2, 0.2, 0, -0.2, -0.2, 0.05);
  const q3 = new Float64Array(12);
  const rot = new Float64Array(9);
  const tr = new Float64Array(4);
  const th = 0.01;
  for (let i = 0; i < 4; i++) {
    const x = p2[2 * i] as number;
    const y = p2[2 * i + 1] as number;
    q2[2 * i] = Math.cos(th) * x - Math.sin(th) * y + 0.001;
    q2[2 * i + 1] = Math.sin(th) * x + Math.cos(th) * y;
    q3[3 * i] = Math.cos(th) * (p3[3 * i] as number) - Math.sin(th) * (p3[3 * i + 1] as number) + 0.001;
    q3[3 * i + 1] = Math.sin(th) * (p3[3 * i] as number) + Math.cos(th) * (p3[3 * i + 1] as number);
    q3[3 * i + 2] = p3[3 * i + 2] as number;
  }
  const kabschOdo = new KabschWheelOdometry(square);
  const steerA = Float64Array.of(0.1, 0.1, 0.1, 0.1);
  const steerB = Float64Array.of(0.11, 0.105, 0.11, 0.105);
  const travel = Float64Array.of(0.001, 0.0012, 0.001, 0.0012);
  swerve.toWheelStatesInto(angles, speeds, rates, 1, 0.2, 0.5);
  const mecanum = new MecanumDriveKinematics(square, 0.05);
  const u4 = new Float64Array(4);
  const diff = new DifferentialDriveKinematics(0.5, 0.1);
  const lr = new Float64Array(2);
  const limiter = new TwistRateLimiter(0.4, Math.PI);
  const ekf = new PlanarPoseEstimator({
    wheelVelocityStddev: 0.02,
    gyro: {
      stddev: 2e-4,
      biasMean: 7.5e-6,
      biasStddev: 8e-7,
      dynamicBiasStddev: 4e-6,
      dynamicBiasCorrelationTime: 400,
    },
    gps: { stddev: 0.02 },
  });

  const kernels: Kernel[] = [
    {
      name: "4-wheel IK `toWheelStatesInto`",
      target: "≤ 60 ns, 0 B",
      run: (i) => swerve.toWheelStatesInto(angles, speeds, rates, 1 + i * 1e-9, 0.2, 0.5),
    },
    {
      name: "4-wheel IK `toWheelStates` (ergonomic)",
      run: (i) => swerve.toWheelStates({ vx: 1 + i * 1e-9, vy: 0.2, omega: 0.5 }),
    },
    {
      name: "4-wheel FK `toChassisVelocityInto`",
      target: "0 B",
      run: (i) => {
        speeds[0] = 1 + i * 1e-9;
        swerve.toChassisVelocityInto(twist, angles, speeds);
      },
    },
    {
      name: "planar Kabsch, 4 wheels `kabschPlanarInto`",
      target: "≤ 80 ns, 0 B",
      run: (i) => {
        q2[0] = 0.2 + i * 1e-12;
        kabschPlanarInto(out4, p2, q2);
      },
    },
    {
      name: "SVD Kabsch, 4 points `kabschSvdInto`",
      target: "0 B",
      run: (i) => {
        q3[0] = 0.2 + i * 1e-12;
        kabschSvdInto(rot, tr, p3, q3);
      },
    },
    {
      name: "Kabsch odometry step (chord, secant) `estimateInto`",
      target: "0 B",
      run: (i) => {
        travel[0] = 0.001 + i * 1e-12;
        kabschOdo.estimateInto(out4, steerA, steerB, travel);
      },
    },
    {
      name: "omni IK, 3 wheels `toWheelSpeedsInto`",
      target: "≤ 20 ns, 0 B",
      run: (i) => omni.toWheelSpeedsInto(u, 0.5 + i * 1e-9, 0.3, 0.8),
    },
    {
      name: "omni FK, 3 wheels `toChassisVelocityInto`",
      target: "0 B",
      run: (i) => {
        u[0] = 0.1 + i * 1e-12;
        omni.toChassisVelocityInto(twist, u);
      },
    },
    {
      name: "4-wheel IK about a CoR `toWheelStatesInto(…, corX, corY)`",
      target: "0 B",
      run: (i) => swerve.toWheelStatesInto(angles, speeds, rates, 1 + i * 1e-9, 0.2, 0.5, 0.1, -0.1),
    },
    {
      name: "mecanum IK `toWheelSpeedsInto`",
      target: "0 B",
      run: (i) => mecanum.toWheelSpeedsInto(u4, 0.5 + i * 1e-9, 0.3, 0.8),
    },
    {
      name: "mecanum FK `toChassisVelocityInto`",
      target: "0 B",
      run: (i) => {
        u4[0] = 0.1 + i * 1e-12;
        mecanum.toChassisVelocityInto(twist, u4);
      },
    },
    {
      name: "differential IK `toWheelSpeedsInto`",
      target: "0 B",
      run: (i) => diff.toWheelSpeedsInto(lr, 0.5 + i * 1e-9, 0.8),
    },
    {
      name: "differential FK `toChassisVelocityInto`",
      target: "0 B",
      run: (i) => diff.toChassisVelocityInto(twist, 0.5 + i * 1e-9, 0.6),
    },
    {
      name: "field-relative `fromFieldRelativeInto`",
      target: "0 B",
      run: (i) => fromFieldRelativeInto(twist, 1, 0.5, 0.2, i * 1e-6),
    },
    {
      name: "twist rate limiter `calculateInto`",
      target: "0 B",
      run: (i) => limiter.calculateInto(twist, (i & 1023) * 1e-3, 0.2, 0.5, 0.02),
    },
    { name: "EKF predict `PlanarPoseEstimator.predict`", target: "0 B", run: () => ekf.predict(0.5, 0.01, 0.2, 0.02) },
    {
      name: "EKF GPS update `updateGps`",
      target: "0 B",
      run: () => {
        ekf.predict(0.5, 0.01, 0.2, 0.02);
        ekf.updateGps(0.01, 0);
      },
    },
    {
      name: "SE(2) step `integratePoseInto`",
      target: "0 B",
      run: (i) => integratePoseInto(pose, 1e-3, 2e-4, 5e-4 + i * 1e-12),
    },
  ];

  // Warm up every kernel first so each is optimised before timing.
  for (const k of kernels) loopOf(k)(k.run, 0, 300_000);

  const empty: Kernel = { name: "empty", run: () => undefined };
  loopOf(empty)(empty.run, 0, 300_000);
  const baseline = chunkDeltas(empty, gc);

  console.log(
    `Node ${process.version}, load average ${loadavg()[0]?.toFixed(1) ?? "?"} on ${availableParallelism()} CPUs, ${RUNS} runs × ${CALLS_PER_RUN.toLocaleString("en")} calls; bytes: median heap growth per call over ${ALLOC_CALLS.toLocaleString("en")} calls (chunks of ${ALLOC_CHUNK.toLocaleString("en")} after gc()).\n`,
  );
  console.log("| kernel | ns/call (median) | ns/call (min) | bytes/call | target |");
  console.log("|---|---:|---:|---:|---|");
  for (const k of kernels) {
    const t = timeNs(k);
    const bytes = bytesPerCall(k, gc, baseline);
    console.log(
      `| ${k.name} | ${t.median.toFixed(1)} | ${t.min.toFixed(1)} | ${bytes < 0.005 ? "0" : bytes.toFixed(bytes < 1 ? 2 : 0)} | ${k.target ?? "—"} |`,
    );
  }
}
