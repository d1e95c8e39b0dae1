import { parseYamlDocument } from "../util/yamlDocument.js";
import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { hasErrors } from "../diagnostics/Diagnostic.js";
import { checkRobotData } from "./checkRobotData.js";
import type { Robot } from "./Robot.js";

/** Result of reading a robot document: the robot when it is valid, and every diagnostic. */
export interface RobotDocumentResult {
  readonly robot?: Robot;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Reads a robot written as YAML or JSON (JSON is YAML) and checks it as every robot is
 * checked ({@link checkRobotData}: schemas/robot.schema.json, then the model rules), reporting
 * each problem with its JSON pointer and the line:column where it stands in the text.
 *
 * @param text - the document text.
 * @param file - the name to report (no I/O happens here).
 */
export function readRobotDocument(text: string, file: string): RobotDocumentResult {
  const parsed = parseYamlDocument(text, file);
  if (parsed.document === undefined) return { diagnostics: parsed.diagnostics };
  const { data, locate } = parsed.document;
  const diagnostics = checkRobotData(data, { file, locate });
  return hasErrors(diagnostics) ? { diagnostics } : { robot: data as Robot, diagnostics };
}
