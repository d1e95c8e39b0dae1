import type { Robot } from "../../model/Robot.js";
import type { Artifact } from "../Artifact.js";
import type { EmitOptions } from "../emitFormats.js";
import { emitSdf } from "./emitSdf.js";
import { sdfBuildExtensions } from "./sdfBuildExtensions.js";
import { sdfModelDirectory } from "./sdfModelDirectory.js";
import { toSdfVersion } from "./SdfVersion.js";

/** `robokit emit --format sdf`: the SDF file at `options.sdfVersion` (default 1.9) with the registered extensions. */
export function emitSdfFromOptions(robot: Robot, options: EmitOptions): string {
  return emitSdf(robot, { ...sdfBuildExtensions, version: toSdfVersion(options.sdfVersion) });
}

/** `robokit build`: the Gazebo model directory `sdf/<robot>/` at `options.sdfVersion`. */
export function sdfArtifactsFromOptions(robot: Robot, options: EmitOptions): Artifact[] {
  return sdfModelDirectory(robot, { ...sdfBuildExtensions, version: toSdfVersion(options.sdfVersion) });
}
