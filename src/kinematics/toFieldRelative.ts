import type { ChassisVelocity } from "./ChassisVelocity.js";
import { fromFieldRelativeInto } from "./fromFieldRelative.js";

/**
 * Body twist to field frame (the inverse of {@link fromFieldRelative}; WPILib
 * `ChassisSpeeds.toFieldRelativeSpeeds`): (vx, vy) in base_link rotated by +heading.
 *
 * @param body - body twist in base_link (m/s, m/s, rad/s).
 * @param heading - robot yaw in the field frame (rad).
 * @returns the velocity in the field frame.
 */
export function toFieldRelative(body: ChassisVelocity, heading: number): ChassisVelocity {
  const out = toFieldRelativeInto(new Float64Array(3), body.vx, body.vy, body.omega, heading);
  return { vx: out[0] as number, vy: out[1] as number, omega: out[2] as number };
}

/**
 * Allocation-free {@link toFieldRelative}.
 *
 * @param out - out: [vx, vy (m/s, field), ω (rad/s)].
 * @param vx - body forward velocity (m/s).
 * @param vy - body leftward velocity (m/s).
 * @param omega - yaw rate (rad/s).
 * @param heading - robot yaw in the field (rad).
 * @returns `out`.
 */
// perf-sensitive
export function toFieldRelativeInto(
  out: Float64Array,
  vx: number,
  vy: number,
  omega: number,
  heading: number,
): Float64Array {
  // Field from body is the inverse rotation: body from field at −heading.
  return fromFieldRelativeInto(out, vx, vy, omega, -heading);
}
