import type { MjcfMeshAssets } from "./mjcfMeshAssets.js";

/**
 * How fixed joints reach MJCF. "weld": each link stays a body, welded to its parent (no joint
 * element), with its own inertial exactly as the model gives it. "merge": each rigid cluster
 * becomes one body holding the cluster's composite inertial (parallel-axis theorem, tensors
 * rotated into the surviving link's axes), its geoms and sensors re-posed, and a site per
 * merged link frame.
 */
export type MjcfFixedJoints = "weld" | "merge";

/** Every {@link MjcfFixedJoints} value, for command-line choices. */
export const MJCF_FIXED_JOINTS: readonly MjcfFixedJoints[] = ["weld", "merge"];

/**
 * Default {@link MjcfFixedJoints}: "weld". Welded bodies add no degree of freedom, so the
 * dynamics equal the merged model's, while every link keeps its name, its pose and its own
 * inertial as read (no composite arithmetic), which is what sensors, frames and tools that
 * look bodies up by link name need. MuJoCo's own URDF importer merges (fusestatic).
 */
export const MJCF_FIXED_JOINTS_DEFAULT: MjcfFixedJoints = "weld";

/** Options of `emitMjcf`. */
export interface EmitMjcfOptions {
  /**
   * "plane" (default) adds a ground plane and a light (unless the robot brings a ground of its
   * own) and a free joint on the root body so a mobile robot can move; a robot whose root is a
   * URDF `world` link stays where its joints to the world put it. "none" writes the robot
   * alone, fixed to the world.
   */
  readonly world?: "plane" | "none";
  /** How fixed joints are written; default {@link MJCF_FIXED_JOINTS_DEFAULT}. */
  readonly fixedJoints?: MjcfFixedJoints;
  /**
   * The mesh files written next to the MJCF (see `mjcfMeshAssets`): each mesh geometry with an
   * asset here becomes a mesh geom; without one, a comment says the mesh is left out.
   */
  readonly meshes?: MjcfMeshAssets;
}
