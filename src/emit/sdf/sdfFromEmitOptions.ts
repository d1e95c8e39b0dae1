import type { Robot } from "../../model/Robot.js";
import type { Artifact } from "../Artifact.js";
import type { EmitOptions } from "../emitFormats.js";
import { platformOf } from "../gazebo/RosDistro.js";
import { targetSdfVersion } from "../gazebo/SimTarget.js";
import { emitSdf } from "./emitSdf.js";
import { sdfBuildExtensions } from "./sdfBuildExtensions.js";
import { sdfModelDirectory } from "./sdfModelDirectory.js";
import { toSdfVersion, type SdfVersion } from "./SdfVersion.js";

/**
 * The SDF options of a target: its sensors, and `options.sdfVersion` or the version the
 * target's simulator reads (1.9 for gz, 1.6 for classic and ros1).
 */
function sdfOptions(options: EmitOptions): ReturnType<typeof sdfBuildExtensions> & { readonly version: SdfVersion } {
  const platform = platformOf(options);
  return {
    ...sdfBuildExtensions(platform),
    version: options.sdfVersion === undefined ? targetSdfVersion(platform.target) : toSdfVersion(options.sdfVersion),
  };
}

/** `robokit emit --format sdf`: the SDF file for the target, with the registered extensions. */
export function emitSdfFromOptions(robot: Robot, options: EmitOptions): string {
  return emitSdf(robot, sdfOptions(options));
}

/** `robokit build`: the Gazebo model directory `sdf/<robot>/` for the target. */
export function sdfArtifactsFromOptions(robot: Robot, options: EmitOptions): Artifact[] {
  return sdfModelDirectory(robot, sdfOptions(options));
}
