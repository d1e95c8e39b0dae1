import type { Robot } from "../../model/Robot.js";
import type { Artifact } from "../Artifact.js";
import { emitModelConfig, MODEL_SDF_FILE } from "./emitModelConfig.js";
import { emitSdf, type EmitSdfOptions } from "./emitSdf.js";
import { toSdfVersion } from "./SdfVersion.js";

/**
 * A Gazebo model directory: `sdf/<robot>/model.config` and `sdf/<robot>/model.sdf`, so
 * adding `sdf/` to GZ_SIM_RESOURCE_PATH (GAZEBO_MODEL_PATH for Classic) makes
 * `model://<robot>` resolve.
 *
 * @throws UnsupportedSdfVersionError for a version robokit does not write.
 */
export function sdfModelDirectory(robot: Robot, options: EmitSdfOptions = {}): Artifact[] {
  const version = toSdfVersion(options.version);
  return [
    { path: `sdf/${robot.name}/model.config`, content: emitModelConfig(robot, version) },
    { path: `sdf/${robot.name}/${MODEL_SDF_FILE}`, content: emitSdf(robot, { ...options, version }) },
  ];
}
