import type { DriveKinematics } from "./DriveKinematics.js";
import { Odometry } from "./Odometry.js";
import type { Pose2d } from "./Pose2d.js";

/**
 * Wheel odometry for any drive (WPILib's `Odometry<P>`): each update turns the wheel
 * positions' change into a twist with the drive's {@link DriveKinematics.toTwist2d} and
 * integrates it exactly (SE(2) exponential) into a pose in the odom frame (REP-103, m, rad).
 *
 * @typeParam Positions - the drive's wheel positions; kept by reference between updates, so
 *   pass a fresh object (or an unchanged one) each time.
 */
export class DriveOdometry<Positions> {
  readonly #kinematics: DriveKinematics<unknown, Positions>;
  readonly #odometry: Odometry;
  #previous: Positions;

  /**
   * @param kinematics - the drive's kinematics.
   * @param positions - the wheel positions at the initial pose.
   * @param initial - the initial pose (m, m, rad). Default the origin.
   */
  constructor(kinematics: DriveKinematics<unknown, Positions>, positions: Positions, initial?: Pose2d) {
    this.#kinematics = kinematics;
    this.#odometry = new Odometry(initial);
    this.#previous = positions;
  }

  /** The current pose (m, m, rad wrapped to (−π, π]). */
  get pose(): Pose2d {
    return this.#odometry.pose;
  }

  /**
   * Integrates the motion since the previous positions.
   * @param positions - the wheel positions now.
   * @param gyroDeltaTheta - optional measured heading change since the previous update (rad),
   *   replacing the wheels' one.
   * @returns the new pose.
   */
  update(positions: Positions, gyroDeltaTheta?: number): Pose2d {
    const t = this.#kinematics.toTwist2d(this.#previous, positions);
    this.#previous = positions;
    this.#odometry.addVelocity(t.dx, t.dy, t.dtheta, 1, gyroDeltaTheta);
    return this.#odometry.pose;
  }
}
