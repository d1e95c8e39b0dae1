/**
 * Time derivative of a {@link ChassisVelocity}'s components: (v̇x, v̇y, ω̇), the
 * derivatives of the body-frame velocity components (not the inertial acceleration).
 */
export interface ChassisAcceleration {
  /** d(vx)/dt (m/s²). */
  readonly ax: number;
  /** d(vy)/dt (m/s²). */
  readonly ay: number;
  /** d(omega)/dt (rad/s²), CCW positive. */
  readonly alpha: number;
}
