import type { ChassisVelocity } from "./ChassisVelocity.js";
import type { Twist2d } from "./Twist2d.js";

/**
 * What every drive's kinematics offers (after WPILib's `Kinematics<S, P>`), so that
 * controllers, odometry ({@link DriveOdometry}) and tools are written once for all drives.
 * Twists are in the base frame (REP-103: x forward, y left; m/s, rad/s); each drive documents
 * its base frame, its `Speeds` (wheel rates and steering angles) and its `Positions`.
 *
 * @typeParam Speeds - the drive's wheel speeds (and steering angles, for a steered drive).
 * @typeParam Positions - the drive's wheel positions (rolled distance or angle, and steering
 *   angles), as joint states report them.
 */
export interface DriveKinematics<Speeds, Positions> {
  /**
   * Inverse kinematics. A twist the drive cannot follow (a sideways vy for a differential or
   * car-like base) is projected onto what it can; {@link unachievableTwist} says when.
   */
  toWheelSpeeds(chassis: ChassisVelocity): Speeds;
  /** Forward kinematics: the base twist (m/s, rad/s) that the wheel speeds produce. */
  toChassisSpeeds(speeds: Speeds): ChassisVelocity;
  /**
   * Odometry increment: the base's motion from `start` to `end` as a twist over the step
   * (m, m, rad; the SE(2) logarithm of the motion, in the base frame at `start`).
   */
  toTwist2d(start: Positions, end: Positions): Twist2d;
}
