import type { FileReport } from "../diagnostics/formatDiagnosticsJson.js";
import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { effectiveSeverity } from "../diagnostics/severityPolicy.js";
import { INPUT_LIMITS } from "../util/inputLimits.js";
import {
  checkControllerParameters,
  type ParameterFileInput,
  type RobotInput,
} from "../validate/controllers/checkControllerParameters.js";
import type { ControllerDistro } from "../validate/controllers/ControllerDefinitions.js";
import { chooseControllerDistro, distroNote } from "../validate/controllers/chooseControllerDistro.js";
import { isControllerParameterFile } from "../validate/controllers/isControllerParameterFile.js";
import { descriptionToModel } from "../parse/descriptionToModel.js";
import type { Robot } from "../model/Robot.js";
import { findPackageXml } from "./findPackageXml.js";
import { readDescriptionSource } from "./readXacro.js";
import { readInputFile } from "./readInputFile.js";

/** The extensions of ros2_control parameter files `robokit validate` picks up. */
export const PARAMETER_FILE_EXTENSIONS: readonly string[] = [".yaml", ".yml"];

/** True for a path `robokit validate` reads as a parameter file. */
export function isParameterFilePath(path: string): boolean {
  const lower = path.toLowerCase();
  return PARAMETER_FILE_EXTENSIONS.some((e) => lower.endsWith(e));
}

/**
 * Validates the parameter files of one `robokit validate` run together (several files configure
 * one controller_manager), against `robot` when given. A YAML file found in a folder that is not
 * a parameter file is skipped; one named on the command line is an error. One report per file.
 */
export function validateControllerFiles(
  paths: readonly string[],
  named: ReadonlySet<string>,
  options: {
    /** `--distro`; without it the files, their package.xml or `environment` name it (else jazzy). */
    distro?: ControllerDistro;
    /** `ROS_DISTRO` of the environment. */
    environment?: string;
    robot?: string;
    xacroArgs: readonly string[];
    includePaths: readonly string[];
    /** Report every warning as an error (the severity policy's `--strict`). */
    strict?: boolean;
  },
): FileReport[] {
  const reports = new Map<string, Diagnostic[]>();
  const inputs: ParameterFileInput[] = [];
  for (const path of paths) {
    const text = readText(path, INPUT_LIMITS.maxDocumentBytes);
    if (typeof text !== "string") {
      reports.set(path, [text]);
      continue;
    }
    // A file named on the command line may hold only some controllers' parameters (a launch
    // file passes it beside the one that loads them): any ROS 2 parameter file is read.
    const parameterFile = named.has(path) ? text.includes("ros__parameters") : isControllerParameterFile(text);
    if (!parameterFile) {
      if (named.has(path))
        reports.set(path, [
          {
            code: "PARAMETER_FILE_INVALID",
            severity: "error",
            message: "not a ROS 2 parameter file (no ros__parameters)",
            file: path,
            line: 1,
            column: 1,
          },
        ]);
      continue;
    }
    reports.set(path, []);
    inputs.push({ path, text });
  }
  let robot: RobotInput | undefined;
  if (options.robot !== undefined && inputs.length > 0) {
    const text = readText(options.robot, INPUT_LIMITS.maxXmlBytes);
    if (typeof text !== "string") reports.set(options.robot, [text]);
    else {
      const source = readDescriptionSource(options.robot, options.robot, text, {
        args: options.xacroArgs,
        includePaths: options.includePaths,
      });
      if (source.text === undefined) reports.set(options.robot, source.diagnostics);
      else {
        // Checked against nothing is no check: a --robot that is not a robot is an error at it.
        const read = readRobot(options.robot, source.text);
        if (read.model === undefined) reports.set(options.robot, [...source.diagnostics, ...read.errors]);
        else robot = { path: options.robot, text: source.text, model: read.model };
      }
    }
  }
  if (inputs.length === 0) return [...reports].map(([file, diagnostics]) => ({ file, diagnostics }));
  const choice = chooseControllerDistro({
    ...(options.distro !== undefined ? { explicit: options.distro } : {}),
    files: inputs,
    ...packageXmlOf(inputs[0]!.path),
    ...(options.environment !== undefined ? { environment: options.environment } : {}),
  });
  reports.get(choice.at?.file ?? inputs[0]!.path)?.push(distroNote(choice, inputs[0]!.path));
  for (const d of checkControllerParameters(inputs, {
    distro: choice.distro,
    ...(robot !== undefined ? { robot } : {}),
  }))
    reports.get(d.file ?? "")?.push({ ...d, severity: effectiveSeverity(d.severity, options.strict === true) });
  return [...reports].map(([file, diagnostics]) => ({ file, diagnostics }));
}

/** The package.xml of a parameter file's package, when it has one that can be read. */
function packageXmlOf(path: string): { packageXml?: ParameterFileInput } {
  const packageXml = findPackageXml(path);
  if (packageXml === undefined) return {};
  const text = readText(packageXml, INPUT_LIMITS.maxXmlBytes);
  return typeof text === "string" ? { packageXml: { path: packageXml, text } } : {};
}

function readText(path: string, limit: number): string | Diagnostic {
  try {
    return readInputFile(path, limit).toString("utf8");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { code: "FILE_READ_ERROR", severity: "error", message: `cannot read ${path} (${reason})`, file: path };
  }
}

/**
 * The robot `text` (the `--robot` file, xacro expanded) reads as, or why it is no robot the
 * controllers can be checked against: the reader's errors when it yields no robot, at the
 * file's line and column. A URDF or SDF robot is a robot however many warnings it has.
 */
function readRobot(path: string, text: string): { readonly model?: Robot; readonly errors: Diagnostic[] } {
  const read = descriptionToModel(text, path);
  if (read.robot !== undefined) return { model: read.robot, errors: [] };
  const errors = read.diagnostics.filter((d) => d.severity === "error").map((d) => ({ ...d, file: path }));
  return {
    errors:
      errors.length > 0
        ? errors
        : [
            {
              code: "FILE_READ_ERROR",
              severity: "error",
              message: "--robot is not a URDF, xacro or SDF robot: no controller could be checked against it",
              file: path,
              line: 1,
              column: 1,
            },
          ],
  };
}
