import type { ChassisVelocity } from "./ChassisVelocity.js";
import { checkPositive } from "./checkPositive.js";
import type { DriveKinematics } from "./DriveKinematics.js";
import { steeredWheelAngle } from "./steeredWheelAngle.js";
import type { Twist2d } from "./Twist2d.js";

/** Commands of an Ackermann base. */
export interface AckermannWheelSpeeds {
  /** Front-left steering angle (rad, CCW positive about +z). */
  readonly leftSteeringAngle: number;
  /** Front-right steering angle (rad). */
  readonly rightSteeringAngle: number;
  /** Rear-left wheel rate (rad/s), positive rolling forward. */
  readonly leftRate: number;
  /** Rear-right wheel rate (rad/s), positive rolling forward. */
  readonly rightRate: number;
}

/** Joint positions of an Ackermann base. */
export interface AckermannWheelPositions {
  /** Front-left steering angle (rad). */
  readonly leftSteeringAngle: number;
  /** Front-right steering angle (rad). */
  readonly rightSteeringAngle: number;
  /** Rear-left wheel's accumulated angle (rad), positive rolling forward. */
  readonly left: number;
  /** Rear-right wheel's accumulated angle (rad), positive rolling forward. */
  readonly right: number;
}

/** Geometry of an Ackermann base (m). */
export interface AckermannDimensions {
  /** Distance from the rear (traction) axle to the front (steering) axle, L (m), > 0. */
  readonly wheelbase: number;
  /** Distance between the rear wheels, b (m), > 0. */
  readonly tractionTrackWidth: number;
  /** Distance between the two steering axes, s (m), > 0. */
  readonly steeringTrackWidth: number;
  /** Rear wheel radius, r (m), > 0. */
  readonly wheelRadius: number;
}

/**
 * Ackermann kinematics (ros2_controllers' ackermann_steering_controller): two steered front
 * wheels with steering axes at (L, ±s/2) and two driven rear wheels at (0, ±b/2), radius r.
 * Base frame: the rear axle's centre (REP-103).
 *
 * IK of (vx, 0, ω): the centre of rotation is (0, R) with R = vx/ω; each front wheel points
 * perpendicular to its line to it, δ_left = atan(L·ω/(vx − ω·s/2)),
 * δ_right = atan(L·ω/(vx + ω·s/2)) (the inner wheel steers more); the rear wheels roll at
 * φ̇_left = (vx − ω·b/2)/r, φ̇_right = (vx + ω·b/2)/r. FK from the rear axle, a differential
 * drive: vx = r·(φ̇_l + φ̇_r)/2, ω = r·(φ̇_r − φ̇_l)/b. (ros2_controllers takes ω from the
 * mean steering angle instead; both agree while the wheels roll without slip.) vy is ignored.
 */
export class AckermannDriveKinematics implements DriveKinematics<AckermannWheelSpeeds, AckermannWheelPositions> {
  /** Distance between the axles, L (m). */
  readonly wheelbase: number;
  /** Distance between the rear wheels, b (m). */
  readonly tractionTrackWidth: number;
  /** Distance between the steering axes, s (m). */
  readonly steeringTrackWidth: number;
  /** Rear wheel radius, r (m). */
  readonly wheelRadius: number;

  /** @throws RangeError on a non-finite or non-positive length. */
  constructor(geometry: AckermannDimensions) {
    checkPositive(geometry.wheelbase, "wheelbase (m)");
    checkPositive(geometry.tractionTrackWidth, "traction track width (m)");
    checkPositive(geometry.steeringTrackWidth, "steering track width (m)");
    checkPositive(geometry.wheelRadius, "wheel radius (m)");
    this.wheelbase = geometry.wheelbase;
    this.tractionTrackWidth = geometry.tractionTrackWidth;
    this.steeringTrackWidth = geometry.steeringTrackWidth;
    this.wheelRadius = geometry.wheelRadius;
  }

  /** Inverse kinematics; `vy` is ignored. */
  toWheelSpeeds(chassis: ChassisVelocity): AckermannWheelSpeeds {
    const out = this.toWheelSpeedsInto(new Float64Array(4), chassis.vx, chassis.omega);
    return {
      leftSteeringAngle: out[0] as number,
      rightSteeringAngle: out[1] as number,
      leftRate: out[2] as number,
      rightRate: out[3] as number,
    };
  }

  /**
   * Inverse kinematics, allocation-free.
   * @param out - out: [δ_left (rad), δ_right (rad), φ̇_left (rad/s), φ̇_right (rad/s)].
   * @param vx - forward velocity of the rear axle's centre (m/s).
   * @param omega - yaw rate (rad/s).
   * @returns `out`.
   */
  // perf-sensitive
  toWheelSpeedsInto(out: Float64Array, vx: number, omega: number): Float64Array {
    const L = this.wheelbase;
    const hs = 0.5 * this.steeringTrackWidth;
    const hb = 0.5 * this.tractionTrackWidth * omega;
    out[0] = steeredWheelAngle(L, hs, vx, omega);
    out[1] = steeredWheelAngle(L, -hs, vx, omega);
    out[2] = (vx - hb) / this.wheelRadius;
    out[3] = (vx + hb) / this.wheelRadius;
    return out;
  }

  /** Forward kinematics (from the rear wheels; the steering angles are not needed). */
  toChassisSpeeds(speeds: AckermannWheelSpeeds): ChassisVelocity {
    const out = this.toChassisSpeedsInto(new Float64Array(3), speeds.leftRate, speeds.rightRate);
    return { vx: out[0] as number, vy: 0, omega: out[2] as number };
  }

  /**
   * Forward kinematics, allocation-free.
   * @param out - out: [vx (m/s), 0, ω (rad/s)] (or a step's dx, 0, dθ for rolled angles).
   * @param leftRate - rear-left wheel rate (rad/s) or angle rolled over a step (rad).
   * @param rightRate - rear-right wheel rate (rad/s) or angle rolled (rad).
   * @returns `out`.
   */
  // perf-sensitive
  toChassisSpeedsInto(out: Float64Array, leftRate: number, rightRate: number): Float64Array {
    const r = this.wheelRadius;
    out[0] = 0.5 * r * (leftRate + rightRate);
    out[1] = 0;
    out[2] = (r * (rightRate - leftRate)) / this.tractionTrackWidth;
    return out;
  }

  /** Odometry increment from the rear wheels' rolled angles. */
  toTwist2d(start: AckermannWheelPositions, end: AckermannWheelPositions): Twist2d {
    const out = this.toChassisSpeedsInto(new Float64Array(3), end.left - start.left, end.right - start.right);
    return { dx: out[0] as number, dy: 0, dtheta: out[2] as number };
  }
}
