import { sdfAtLeast, type SdfVersion } from "./SdfVersion.js";

/**
 * What each SDF version can express, in one table, so every version gate reads from here.
 * Sources: the spec files of each version (test/data/sdformat/spec) and libsdformat's
 * migration notes.
 */
export interface SdfFeatures {
  /** `//pose/@relative_to` (1.7+). 1.6 poses are relative to the model (links) or the child link (joints). */
  readonly poseRelativeTo: boolean;
  /** `<capsule>` geometry (1.8+); older files get a cylinder plus two spheres. */
  readonly capsule: boolean;
  /** `//joint/axis/mimic` (1.11+). */
  readonly axisMimic: boolean;
  /**
   * Write URDF continuous joints as `type="continuous"` (1.10+). The type is in the spec since
   * 1.6, but Gazebo Classic and early Ignition physics did not create it; for 1.6–1.9 robokit
   * writes what libsdformat's own URDF converter writes: `revolute` with ±1e16 limits.
   */
  readonly continuousJoint: boolean;
  /**
   * `//joint/screw_thread_pitch` (1.10+, m/rev, right-handed positive), which supersedes the
   * deprecated `thread_pitch` (rad/m, left-handed positive).
   */
  readonly screwThreadPitch: boolean;
}

/** The feature set of one SDF version. */
export function sdfFeatures(version: SdfVersion): SdfFeatures {
  return {
    poseRelativeTo: sdfAtLeast(version, "1.7"),
    capsule: sdfAtLeast(version, "1.8"),
    axisMimic: sdfAtLeast(version, "1.11"),
    continuousJoint: sdfAtLeast(version, "1.10"),
    screwThreadPitch: sdfAtLeast(version, "1.10"),
  };
}
