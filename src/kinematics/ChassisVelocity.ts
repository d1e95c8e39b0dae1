/**
 * Body twist of the robot: velocity of the base reference point (the origin of
 * base_link) expressed in base_link (REP-103: x forward, y left, z up).
 */
export interface ChassisVelocity {
  /** Forward velocity (m/s). */
  readonly vx: number;
  /** Leftward velocity (m/s). */
  readonly vy: number;
  /** Yaw rate about +z (rad/s), CCW positive. */
  readonly omega: number;
}
