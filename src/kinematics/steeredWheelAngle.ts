/**
 * Steering angle (rad, about the base's +z, CCW positive, in [−π/2, π/2]) of a steered
 * wheel whose steering axis is at (px, py) in the base frame (m), for the base twist
 * (vx, 0, ω) (m/s, rad/s): the direction of the axis point's velocity (vx − ω·py, ω·px),
 * with the wheel rolling backwards when that velocity points rearwards. 0 when the point is
 * at rest.
 */
// perf-sensitive
export function steeredWheelAngle(px: number, py: number, vx: number, omega: number): number {
  const ux = vx - omega * py;
  const uy = omega * px;
  if (ux === 0) return uy === 0 ? 0 : uy > 0 ? Math.PI / 2 : -Math.PI / 2;
  return Math.atan(uy / ux);
}
