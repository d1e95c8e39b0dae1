/**
 * Acceleration limit on a commanded body twist, as a rate limiter over one control period:
 * the translational command (vx, vy) moves from `previous` towards `target` by at most
 * maxAcceleration·dt (m/s) as a vector (the direction of the change is kept, so a ramp
 * stays straight), and the yaw rate by at most maxAngularAcceleration·dt (rad/s). A limit
 * that is undefined, +∞ or ≤ 0 leaves its part unlimited; a reachable target is returned
 * exactly. Pure and allocation-free; `out` may alias `previous` or `target`.
 *
 * @param out - out: the limited twist [vx (m/s), vy (m/s), ω (rad/s)], base frame.
 * @param previous - the twist commanded one period earlier, same layout.
 * @param target - the twist asked for now, same layout.
 * @param dt - the control period (s), > 0.
 * @param maxAcceleration - translational limit (m/s²).
 * @param maxAngularAcceleration - yaw limit (rad/s²).
 * @returns `out`.
 */
export function limitTwistRateInto(
  out: Float64Array,
  previous: Float64Array,
  target: Float64Array,
  dt: number,
  maxAcceleration: number | undefined,
  maxAngularAcceleration: number | undefined,
): Float64Array {
  const px = previous[0] as number;
  const py = previous[1] as number;
  const pw = previous[2] as number;
  const dx = (target[0] as number) - px;
  const dy = (target[1] as number) - py;
  const dw = (target[2] as number) - pw;
  const step = maxAcceleration !== undefined && maxAcceleration > 0 ? maxAcceleration * dt : Infinity;
  const len = Math.hypot(dx, dy);
  const turn =
    maxAngularAcceleration !== undefined && maxAngularAcceleration > 0 ? maxAngularAcceleration * dt : Infinity;
  // A reachable target is passed through exactly (no round-off from previous + change).
  if (len > step) {
    out[0] = px + (step / len) * dx;
    out[1] = py + (step / len) * dy;
  } else {
    out[0] = target[0] as number;
    out[1] = target[1] as number;
  }
  out[2] = Math.abs(dw) > turn ? pw + Math.sign(dw) * turn : (target[2] as number);
  return out;
}
