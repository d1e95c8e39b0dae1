import { symmetricEigen3Into } from "../util/symmetricEigen3.js";
import type { Geometry } from "./Geometry.js";
import type { InertiaTensor, Inertial } from "./Inertial.js";
import { IDENTITY_POSE, rotationFromRpy, type Pose } from "./Pose.js";
import type { Vec3 } from "./Vector.js";
import { assertNever } from "../util/assertNever.js";

// Closed-form tensors of homogeneous solids about their centroid, in the shape's own frame
// (cylinder and capsule axes along z, as URDF/SDF define them). Units: kg, m → kg·m².

/** Solid box of full extents `size` (m). */
export function boxInertia(mass: number, size: Vec3): InertiaTensor {
  const [x, y, z] = size;
  return diagonal((mass / 12) * (y * y + z * z), (mass / 12) * (x * x + z * z), (mass / 12) * (x * x + y * y));
}

/** Solid cylinder of `radius` and full `length` along z. */
export function cylinderInertia(mass: number, radius: number, length: number): InertiaTensor {
  const side = (mass / 12) * (3 * radius * radius + length * length);
  return diagonal(side, side, (mass * radius * radius) / 2);
}

/** Solid sphere. */
export function sphereInertia(mass: number, radius: number): InertiaTensor {
  const i = (2 / 5) * mass * radius * radius;
  return diagonal(i, i, i);
}

/**
 * Solid capsule: cylinder of `length` along z plus two hemispherical caps of `radius`;
 * the mass is shared in proportion to volume.
 */
export function capsuleInertia(mass: number, radius: number, length: number): InertiaTensor {
  const vCyl = Math.PI * radius * radius * length;
  const vCaps = (4 / 3) * Math.PI * radius ** 3;
  const mCyl = (mass * vCyl) / (vCyl + vCaps);
  const mCaps = mass - mCyl;
  const r2 = radius * radius;
  const side =
    (mCyl * (3 * r2 + length * length)) / 12 +
    mCaps * ((2 / 5) * r2 + (length * length) / 4 + (3 * length * radius) / 8);
  return diagonal(side, side, (mCyl * r2) / 2 + (2 / 5) * mCaps * r2);
}

/**
 * Tensor of a homogeneous solid of `mass` filling `geometry`, about its centroid.
 * Meshes have no closed form: pass the tensor explicitly (RangeError otherwise).
 */
export function shapeInertia(mass: number, geometry: Geometry): InertiaTensor {
  switch (geometry.type) {
    case "box":
      return boxInertia(mass, geometry.size);
    case "cylinder":
      return cylinderInertia(mass, geometry.radius, geometry.length);
    case "sphere":
      return sphereInertia(mass, geometry.radius);
    case "capsule":
      return capsuleInertia(mass, geometry.radius, geometry.length);
    case "mesh":
      throw new RangeError(`shapeInertia: no closed form for mesh "${geometry.uri}"; give the inertia tensor`);
    case "plane":
      throw new RangeError("shapeInertia: a plane has no volume; give the inertia tensor");
    default:
      assertNever(geometry, "geometry type");
  }
}

/** An {@link Inertial} for a solid of `mass` (kg) filling `geometry` placed at `origin` (link_T_shape). */
export function solidInertial(mass: number, geometry: Geometry, origin: Pose = IDENTITY_POSE): Inertial {
  return { mass, origin, inertia: shapeInertia(mass, geometry) };
}

/** Row-major symmetric 3×3 matrix of a tensor. */
export type Matrix3 = readonly [Vec3, Vec3, Vec3];

/** The tensor as a symmetric matrix [[ixx, ixy, ixz], [ixy, iyy, iyz], [ixz, iyz, izz]]. */
export function inertiaMatrix(t: InertiaTensor): Matrix3 {
  return [
    [t.ixx, t.ixy, t.ixz],
    [t.ixy, t.iyy, t.iyz],
    [t.ixz, t.iyz, t.izz],
  ];
}

function fromMatrix(m: Matrix3): InertiaTensor {
  return {
    ixx: m[0][0],
    ixy: (m[0][1] + m[1][0]) / 2,
    ixz: (m[0][2] + m[2][0]) / 2,
    iyy: m[1][1],
    iyz: (m[1][2] + m[2][1]) / 2,
    izz: m[2][2],
  };
}

/**
 * Re-expresses a tensor given in frame b in frame a, where `rpy` is the orientation of b in
 * a: I_a = R · I_b · Rᵀ.
 */
