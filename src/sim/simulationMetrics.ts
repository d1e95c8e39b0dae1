import { wrapAngle } from "../util/wrapAngle.js";
import type { SimulationTrace, TwistColumns } from "./SimulationTrace.js";

/** Mean velocity error of one axis (percent), against the command. */
export interface AxisError {
  /** Measured by wheel odometry (forward kinematics), as Table 1 of Sharifi et al. 2018 does. */
  readonly odometry: number;
  /** Measured on the simulated body itself (ground truth). */
  readonly truth: number;
}

/** Deviation of the true path from a reference path (start frame), after the settling time. */
export interface PathDeviation {
  /** Largest |x − x_ref| and |y − y_ref| (m) and |θ − θ_ref| (rad). */
  readonly maxX: number;
  readonly maxY: number;
  readonly maxTheta: number;
  /** Root mean square of the position error |p − p_ref| (m). */
  readonly rmsPosition: number;
  /** Position error at the end (m). */
  readonly finalPosition: number;
}

/** Figures of merit of one run. */
export interface SimulationMetrics {
  /**
   * Per axis: 100 · Σ|v_measured − v_command| / Σ|v_command| over every control tick (%),
   * NaN when the axis is never commanded. This is the "average percentage error of each
   * axis velocity compared to the input velocity" of Sharifi et al. 2018, §4.1, normalised by the mean
   * command so that stops do not divide by zero.
   */
  readonly velocityError: { readonly vx: AxisError; readonly vy: AxisError; readonly omega: AxisError };
  /** Odometry drift at the end: position (m) and heading (rad) error against the truth. */
  readonly drift: { readonly position: number; readonly heading: number };
  /** Length of the true path (m). */
  readonly distance: number;
  /** Simulated time (s). */
  readonly duration: number;
  /** Present for path scenarios. */
  readonly pathDeviation?: PathDeviation;
}

function axisError(command: Float64Array, measured: Float64Array): number {
  let num = 0;
  let den = 0;
  for (let k = 0; k < command.length; k++) {
    num += Math.abs((measured[k] as number) - (command[k] as number));
    den += Math.abs(command[k] as number);
  }
  return den > 0 ? (100 * num) / den : Number.NaN;
}

function axisErrors(cmd: TwistColumns, odom: TwistColumns, truth: TwistColumns, axis: keyof TwistColumns): AxisError {
  return { odometry: axisError(cmd[axis], odom[axis]), truth: axisError(cmd[axis], truth[axis]) };
}

/**
 * Computes the figures of merit of a trace.
 * @param trace - a run of {@link runSimulation}.
 * @param settleTime - seconds excluded from the start of the path-deviation statistics.
 */
export function simulationMetrics(trace: SimulationTrace, settleTime = 0): SimulationMetrics {
  const n = trace.rows;
  const last = n - 1;
  const { command: cmd, odomTwist: odom, trueTwist: truth, truePose: tp, odomPose: op } = trace;
  let distance = 0;
  let px = 0;
  let py = 0;
  for (let k = 0; k < n; k++) {
    distance += Math.hypot((tp.x[k] as number) - px, (tp.y[k] as number) - py);
    px = tp.x[k] as number;
    py = tp.y[k] as number;
  }
  const drift =
    n === 0
      ? { position: 0, heading: 0 }
      : {
          position: Math.hypot(
            (op.x[last] as number) - (tp.x[last] as number),
            (op.y[last] as number) - (tp.y[last] as number),
          ),
          heading: wrapAngle((op.theta[last] as number) - (tp.theta[last] as number)),
        };
  const base = {
    velocityError: {
      vx: axisErrors(cmd, odom, truth, "vx"),
      vy: axisErrors(cmd, odom, truth, "vy"),
      omega: axisErrors(cmd, odom, truth, "omega"),
    },
    drift,
    distance,
    duration: n * trace.dt,
  };
  const ref = trace.reference;
  if (ref === undefined) return base;
  let maxX = 0;
  let maxY = 0;
  let maxTheta = 0;
  let sum = 0;
  let count = 0;
  let finalPosition = 0;
  for (let k = 0; k < n; k++) {
    if ((trace.time[k] as number) < settleTime) continue;
    const ex = (tp.x[k] as number) - (ref.x[k] as number);
    const ey = (tp.y[k] as number) - (ref.y[k] as number);
    maxX = Math.max(maxX, Math.abs(ex));
    maxY = Math.max(maxY, Math.abs(ey));
    maxTheta = Math.max(maxTheta, Math.abs(wrapAngle((tp.theta[k] as number) - (ref.theta[k] as number))));
    sum += ex * ex + ey * ey;
    count++;
    finalPosition = Math.hypot(ex, ey);
  }
  return {
    ...base,
    pathDeviation: { maxX, maxY, maxTheta, rmsPosition: count > 0 ? Math.sqrt(sum / count) : 0, finalPosition },
  };
}
