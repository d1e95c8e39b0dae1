import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { ArtifactKind } from "../../emit/ArtifactKind.js";
import { checkMjcf } from "../../emit/mjcf/checkMjcf.js";
import { readRobotDocument } from "../../model/readRobotDocument.js";
import { validateSdf, validateUrdf } from "../validateFile.js";

/**
 * Checks one generated file's text and returns its findings (only errors stop the write).
 * Pure: `file` is the artifact's path, only reported.
 */
export type OutputChecker = (text: string, file: string) => readonly Diagnostic[];

/**
 * The check each kind of generated file passes before robokit writes it: the same checks
 * `robokit validate` runs on files it did not write. A kind without a checker is written as
 * generated. To check a new kind, add its checker here (one line); every command that writes
 * generated files (build, emit, convert, import) goes through {@link checkArtifacts}.
 */
export const outputCheckers: Readonly<Record<ArtifactKind, OutputChecker | undefined>> = {
  urdf: (text, file) => validateUrdf(text, file),
  sdf: (text, file) => validateSdf(text, file),
  mjcf: (text, file) =>
    checkMjcf(text, file).map((p) => ({
      code: "DOCUMENT_INVALID",
      severity: "error",
      message: `MuJoCo would refuse it: ${p.message}`,
      file,
      line: p.line,
      column: p.column,
    })),
  // controller_manager's parameters: the ros2_control controller-YAML checker plugs in here.
  "controllers-yaml": undefined,
  "robot-document": (text, file) => readRobotDocument(text, file).diagnostics,
  other: undefined,
};
