import type { Vec3 } from "./Vector.js";

/** Axis-aligned box centred on its frame; `size` = full extents x y z (m). */
export interface BoxGeometry {
  readonly type: "box";
  readonly size: Vec3;
}

/** Cylinder centred on its frame, axis along the frame's z (URDF/SDF convention). */
export interface CylinderGeometry {
  readonly type: "cylinder";
  /** m */
  readonly radius: number;
  /** Full length along z (m). */
  readonly length: number;
}

/** Sphere centred on its frame. */
export interface SphereGeometry {
  readonly type: "sphere";
  /** m */
  readonly radius: number;
}

/** Capsule along z: a cylinder of `length` (m) capped by two hemispheres of `radius` (m). */
export interface CapsuleGeometry {
  readonly type: "capsule";
  readonly radius: number;
  readonly length: number;
}

/** A mesh file referenced by URI (`package://pkg/meshes/x.dae`, `model://`, relative). */
export interface MeshGeometry {
  readonly type: "mesh";
  readonly uri: string;
  /** Per-axis scale, default [1, 1, 1]. */
  readonly scale?: Vec3;
}

/**
 * SDF `<plane>`: the plane through the frame's origin with `normal` (in the shape frame, default
 * [0, 0, 1]); collision is infinite in the simulators, `size` (m, default [1, 1]) is the extent drawn.
 * URDF has no plane.
 */
export interface PlaneGeometry {
  readonly type: "plane";
  readonly normal: Vec3;
  /** Drawn extent along the plane's two in-plane axes (m). */
  readonly size: readonly [number, number];
}

/** A visual or collision shape. Discriminated on `type`.
 *
 * @discriminator type
 */
export type Geometry = BoxGeometry | CylinderGeometry | SphereGeometry | CapsuleGeometry | MeshGeometry | PlaneGeometry;
