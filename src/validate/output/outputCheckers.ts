import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { ArtifactKind } from "../../emit/ArtifactKind.js";
import { checkMjcf } from "../../emit/mjcf/checkMjcf.js";
import { readRobotDocument } from "../../model/readRobotDocument.js";
import { CONTROLLER_DISTROS, type ControllerDistro } from "../controllers/ControllerDefinitions.js";
import { checkControllerParameters } from "../controllers/checkControllerParameters.js";
import { validateSdf, validateUrdf } from "../validateFile.js";

/** What a checker may read besides its own file: the files generated with it, and the distro they are for. */
export interface OutputContext {
  /** Every file generated in the same run (a controllers file is checked against the URDF beside it). */
  readonly artifacts: readonly { readonly path: string; readonly content: string }[];
  /** The ROS distro the files are for, when there is one (build). */
  readonly distro?: string;
}

/**
 * Checks one generated file's text and returns its findings (only errors stop the write).
 * Pure: `file` is the artifact's path, only reported.
 */
export type OutputChecker = (text: string, file: string, context: OutputContext) => readonly Diagnostic[];

/**
 * controller_manager's parameter file against the distro's ros2_controllers definitions and
 * the URDF generated beside it. A ROS 1 package (noetic) has ros_control's parameters, which
 * these definitions do not describe, so it is not checked here.
 */
function checkControllersYaml(text: string, file: string, context: OutputContext): readonly Diagnostic[] {
  const distro = CONTROLLER_DISTROS.find((d) => d === context.distro);
  if (distro === undefined) return [];
  const urdf = context.artifacts.find((a) => a.path.endsWith(".urdf"));
  return checkControllerParameters([{ path: file, text }], {
    distro: distro satisfies ControllerDistro,
    ...(urdf === undefined ? {} : { robot: { path: urdf.path, text: urdf.content } }),
  });
}

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
  "controllers-yaml": checkControllersYaml,
  "robot-document": (text, file) => readRobotDocument(text, file).diagnostics,
  other: undefined,
};
