import type {
  BoxGeometry,
  CapsuleGeometry,
  CylinderGeometry,
  MeshGeometry,
  PlaneGeometry,
  SphereGeometry,
} from "./Geometry.js";
import type { Vec3 } from "./Vector.js";

/** Box of full extents x, y, z (m). */
export function box(x: number, y: number, z: number): BoxGeometry {
  return { type: "box", size: [x, y, z] };
}

/** Cylinder along z: radius and full length (m). */
export function cylinder(radius: number, length: number): CylinderGeometry {
  return { type: "cylinder", radius, length };
}

/** Sphere of radius (m). */
export function sphere(radius: number): SphereGeometry {
  return { type: "sphere", radius };
}

/** Capsule along z: radius and cylinder length between the cap centres (m). */
export function capsule(radius: number, length: number): CapsuleGeometry {
  return { type: "capsule", radius, length };
}

/** Mesh by URI (`package://…`, `model://…`), with optional per-axis scale. */
export function mesh(uri: string, scale?: Vec3): MeshGeometry {
  return scale === undefined ? { type: "mesh", uri } : { type: "mesh", uri, scale };
}

/**
 * SDF plane through the shape frame's origin: `normal` in the shape frame (default [0, 0, 1]),
 * `size` the drawn extent (m, default [1, 1]; simulators collide with the infinite plane).
 * URDF has no plane: SDF and MJCF write it, URDF reports it unsupported.
 */
export function plane(normal: Vec3 = [0, 0, 1], size: readonly [number, number] = [1, 1]): PlaneGeometry {
  return { type: "plane", normal, size };
}
