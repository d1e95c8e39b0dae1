import type { Pose2d } from "./Pose2d.js";
import type { Twist2d } from "./Twist2d.js";

/**
 * SE(2) logarithm, the inverse of {@link se2Exp}: the constant body twist that moves the
 * origin to `pose` in one step. With h = θ/2 and k = h·cot h (series 1 − θ²/12 − θ⁴/720
 * for small θ): dx = k·x + h·y, dy = −h·x + k·y, dθ = θ.
 *
 * @param pose - relative pose (m, m, rad); θ is used as given (|θ| < 2π expected).
 * @returns the twist (m, m, rad).
 */
export function se2Log(pose: Pose2d): Twist2d {
  const out = new Float64Array(3);
  se2LogInto(out, pose.x, pose.y, pose.theta);
  return { dx: out[0] as number, dy: out[1] as number, dtheta: out[2] as number };
}

/**
 * Allocation-free {@link se2Log}.
 *
 * @param out - out: [dx (m), dy (m), dtheta (rad)].
 * @returns `out`.
 */
// perf-sensitive
export function se2LogInto(out: Float64Array, x: number, y: number, theta: number): Float64Array {
  const h = theta / 2;
  let k: number;
  if (Math.abs(theta) < 1e-4) {
    const t2 = theta * theta;
    k = 1 - (t2 / 12) * (1 + t2 / 60);
  } else {
    k = (h * Math.cos(h)) / Math.sin(h);
  }
  out[0] = k * x + h * y;
  out[1] = -h * x + k * y;
  out[2] = theta;
  return out;
}
