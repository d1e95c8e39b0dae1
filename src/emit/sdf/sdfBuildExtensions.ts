import { sdfSensorLinkExtension } from "../gazebo/sdfSensorLinkExtension.js";
import type { SimTarget } from "../gazebo/SimTarget.js";
import type { SdfLinkExtension, SdfModelExtension } from "./writeSdfModel.js";

/**
 * The extensions `robokit emit --format sdf` and `robokit build` apply to the SDF model
 * (sensors, plugins) for a simulation target. Other emitter families register theirs here with one added line each,
 * without editing the SDF writer.
 */
export function sdfBuildExtensions(target: SimTarget): { readonly linkExtensions: readonly SdfLinkExtension[]; readonly modelExtensions: readonly SdfModelExtension[] } {
  return { linkExtensions: [sdfSensorLinkExtension(target)], modelExtensions: [] };
}
