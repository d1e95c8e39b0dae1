import type { Robot } from "../../model/Robot.js";
import { generatedBy } from "../xml/generatedBy.js";
import { serializeXml, xmlDocument } from "../xml/xmlDocument.js";
import { sdfLosses } from "./sdfLosses.js";
import { DEFAULT_SDF_VERSION, toSdfVersion } from "./SdfVersion.js";
import { writeSdfModel, type SdfModelOptions } from "./writeSdfModel.js";
import { xmlCommentText } from "../../util/xmlCommentText.js";

/** Options of {@link emitSdf}. */
export interface EmitSdfOptions extends Omit<SdfModelOptions, "version"> {
  /** "1.6" … "1.11"; default "1.9". Any other text throws UnsupportedSdfVersionError. */
  readonly version?: string;
  /** Recorded in the generated-by comment. */
  readonly stamp?: Readonly<Record<string, string>>;
}

/**
 * An SDF file with one `<model>` (see `writeSdfModel` for the pose convention). Pure
 * and deterministic. The warnings of `sdfLosses` (what the version cannot express) are
 * repeated in comments after the generated-by stamp, so the file says what it lacks.
 *
 * @throws UnsupportedSdfVersionError for a version robokit does not write.
 */
export function emitSdf(robot: Robot, options: EmitSdfOptions = {}): string {
  const version = toSdfVersion(options.version ?? DEFAULT_SDF_VERSION);
  const doc = xmlDocument(generatedBy(`sdf ${version}`, options.stamp));
  for (const loss of sdfLosses(robot, version)) {
    if (loss.severity !== "info") doc.com(` robokit ${loss.severity} ${loss.code}: ${xmlCommentText(loss.message)} `);
  }
  const root = doc.ele("sdf", { version });
  writeSdfModel(root, robot, { ...options, version });
  return serializeXml(doc);
}
