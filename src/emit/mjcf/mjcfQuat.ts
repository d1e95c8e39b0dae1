import { quatFromRpy } from "../../model/Pose.js";
import type { Quat, Vec3 } from "../../model/Vector.js";

/**
 * An MJCF `quat` attribute value: MuJoCo orders quaternions [w, x, y, z], while robokit
 * (gl-matrix) orders them [x, y, z, w]. Every MJCF orientation goes through here so the
 * reordering happens in exactly one place.
 *
 * @param q - unit quaternion [x, y, z, w].
 * @returns the same rotation as [w, x, y, z].
 */
export function toMjcfQuat(q: Quat): readonly [number, number, number, number] {
  return [q[3], q[0], q[1], q[2]];
}

/**
 * MJCF `quat` [w, x, y, z] of a URDF fixed-axis roll-pitch-yaw (rad).
 *
 * @param rpy - roll, pitch, yaw (rad), R = Rz(yaw)·Ry(pitch)·Rx(roll).
 */
export function mjcfQuatFromRpy(rpy: Vec3): readonly [number, number, number, number] {
  return toMjcfQuat(quatFromRpy(rpy));
}