export function rotateInertia(t: InertiaTensor, rpy: Vec3): InertiaTensor {
  const r = rotationFromRpy(rpy);
  const m = inertiaMatrix(t);
  const out: number[][] = [
    [0, 0, 0],
    [0, 0, 0],
    [0, 0, 0],
  ];
  for (let i = 0; i < 3; i++) {
    for (let j = 0; j < 3; j++) {
      let s = 0;
      for (let k = 0; k < 3; k++) for (let l = 0; l < 3; l++) s += r[i]![k]! * m[k]![l]! * r[j]![l]!;
      out[i]![j] = s;
    }
  }
  return fromMatrix(out as unknown as Matrix3);
}

/**
 * Parallel-axis theorem: the tensor about a point P, given the tensor about the centre of
 * mass and `d` = COM − P (m), both in the same axes: I_P = I_c + m(|d|²E − d dᵀ).
 */
export function shiftInertia(t: InertiaTensor, mass: number, d: Vec3): InertiaTensor {
  const d2 = d[0] * d[0] + d[1] * d[1] + d[2] * d[2];
  return {
    ixx: t.ixx + mass * (d2 - d[0] * d[0]),
    iyy: t.iyy + mass * (d2 - d[1] * d[1]),
    izz: t.izz + mass * (d2 - d[2] * d[2]),
    ixy: t.ixy - mass * d[0] * d[1],
    ixz: t.ixz - mass * d[0] * d[2],
    iyz: t.iyz - mass * d[1] * d[2],
  };
}

/**
 * Sums rigidly attached parts into one {@link Inertial}: total mass, combined centre of mass
 * (in the link frame), and the tensor about it in link axes (origin rpy = 0).
 */
export function combineInertials(parts: readonly Inertial[]): Inertial {
  if (parts.length === 0) throw new RangeError("combineInertials: no parts");
  let mass = 0;
  const c = [0, 0, 0];
  for (const p of parts) {
    const o = p.origin ?? IDENTITY_POSE;
    mass += p.mass;
    for (let i = 0; i < 3; i++) c[i]! += p.mass * o.xyz[i]!;
  }
  const com: Vec3 = [c[0]! / mass, c[1]! / mass, c[2]! / mass];
  let sum: InertiaTensor = diagonal(0, 0, 0);
  for (const p of parts) {
    const o = p.origin ?? IDENTITY_POSE;
    const rotated = rotateInertia(p.inertia, o.rpy);
    const shifted = shiftInertia(rotated, p.mass, [o.xyz[0] - com[0], o.xyz[1] - com[1], o.xyz[2] - com[2]]);
    sum = addInertia(sum, shifted);
  }
  return { mass, origin: { xyz: com, rpy: [0, 0, 0] }, inertia: sum };
}

function addInertia(a: InertiaTensor, b: InertiaTensor): InertiaTensor {
  return {
    ixx: a.ixx + b.ixx,
    ixy: a.ixy + b.ixy,
    ixz: a.ixz + b.ixz,
    iyy: a.iyy + b.iyy,
    iyz: a.iyz + b.iyz,
    izz: a.izz + b.izz,
  };
}

function diagonal(ixx: number, iyy: number, izz: number): InertiaTensor {
  return { ixx, ixy: 0, ixz: 0, iyy, iyz: 0, izz };
}

/** Principal moments (eigenvalues, ascending) of a symmetric tensor (Jacobi rotations). */
export function principalMoments(t: InertiaTensor): Vec3 {
  const a = Float64Array.of(t.ixx, t.ixy, t.ixz, t.ixy, t.iyy, t.iyz, t.ixz, t.iyz, t.izz);
  const values = new Float64Array(3);
  symmetricEigen3Into(a, values, new Float64Array(9));
  return [values[2]!, values[1]!, values[0]!];
}

/** What is physically wrong with a tensor, if anything. */
export type InertiaProblem = "not-positive-definite" | "triangle-inequality";

/**
 * Checks a tensor: positive definite, and its principal moments satisfy the triangle
 * inequality (I1 + I2 ≥ I3 for every permutation), with a relative tolerance of 1e-9 so a
 * thin rod or flat plate at the limit passes.
 */
export function inertiaProblem(t: InertiaTensor): InertiaProblem | undefined {
  const [a, b, c] = principalMoments(t);
  const scale = Math.max(Math.abs(a), Math.abs(b), Math.abs(c));
  if (!(a > 0) || !(scale > 0)) return "not-positive-definite";
  const tol = 1e-9 * scale;
  if (a + b < c - tol) return "triangle-inequality";
  return undefined;
}
