/**
 * The twist of a frame parallel to the base frame with its origin at (px, py) in the base
 * frame (m), from the base twist (m/s, m/s, rad/s): (vx − ω·py, vy + ω·px, ω).
 * @param out - out: [vx (m/s), vy (m/s), ω (rad/s)] of the frame at p.
 * @returns `out`.
 */
// perf-sensitive
export function twistAtPointInto(
  out: Float64Array,
  px: number,
  py: number,
  vx: number,
  vy: number,
  omega: number,
): Float64Array {
  out[0] = vx - omega * py;
  out[1] = vy + omega * px;
  out[2] = omega;
  return out;
}

/**
 * The base frame's rigid motion (in the base frame at the start) when a frame parallel to it
 * at (px, py) (m) moves by (dx, dy, dθ) in its own start frame: base_T_p · motion · p_T_base.
 * @param out - out: [x (m), y (m), θ (rad)] of the base frame's motion.
 * @returns `out`.
 */
// perf-sensitive
export function baseMotionFromPointInto(
  out: Float64Array,
  px: number,
  py: number,
  dx: number,
  dy: number,
  dtheta: number,
): Float64Array {
  const c = Math.cos(dtheta);
  const s = Math.sin(dtheta);
  out[0] = px + dx - (c * px - s * py);
  out[1] = py + dy - (s * px + c * py);
  out[2] = dtheta;
  return out;
}
