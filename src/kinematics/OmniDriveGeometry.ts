/**
 * Sign convention of omni wheel speeds.
 * - `ccw` (robokit's default, as FESTO Robotino's API): a positive wheel speed drives the
 *   contact point along the CCW tangent d_i = (−sin α_i, cos α_i), so
 *   u_i = −sin α_i·vx + cos α_i·vy + R·ω; all wheels positive turns the robot CCW.
 * - `ros2`: ros2_controllers omni_wheel_drive_controller, whose wheels drive along the CW
 *   tangent: ω_i = (sin α_i·vx − cos α_i·vy − R·ω)/r, i.e. exactly minus `ccw`.
 */
export type OmniConvention = "ccw" | "ros2";

/**
 * Geometry of an n-wheel omni base: wheel i sits at angle α_i (rad, CCW from base_link +x)
 * on a circle of radius R about the base origin, its axle pointing at the centre.
 */
export interface OmniDriveGeometry {
  /** α_i (rad), one per wheel, in wheel order. ros2's `wheel_offset` is α_0 with α_i = α_0 + 2πi/n. */
  readonly wheelAngles: readonly number[];
  /** R, base origin to wheel contact (m); ros2 `robot_radius`. */
  readonly robotRadius: number;
  /** r, wheel radius (m); ros2 `wheel_radius`. */
  readonly wheelRadius: number;
  /** Motor revolutions per wheel revolution (unitless, > 0). Default 1. */
  readonly gearRatio?: number;
  /** Wheel speed sign convention. Default "ccw". */
  readonly convention?: OmniConvention;
}
