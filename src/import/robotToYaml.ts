import type { Robot } from "../model/Robot.js";
import { yamlComment } from "./codegen/yamlComment.js";
import { yamlDocumentText } from "./codegen/yamlDocumentText.js";

/** Where an imported robot came from and what the import could not keep. */
export interface RobotToYamlOptions {
  /** Base name of the imported file, for the header comment. */
  readonly from: string;
  /** One line each: what the import kept verbatim or left out. */
  readonly notes?: readonly string[];
}

/**
 * A robot as a robokit robot document (YAML), with a header saying where it came from.
 * Numbers are written in their shortest round-trip form (the yaml package's default), so
 * `readRobotDocument(robotToYaml(r))` gives back the same robot (test/import/import.test.ts).
 * Input text reaches the header only through {@link yamlComment} and the document only
 * through {@link yamlDocumentText} (docs/security-codegen.md).
 */
export function robotToYaml(robot: Robot, options: RobotToYamlOptions): string {
  const header = [`${robot.name}: imported by robokit import from ${options.from}`, ...(options.notes ?? [])];
  return `${header.map((line) => `${yamlComment(line)}\n`).join("")}${yamlDocumentText(robot)}`;
}
