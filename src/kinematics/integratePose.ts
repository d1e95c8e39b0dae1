import type { Pose2d } from "./Pose2d.js";
import type { Twist2d } from "./Twist2d.js";
import { se2ExpInto } from "./se2Exp.js";
import { wrapAngle } from "../util/wrapAngle.js";

/**
 * One exact odometry step: pose ∘ exp(twist). The twist is in the body frame at the
 * start of the step (e.g. a {@link ChassisVelocity} times dt).
 *
 * @param pose - start pose in the fixed frame (m, m, rad).
 * @param twist - body twist over the step (m, m, rad).
 * @returns the end pose, heading wrapped to (−π, π].
 */
export function integratePose(pose: Pose2d, twist: Twist2d): Pose2d {
  const p = Float64Array.of(pose.x, pose.y, pose.theta);
  integratePoseInto(p, twist.dx, twist.dy, twist.dtheta);
  return { x: p[0] as number, y: p[1] as number, theta: p[2] as number };
}

/** The step's increment in the start frame; module scratch keeps the hot path allocation-free. */
const stepScratch = new Float64Array(3);

/**
 * Allocation-free {@link integratePose}, in place.
 *
 * @param pose - in/out: [x (m), y (m), theta (rad)].
 * @param dx - forward displacement along the arc, body frame (m).
 * @param dy - leftward displacement along the arc, body frame (m).
 * @param dtheta - heading change (rad).
 * @returns `pose`.
 */
// perf-sensitive
export function integratePoseInto(pose: Float64Array, dx: number, dy: number, dtheta: number): Float64Array {
  se2ExpInto(stepScratch, dx, dy, dtheta);
  composePoseInto(pose, stepScratch[0] as number, stepScratch[1] as number, dtheta);
  return pose;
}

/**
 * Allocation-free pose composition pose ← pose ∘ (dx, dy, dθ), where (dx, dy, dθ) is a
 * rigid displacement expressed in the body frame of `pose` (e.g. a Kabsch increment).
 *
 * @param pose - in/out: [x (m), y (m), theta (rad)].
 * @returns `pose`.
 */
// perf-sensitive
export function composePoseInto(pose: Float64Array, dx: number, dy: number, dtheta: number): Float64Array {
  const th = pose[2] as number;
  const ct = Math.cos(th);
  const st = Math.sin(th);
  pose[0] = (pose[0] as number) + ct * dx - st * dy;
  pose[1] = (pose[1] as number) + st * dx + ct * dy;
  pose[2] = wrapAngle(th + dtheta);
  return pose;
}
