import type { ChassisVelocity } from "./ChassisVelocity.js";
import type { DriveKinematics } from "./DriveKinematics.js";
import type { Twist2d } from "./Twist2d.js";

/** Differential-drive wheel speeds. */
export interface DifferentialWheelSpeeds {
  /** Left wheel surface speed (m/s). */
  readonly left: number;
  /** Right wheel surface speed (m/s). */
  readonly right: number;
  /** Left wheel spin rate (rad/s). */
  readonly leftAngular: number;
  /** Right wheel spin rate (rad/s). */
  readonly rightAngular: number;
}

/** Differential-drive wheel positions: the distance each side has rolled (m), positive forward. */
export interface DifferentialWheelPositions {
  /** Left wheel travel (m). */
  readonly left: number;
  /** Right wheel travel (m). */
  readonly right: number;
}

/**
 * Differential (two-wheel, skid or tank) drive kinematics (WPILib
 * `DifferentialDriveKinematics`, ros2_controllers `diff_drive_controller`): the base origin
 * midway between the wheels, track width b (m) between the wheel contact lines.
 * IK: u_left = vx − ω·b/2, u_right = vx + ω·b/2 (m/s); vy is not achievable and ignored.
 * FK: vx = (u_left + u_right)/2, ω = (u_right − u_left)/b. Odometry: the FK of the wheel
 * travel over a step is (dx, 0, dθ); feed it to {@link Odometry.addVelocity}(dx, 0, dθ, 1)
 * for the exact arc (WPILib `DifferentialDriveOdometry`).
 */
export class DifferentialDriveKinematics
  implements DriveKinematics<DifferentialWheelSpeeds, DifferentialWheelPositions>
{
  /** Track width (m). */
  readonly trackWidth: number;
  /** Wheel radius (m). */
  readonly wheelRadius: number;

  /**
   * @param trackWidth - distance between the left and right wheel contact lines (m), > 0.
   * @param wheelRadius - wheel radius (m), > 0. Default 1 (speeds then double as rad/s·m).
   * @throws RangeError on a non-finite or non-positive argument.
   */
  constructor(trackWidth: number, wheelRadius = 1) {
    if (!(trackWidth > 0) || !Number.isFinite(trackWidth))
      throw new RangeError(`track width must be finite and > 0 m, got ${String(trackWidth)}`);
    if (!(wheelRadius > 0) || !Number.isFinite(wheelRadius))
      throw new RangeError(`wheel radius must be finite and > 0 m, got ${String(wheelRadius)}`);
    this.trackWidth = trackWidth;
    this.wheelRadius = wheelRadius;
  }

  /**
   * Inverse kinematics, ergonomic form.
   * @param chassis - body twist (m/s, rad/s) in base_link; `vy` is ignored.
   */
  toWheelSpeeds(chassis: ChassisVelocity): DifferentialWheelSpeeds {
    const out = this.toWheelSpeedsInto(new Float64Array(2), chassis.vx, chassis.omega);
    const l = out[0] as number;
    const r = out[1] as number;
    return { left: l, right: r, leftAngular: l / this.wheelRadius, rightAngular: r / this.wheelRadius };
  }

  /**
   * Inverse kinematics, allocation-free.
   *
   * @param out - out: [left, right] surface speeds (m/s).
   * @param vx - forward velocity (m/s).
   * @param omega - yaw rate (rad/s).
   * @returns `out`.
   */
  // perf-sensitive
  toWheelSpeedsInto(out: Float64Array, vx: number, omega: number): Float64Array {
    const h = 0.5 * this.trackWidth * omega;
    out[0] = vx - h;
    out[1] = vx + h;
    return out;
  }

  /**
   * Forward kinematics, ergonomic form.
   * @param left - left surface speed (m/s) or travel over a step (m).
   * @param right - right surface speed (m/s) or travel (m).
   */
  toChassisVelocity(left: number, right: number): ChassisVelocity {
    const out = this.toChassisVelocityInto(new Float64Array(3), left, right);
    return { vx: out[0] as number, vy: 0, omega: out[2] as number };
  }

  /** Forward kinematics from the surface speeds (m/s) of {@link DifferentialWheelSpeeds}. */
  toChassisSpeeds(speeds: DifferentialWheelSpeeds): ChassisVelocity {
    return this.toChassisVelocity(speeds.left, speeds.right);
  }

  /** Odometry increment (m, 0, rad) from the travel of each side. */
  toTwist2d(start: DifferentialWheelPositions, end: DifferentialWheelPositions): Twist2d {
    const c = this.toChassisVelocity(end.left - start.left, end.right - start.right);
    return { dx: c.vx, dy: 0, dtheta: c.omega };
  }

  /**
   * Forward kinematics, allocation-free.
   *
   * @param out - out: [vx (m/s), 0, ω (rad/s)] (or a step's dx, 0, dθ for travel).
   * @param left - left surface speed (m/s) or travel (m).
   * @param right - right surface speed (m/s) or travel (m).
   * @returns `out`.
   */
  // perf-sensitive
  toChassisVelocityInto(out: Float64Array, left: number, right: number): Float64Array {
    out[0] = 0.5 * (left + right);
    out[1] = 0;
    out[2] = (right - left) / this.trackWidth;
    return out;
  }
}
