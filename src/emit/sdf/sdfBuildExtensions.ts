import { sdfSensorLinkExtension } from "../gazebo/sdfSensorLinkExtension.js";
import type { SdfLinkExtension, SdfModelExtension } from "./writeSdfModel.js";

/**
 * The extensions `robokit emit --format sdf` and `robokit build` apply to the SDF model
 * (sensors, plugins). Other emitter families register theirs here with one added line each,
 * without editing the SDF writer.
 */
export const sdfBuildExtensions: { readonly linkExtensions: readonly SdfLinkExtension[]; readonly modelExtensions: readonly SdfModelExtension[] } = {
  linkExtensions: [sdfSensorLinkExtension],
  modelExtensions: [],
};
