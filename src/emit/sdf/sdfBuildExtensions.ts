import { sdfSensorLinkExtension } from "../gazebo/sdfSensorLinkExtension.js";
import type { RosPlatform } from "../gazebo/RosDistro.js";
import type { SdfLinkExtension, SdfModelExtension } from "./writeSdfModel.js";

/**
 * The extensions `robokit emit --format sdf` and `robokit build` apply to the SDF model
 * (sensors, plugins) for a simulation target. Other emitter families register theirs here with one added line each,
 * without editing the SDF writer.
 */
export function sdfBuildExtensions(platform: RosPlatform): {
  readonly linkExtensions: readonly SdfLinkExtension[];
  readonly modelExtensions: readonly SdfModelExtension[];
} {
  return { linkExtensions: [sdfSensorLinkExtension(platform)], modelExtensions: [] };
}
