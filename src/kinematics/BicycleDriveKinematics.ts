import type { ChassisVelocity } from "./ChassisVelocity.js";
import { checkPositive } from "./checkPositive.js";
import type { DriveKinematics } from "./DriveKinematics.js";
import { steeredWheelAngle } from "./steeredWheelAngle.js";
import type { Twist2d } from "./Twist2d.js";

/** Commands of a bicycle base. */
export interface BicycleWheelSpeeds {
  /** Front wheel steering angle (rad, CCW positive about +z). */
  readonly steeringAngle: number;
  /** Rear (traction) wheel rate (rad/s), positive rolling forward. */
  readonly tractionRate: number;
}

/** Joint positions of a bicycle base. */
export interface BicycleWheelPositions {
  /** Front wheel steering angle (rad). */
  readonly steeringAngle: number;
  /** Rear wheel's accumulated angle (rad), positive rolling forward. */
  readonly traction: number;
}

/**
 * Bicycle kinematics (ros2_controllers' bicycle_steering_controller): one steered front
 * wheel a wheelbase L ahead of one driven rear wheel of radius r. Base frame: the rear
 * wheel's contact point, x towards the front wheel (REP-103).
 *
 * IK of (vx, 0, ω): δ = atan(L·ω/vx), φ̇ = vx/r. FK: vx = r·φ̇, ω = vx·tan δ/L. The base
 * cannot move sideways (vy is ignored) nor turn on the spot (vx = 0, ω ≠ 0 gives
 * δ = ±π/2 and a still rear wheel): see `unachievableTwist`.
 */
export class BicycleDriveKinematics implements DriveKinematics<BicycleWheelSpeeds, BicycleWheelPositions> {
  /** Distance between the axles, L (m). */
  readonly wheelbase: number;
  /** Traction wheel radius, r (m). */
  readonly wheelRadius: number;

  /**
   * @param wheelbase - distance from the rear to the front axle (m), > 0.
   * @param wheelRadius - rear wheel radius (m), > 0.
   * @throws RangeError on a non-finite or non-positive argument.
   */
  constructor(wheelbase: number, wheelRadius: number) {
    checkPositive(wheelbase, "wheelbase (m)");
    checkPositive(wheelRadius, "wheel radius (m)");
    this.wheelbase = wheelbase;
    this.wheelRadius = wheelRadius;
  }

  /** Inverse kinematics; `vy` is ignored. */
  toWheelSpeeds(chassis: ChassisVelocity): BicycleWheelSpeeds {
    const out = this.toWheelSpeedsInto(new Float64Array(2), chassis.vx, chassis.omega);
    return { steeringAngle: out[0] as number, tractionRate: out[1] as number };
  }

  /**
   * Inverse kinematics, allocation-free.
   * @param out - out: [δ (rad), φ̇ (rad/s)].
   * @param vx - forward velocity of the base frame (m/s).
   * @param omega - yaw rate (rad/s).
   * @returns `out`.
   */
  // perf-sensitive
  toWheelSpeedsInto(out: Float64Array, vx: number, omega: number): Float64Array {
    out[0] = steeredWheelAngle(this.wheelbase, 0, vx, omega);
    out[1] = vx / this.wheelRadius;
    return out;
  }

  /** Forward kinematics. */
  toChassisSpeeds(speeds: BicycleWheelSpeeds): ChassisVelocity {
    const out = this.toChassisSpeedsInto(new Float64Array(3), speeds.steeringAngle, speeds.tractionRate);
    return { vx: out[0] as number, vy: 0, omega: out[2] as number };
  }

  /**
   * Forward kinematics, allocation-free.
   * @param out - out: [vx (m/s), 0, ω (rad/s)] (or a step's dx, 0, dθ for a rolled angle).
   * @param steeringAngle - δ (rad).
   * @param tractionRate - rear wheel rate (rad/s), or its angle rolled over a step (rad).
   * @returns `out`.
   */
  // perf-sensitive
  toChassisSpeedsInto(out: Float64Array, steeringAngle: number, tractionRate: number): Float64Array {
    const v = this.wheelRadius * tractionRate;
    out[0] = v;
    out[1] = 0;
    out[2] = (v * Math.tan(steeringAngle)) / this.wheelbase;
    return out;
  }

  /** Odometry increment: rolled distance, and the yaw it makes at the mean steering angle of the step. */
  toTwist2d(start: BicycleWheelPositions, end: BicycleWheelPositions): Twist2d {
    const out = this.toChassisSpeedsInto(
      new Float64Array(3),
      0.5 * (start.steeringAngle + end.steeringAngle),
      end.traction - start.traction,
    );
    return { dx: out[0] as number, dy: 0, dtheta: out[2] as number };
  }
}
