import type { ChassisVelocity } from "./ChassisVelocity.js";
import type { Pose2d } from "./Pose2d.js";
import { composePoseInto, integratePoseInto } from "./integratePose.js";
import { wrapAngle } from "../util/wrapAngle.js";

/**
 * Accumulates a planar pose (odom frame, REP-103, SI, heading in (−π, π]) from any of
 * robokit's forward kinematics:
 * - a body velocity (least-squares steered FK, omni FK) held for dt: {@link Odometry.addVelocity},
 *   integrated exactly with the SE(2) exponential;
 * - a rigid increment in the previous body frame (Kabsch wheel odometry): {@link Odometry.addDelta}.
 * Both take an optional heading increment from a gyro that replaces the kinematic one
 * (as WPILib's odometry does). Updates allocate nothing.
 */
export class Odometry {
  readonly #pose = new Float64Array(3);

  /** @param initial - starting pose (m, m, rad). Default the origin. */
  constructor(initial: Pose2d = { x: 0, y: 0, theta: 0 }) {
    this.reset(initial);
  }

  /** Resets the pose (m, m, rad). @throws RangeError on non-finite values. */
  reset(pose: Pose2d = { x: 0, y: 0, theta: 0 }): void {
    if (!Number.isFinite(pose.x) || !Number.isFinite(pose.y) || !Number.isFinite(pose.theta)) {
      throw new RangeError("pose must be finite");
    }
    this.#pose[0] = pose.x;
    this.#pose[1] = pose.y;
    this.#pose[2] = wrapAngle(pose.theta);
  }

  /** The current pose as a new object (m, m, rad); readonly by type. */
  get pose(): Pose2d {
    return { x: this.#pose[0] as number, y: this.#pose[1] as number, theta: this.#pose[2] as number };
  }

  /**
   * Copies the pose without allocating.
   * @param out - out: [x (m), y (m), theta (rad)].
   * @returns `out`.
   */
  poseInto(out: Float64Array): Float64Array {
    out[0] = this.#pose[0] as number;
    out[1] = this.#pose[1] as number;
    out[2] = this.#pose[2] as number;
    return out;
  }

  /**
   * Integrates a body velocity held constant for dt (exact arc).
   *
   * @param vx - forward velocity (m/s), body frame.
   * @param vy - leftward velocity (m/s).
   * @param omega - yaw rate (rad/s); ignored if gyroDeltaTheta is given.
   * @param dt - step (s).
   * @param gyroDeltaTheta - optional measured heading change over the step (rad).
   */
  // perf-sensitive
  addVelocity(vx: number, vy: number, omega: number, dt: number, gyroDeltaTheta?: number): void {
    const dth = gyroDeltaTheta ?? omega * dt;
    integratePoseInto(this.#pose, vx * dt, vy * dt, dth);
  }

  /** Ergonomic {@link Odometry.addVelocity} taking a {@link ChassisVelocity}. */
  addChassisVelocity(chassis: ChassisVelocity, dt: number, gyroDeltaTheta?: number): void {
    this.addVelocity(chassis.vx, chassis.vy, chassis.omega, dt, gyroDeltaTheta);
  }

  /**
   * Applies a rigid increment expressed in the previous body frame (e.g. Kabsch output).
   *
   * @param dx - translation x (m), previous body frame.
   * @param dy - translation y (m).
   * @param dtheta - heading change (rad); replaced by gyroDeltaTheta if given.
   * @param gyroDeltaTheta - optional measured heading change (rad).
   */
  // perf-sensitive
  addDelta(dx: number, dy: number, dtheta: number, gyroDeltaTheta?: number): void {
    composePoseInto(this.#pose, dx, dy, gyroDeltaTheta ?? dtheta);
  }
}
