import type { Robot } from "../../model/Robot.js";
import { generatedBy } from "../xml/generatedBy.js";
import { serializeXml, xmlDocument } from "../xml/xmlDocument.js";
import type { SdfVersion } from "./SdfVersion.js";

/** File name of the SDF inside a Gazebo model directory. */
export const MODEL_SDF_FILE = "model.sdf";

/**
 * `model.config` of a Gazebo model directory: name, version, the SDF file and its version,
 * author and description. Name is the robot's; version, description and author come from
 * `robot.package` where present (author from its maintainer).
 */
export function emitModelConfig(robot: Robot, version: SdfVersion): string {
  const doc = xmlDocument(generatedBy("gazebo model.config", { sdf: version }));
  const model = doc.ele("model");
  model.ele("name").txt(robot.name);
  const info = robot.package;
  if (info?.version !== undefined) model.ele("version").txt(info.version);
  model.ele("sdf", { version }).txt(MODEL_SDF_FILE);
  if (info?.maintainer !== undefined) {
    const author = model.ele("author");
    author.ele("name").txt(info.maintainer.name);
    author.ele("email").txt(info.maintainer.email);
  }
  if (info?.description !== undefined) model.ele("description").txt(info.description);
  return serializeXml(doc);
}
