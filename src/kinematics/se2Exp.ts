import type { Pose2d } from "./Pose2d.js";
import type { Twist2d } from "./Twist2d.js";
import { wrapAngle } from "../util/wrapAngle.js";

/** Below this |dθ| (rad) the exp/log coefficients use their Taylor series. */
export const SE2_SERIES_THRESHOLD = 1e-4;

/**
 * SE(2) exponential: the pose reached from the origin by holding a constant body twist
 * (dx, dy, dθ) for one step (exact arc, not Euler). With s = sin dθ / dθ and
 * c = (1 − cos dθ)/dθ = 2 sin²(dθ/2)/dθ: x = s·dx − c·dy, y = c·dx + s·dy, θ = dθ.
 * For |dθ| < {@link SE2_SERIES_THRESHOLD} the series s = 1 − dθ²/6 + dθ⁴/120,
 * c = dθ/2 − dθ³/24 is used (truncation < 1e-24).
 *
 * @param twist - body twist over the step (m, m, rad).
 * @returns the end pose relative to the start (m, m, rad wrapped to (−π, π]).
 */
export function se2Exp(twist: Twist2d): Pose2d {
  const out = new Float64Array(3);
  se2ExpInto(out, twist.dx, twist.dy, twist.dtheta);
  return { x: out[0] as number, y: out[1] as number, theta: out[2] as number };
}

/**
 * Allocation-free {@link se2Exp}.
 *
 * @param out - out: [x (m), y (m), theta (rad, wrapped)].
 * @returns `out`.
 */
// perf-sensitive
export function se2ExpInto(out: Float64Array, dx: number, dy: number, dtheta: number): Float64Array {
  let s: number;
  let c: number;
  if (Math.abs(dtheta) < SE2_SERIES_THRESHOLD) {
    const t2 = dtheta * dtheta;
    s = 1 - (t2 / 6) * (1 - t2 / 20);
    c = (dtheta / 2) * (1 - t2 / 12);
  } else {
    const h = Math.sin(dtheta / 2);
    s = Math.sin(dtheta) / dtheta;
    c = (2 * h * h) / dtheta;
  }
  out[0] = s * dx - c * dy;
  out[1] = c * dx + s * dy;
  out[2] = wrapAngle(dtheta);
  return out;
}
