import type { InertiaTensor } from "./Inertial.js";
import type { Vec3 } from "./Vector.js";

/**
 * Mass properties of a homogeneous solid bounded by a mesh, for unit density: multiply
 * `unitInertia` by the density (kg/m³) for kg·m² (robokit/read's `massPropertiesAtDensity`).
 * Frame: the mesh's own axes, after the scale.
 */
export interface MeshMassProperties {
  /** Volume, m³ (> 0). */
  readonly volume: number;
  /** Centre of volume (= centre of mass of a homogeneous solid), m, in mesh axes. */
  readonly com: Vec3;
  /** Sides of the mesh's axis-aligned bounding box, m (after the scale; sign-free). */
  readonly size: Vec3;
  /** Inertia tensor about `com`, mesh axes, per unit density (m⁵); URDF signs (ixy = −∫xy dV). */
  readonly unitInertia: InertiaTensor;
  /**
   * `closed-mesh`: exact for the solid the mesh bounds; `bounding-box`: the mesh was not closed,
   * and these are the properties of its axis-aligned bounding box (a MESH_NOT_CLOSED warning says so).
   */
  readonly method: "closed-mesh" | "bounding-box";
}
