import { mat4, quat, vec3 } from "gl-matrix";

import { wrapAngle } from "../util/wrapAngle.js";
import type { Quat, Vec3 } from "./Vector.js";

/**
 * A rigid transform `parent_T_child`: the child frame's origin and orientation expressed in
 * the parent frame (URDF `<origin>`, SDF `<pose>`).
 *
 * - `xyz`: translation in metres, REP-103 axes (x forward, y left, z up).
 * - `rpy`: fixed-axis roll-pitch-yaw in radians, as URDF defines it: rotate about the
 *   parent's x by roll, then the parent's y by pitch, then the parent's z by yaw
 *   (R = Rz(yaw)·Ry(pitch)·Rx(roll)).
 */
export interface Pose {
  readonly xyz: Vec3;
  readonly rpy: Vec3;
}

/** The identity transform. */
export const IDENTITY_POSE: Pose = Object.freeze({ xyz: [0, 0, 0] as const, rpy: [0, 0, 0] as const });

/** Builds a pose; `rpy` defaults to zero. Units: m and rad. */
export function pose(xyz: Vec3, rpy: Vec3 = [0, 0, 0]): Pose {
  return { xyz, rpy };
}

/** Quaternion [x, y, z, w] of fixed-axis roll-pitch-yaw (rad). */
export function quatFromRpy(rpy: Vec3): Quat {
  const [r, p, y] = rpy;
  const cr = Math.cos(r / 2),
    sr = Math.sin(r / 2);
  const cp = Math.cos(p / 2),
    sp = Math.sin(p / 2);
  const cy = Math.cos(y / 2),
    sy = Math.sin(y / 2);
  return [
    sr * cp * cy - cr * sp * sy,
    cr * sp * cy + sr * cp * sy,
    cr * cp * sy - sr * sp * cy,
    cr * cp * cy + sr * sp * sy,
  ];
}

/**
 * Fixed-axis roll-pitch-yaw (rad) of a quaternion [x, y, z, w]. Pitch is in [−π/2, π/2];
 * at the gimbal-lock singularity roll is set to 0 and yaw carries the whole rotation.
 */
export function rpyFromQuat(q: Quat): Vec3 {
  const [x, y, z, w] = normalizeQuat(q);
  const sinp = 2 * (w * y - z * x);
  if (Math.abs(sinp) >= 1 - 1e-12) {
    const pitch = Math.sign(sinp) * (Math.PI / 2);
    const yaw = -2 * Math.sign(sinp) * Math.atan2(x, w);
    return [0, pitch, wrapAngle(yaw)];
  }
  const roll = Math.atan2(2 * (w * x + y * z), 1 - 2 * (x * x + y * y));
  const pitch = Math.asin(sinp);
  const yaw = Math.atan2(2 * (w * z + x * y), 1 - 2 * (y * y + z * z));
  return [roll, pitch, yaw];
}

function normalizeQuat(q: Quat): Quat {
  const n = Math.hypot(q[0], q[1], q[2], q[3]);
  if (!(n > 0)) throw new RangeError("rpyFromQuat: zero quaternion");
  return [q[0] / n, q[1] / n, q[2] / n, q[3] / n];
}

// gl-matrix allocates Float32Array by default; robot descriptions need double precision.
const mat4f64 = (): mat4 => new Float64Array(16) as unknown as mat4;
const quatf64 = (): quat => new Float64Array(4) as unknown as quat;
const vec3f64 = (): vec3 => new Float64Array(3) as unknown as vec3;

/** 4×4 column-major homogeneous matrix (gl-matrix layout) of `parent_T_child`. */
export function poseToMatrix(p: Pose): mat4 {
  const q = quatFromRpy(p.rpy);
  return mat4.fromRotationTranslation(
    mat4f64(),
    quat.set(quatf64(), q[0], q[1], q[2], q[3]),
    vec3.set(vec3f64(), ...p.xyz),
  );
}

/** Pose of a 4×4 rigid matrix (column-major, gl-matrix layout). */
export function poseFromMatrix(m: mat4): Pose {
  const t = mat4.getTranslation(vec3f64(), m);
  const q = mat4.getRotation(quatf64(), m);
  return { xyz: [t[0], t[1], t[2]], rpy: rpyFromQuat([q[0], q[1], q[2], q[3]]) };
}

/** `a_T_c = a_T_b ∘ b_T_c`. */
export function composePoses(a_T_b: Pose, b_T_c: Pose): Pose {
  return poseFromMatrix(mat4.multiply(mat4f64(), poseToMatrix(a_T_b), poseToMatrix(b_T_c)));
}

/** `b_T_a` from `a_T_b`. */
export function invertPose(a_T_b: Pose): Pose {
  // A rigid transform is always invertible; gl-matrix returns null only for singular input.
  const inverse = mat4.invert(mat4f64(), poseToMatrix(a_T_b));
  if (inverse === null) throw new RangeError("invertPose: singular transform");
  return poseFromMatrix(inverse);
}

/** Applies `a_T_b` to a point given in frame b, returning it in frame a (m). */
export function transformPoint(a_T_b: Pose, p_b: Vec3): Vec3 {
  const out = vec3.transformMat4(vec3f64(), vec3.set(vec3f64(), ...p_b), poseToMatrix(a_T_b));
  return [out[0], out[1], out[2]];
}

/** Rotation matrix (row-major 3×3 as nested arrays) of fixed-axis rpy. */
export function rotationFromRpy(rpy: Vec3): readonly [Vec3, Vec3, Vec3] {
  const m = poseToMatrix({ xyz: [0, 0, 0], rpy });
  // gl-matrix is column-major: m[col * 4 + row].
  return [
    [m[0], m[4], m[8]],
    [m[1], m[5], m[9]],
    [m[2], m[6], m[10]],
  ];
}

/** Rotates a direction by fixed-axis rpy (no translation). */
export function rotateVector(rpy: Vec3, v: Vec3): Vec3 {
  const r = rotationFromRpy(rpy);
  return [
    r[0][0] * v[0] + r[0][1] * v[1] + r[0][2] * v[2],
    r[1][0] * v[0] + r[1][1] * v[1] + r[1][2] * v[2],
    r[2][0] * v[0] + r[2][1] * v[1] + r[2][2] * v[2],
  ];
}
