import type { ChassisVelocity } from "./ChassisVelocity.js";

/**
 * Field-relative command to body frame (WPILib `ChassisSpeeds.fromFieldRelativeSpeeds`):
 * (vx, vy) given in the field (world) frame are rotated by −heading into base_link; ω is
 * unchanged (yaw rate is the same in both frames).
 *
 * @param field - velocity in the field frame (m/s, m/s, rad/s).
 * @param heading - robot yaw in the field frame (rad, CCW from the field's +x).
 * @returns the body twist in base_link.
 */
export function fromFieldRelative(field: ChassisVelocity, heading: number): ChassisVelocity {
  const out = fromFieldRelativeInto(new Float64Array(3), field.vx, field.vy, field.omega, heading);
  return { vx: out[0] as number, vy: out[1] as number, omega: out[2] as number };
}

/**
 * Allocation-free {@link fromFieldRelative}.
 *
 * @param out - out: [vx, vy (m/s, base_link), ω (rad/s)].
 * @param vx - field-frame x velocity (m/s).
 * @param vy - field-frame y velocity (m/s).
 * @param omega - yaw rate (rad/s).
 * @param heading - robot yaw in the field (rad).
 * @returns `out`.
 */
// perf-sensitive
export function fromFieldRelativeInto(
  out: Float64Array,
  vx: number,
  vy: number,
  omega: number,
  heading: number,
): Float64Array {
  const c = Math.cos(heading);
  const s = Math.sin(heading);
  out[0] = c * vx + s * vy;
  out[1] = -s * vx + c * vy;
  out[2] = omega;
  return out;
}
