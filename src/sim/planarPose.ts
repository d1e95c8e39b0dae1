/**
 * Yaw (rad, about world +z, in (−π, π]) of a MuJoCo quaternion [w, x, y, z]: the heading of
 * the body's x axis projected on the ground plane.
 */
export function yawOfMjQuat(w: number, x: number, y: number, z: number): number {
  return Math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z));
}
