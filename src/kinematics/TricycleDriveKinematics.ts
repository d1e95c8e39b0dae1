import type { ChassisVelocity } from "./ChassisVelocity.js";
import { checkPositive } from "./checkPositive.js";
import type { DriveKinematics } from "./DriveKinematics.js";
import { steeredWheelAngle } from "./steeredWheelAngle.js";
import type { Twist2d } from "./Twist2d.js";

/** Commands of a tricycle base. */
export interface TricycleWheelSpeeds {
  /** Front wheel steering angle (rad, CCW positive about +z). */
  readonly steeringAngle: number;
  /** Left rear wheel rate (rad/s), positive rolling forward. */
  readonly leftRate: number;
  /** Right rear wheel rate (rad/s), positive rolling forward. */
  readonly rightRate: number;
}

/** Joint positions of a tricycle base. */
export interface TricycleWheelPositions {
  /** Front wheel steering angle (rad). */
  readonly steeringAngle: number;
  /** Left rear wheel's accumulated angle (rad), positive rolling forward. */
  readonly left: number;
  /** Right rear wheel's accumulated angle (rad), positive rolling forward. */
  readonly right: number;
}

/** Geometry of a tricycle base (m). */
export interface TricycleDimensions {
  /** Distance from the rear axle to the front wheel's steering axis, L (m), > 0. */
  readonly wheelbase: number;
  /** Distance between the rear wheels, b (m), > 0. */
  readonly trackWidth: number;
  /** Rear wheel radius, r (m), > 0. */
  readonly wheelRadius: number;
}

/**
 * Tricycle kinematics (ros2_controllers' tricycle_steering_controller): one steered front
 * wheel a wheelbase L ahead of the centre of two driven rear wheels a track b apart, radius
 * r. Base frame: the rear axle's centre (REP-103).
 *
 * IK of (vx, 0, ω): δ = atan(L·ω/vx) (±π/2 when vx = 0 and ω ≠ 0: the base turns about the
 * rear axle's centre), φ̇_left = (vx − ω·b/2)/r, φ̇_right = (vx + ω·b/2)/r. FK from the rear
 * axle, a differential drive: vx = r·(φ̇_l + φ̇_r)/2, ω = r·(φ̇_r − φ̇_l)/b. (ros2_controllers
 * takes ω = vx·tan δ/L from the steering angle instead; both agree while the wheels roll
 * without slip, and the rear axle's stays defined at δ = ±π/2.) vy is ignored.
 */
export class TricycleDriveKinematics implements DriveKinematics<TricycleWheelSpeeds, TricycleWheelPositions> {
  /** Distance from the rear axle to the steering axis, L (m). */
  readonly wheelbase: number;
  /** Distance between the rear wheels, b (m). */
  readonly trackWidth: number;
  /** Rear wheel radius, r (m). */
  readonly wheelRadius: number;

  /** @throws RangeError on a non-finite or non-positive length. */
  constructor(geometry: TricycleDimensions) {
    checkPositive(geometry.wheelbase, "wheelbase (m)");
    checkPositive(geometry.trackWidth, "track width (m)");
    checkPositive(geometry.wheelRadius, "wheel radius (m)");
    this.wheelbase = geometry.wheelbase;
    this.trackWidth = geometry.trackWidth;
    this.wheelRadius = geometry.wheelRadius;
  }

  /** Inverse kinematics; `vy` is ignored. */
  toWheelSpeeds(chassis: ChassisVelocity): TricycleWheelSpeeds {
    const out = this.toWheelSpeedsInto(new Float64Array(3), chassis.vx, chassis.omega);
    return { steeringAngle: out[0] as number, leftRate: out[1] as number, rightRate: out[2] as number };
  }

  /**
   * Inverse kinematics, allocation-free.
   * @param out - out: [δ (rad), φ̇_left (rad/s), φ̇_right (rad/s)].
   * @param vx - forward velocity of the rear axle's centre (m/s).
   * @param omega - yaw rate (rad/s).
   * @returns `out`.
   */
  // perf-sensitive
  toWheelSpeedsInto(out: Float64Array, vx: number, omega: number): Float64Array {
    const h = 0.5 * this.trackWidth * omega;
    out[0] = steeredWheelAngle(this.wheelbase, 0, vx, omega);
    out[1] = (vx - h) / this.wheelRadius;
    out[2] = (vx + h) / this.wheelRadius;
    return out;
  }

  /** Forward kinematics (from the rear wheels; the steering angle is not needed). */
  toChassisSpeeds(speeds: TricycleWheelSpeeds): ChassisVelocity {
    const out = this.toChassisSpeedsInto(new Float64Array(3), speeds.leftRate, speeds.rightRate);
    return { vx: out[0] as number, vy: 0, omega: out[2] as number };
  }

  /**
   * Forward kinematics, allocation-free.
   * @param out - out: [vx (m/s), 0, ω (rad/s)] (or a step's dx, 0, dθ for rolled angles).
   * @param leftRate - left rear wheel rate (rad/s) or angle rolled over a step (rad).
   * @param rightRate - right rear wheel rate (rad/s) or angle rolled (rad).
   * @returns `out`.
   */
  // perf-sensitive
  toChassisSpeedsInto(out: Float64Array, leftRate: number, rightRate: number): Float64Array {
    const r = this.wheelRadius;
    out[0] = 0.5 * r * (leftRate + rightRate);
    out[1] = 0;
    out[2] = (r * (rightRate - leftRate)) / this.trackWidth;
    return out;
  }

  /** Odometry increment from the rear wheels' rolled angles. */
  toTwist2d(start: TricycleWheelPositions, end: TricycleWheelPositions): Twist2d {
    const out = this.toChassisSpeedsInto(new Float64Array(3), end.left - start.left, end.right - start.right);
    return { dx: out[0] as number, dy: 0, dtheta: out[2] as number };
  }
}
