/**
 * Command or measurement for one steered-and-driven wheel. The wheel's ground velocity
 * vector is speed·(cos angle, sin angle) in base_link, so (angle + π, −speed) is the same
 * motion (a "flipped" state).
 */
export interface SteeredWheelState {
  /** Steering angle (rad) about +z from base_link's +x, CCW positive, in (−π, π] when canonical. */
  readonly angle: number;
  /** Contact-point speed along the wheel's heading (m/s); may be negative after a flip. */
  readonly speed: number;
  /** Wheel spin rate, speed / wheel radius (rad/s); same sign as speed. */
  readonly angularSpeed: number;
}
