/**
 * A planar twist over one step, in the body frame at the start of the step: the SE(2)
 * logarithm of the motion. Multiply a {@link ChassisVelocity} by dt to get one.
 */
export interface Twist2d {
  /** Forward displacement along the arc (m). */
  readonly dx: number;
  /** Leftward displacement along the arc (m). */
  readonly dy: number;
  /** Heading change (rad), CCW positive, not wrapped. */
  readonly dtheta: number;
}
