import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { DocumentKind } from "../../lsp/documentKind.js";
import { readRobotDocument } from "../../model/readRobotDocument.js";
import { effectiveSeverity } from "../../diagnostics/severityPolicy.js";
import { INPUT_LIMITS } from "../../util/inputLimits.js";
import {
  checkControllerParameters,
  type ParameterFileInput,
} from "../../validate/controllers/checkControllerParameters.js";
import { validateText } from "../commands/validateCommand.js";
import type { ControllerDistro } from "../../validate/controllers/ControllerDefinitions.js";
import { chooseControllerDistro, distroNote } from "../../validate/controllers/chooseControllerDistro.js";
import { findPackageRobot } from "../findPackageRobot.js";
import { findPackageXml } from "../findPackageXml.js";
import { readInputFile } from "../readInputFile.js";
import { readDescriptionSource } from "../readXacro.js";

/** How `robokit validate` is configured for the editor's files (from `robokit lsp`'s options). */
export interface OpenDocumentOptions {
  readonly strict: boolean;
  readonly searchPaths: readonly string[];
  readonly packagePaths: readonly string[];
  readonly xacroArgs: readonly string[];
  /** The editor's distro for controller files that name none (`robokit lsp --distro`). */
  readonly distro?: ControllerDistro;
  /** `ROS_DISTRO` of the server's environment. */
  readonly environment?: string;
}

/**
 * A checker for one kind of file: its text and absolute path in, diagnostics out; `unsaved`
 * holds the editor's texts of other open files, by absolute path, read instead of the disk.
 */
export type DocumentChecker = (
  text: string,
  path: string,
  options: OpenDocumentOptions,
  unsaved: ReadonlyMap<string, string>,
) => Diagnostic[];

/**
 * ros2_control parameter files: `robokit validate`'s controller check, for the distro the file
 * or its package names (else ROS_DISTRO, else the editor's setting, else jazzy; a note says
 * which and why), against the robot of the file's ROS package when it has one (its unsaved
 * text if open).
 */
const checkControllerFile: DocumentChecker = (text, path, options, unsaved) => {
  const robotPath = findPackageRobot(path);
  const robot = robotPath === undefined ? undefined : robotSource(robotPath, options, unsaved);
  const packageXmlPath = findPackageXml(path);
  const packageXml = packageXmlPath === undefined ? undefined : readSource(packageXmlPath, unsaved);
  const choice = chooseControllerDistro({
    files: [{ path, text }],
    ...(packageXml !== undefined ? { packageXml: { path: packageXmlPath!, text: packageXml } } : {}),
    ...(options.environment !== undefined ? { environment: options.environment } : {}),
    ...(options.distro !== undefined ? { fallback: { distro: options.distro, by: "the editor's setting" } } : {}),
  });
  return [
    distroNote(choice, path),
    ...checkControllerParameters([{ path, text }], {
      distro: choice.distro,
      ...(robot === undefined ? {} : { robot }),
    }),
  ]
    .filter((d) => d.file === path)
    .map((d) => ({ ...d, severity: effectiveSeverity(d.severity, options.strict) }));
};

/** A file's unsaved text, else its text on disk, else undefined. */
function readSource(path: string, unsaved: ReadonlyMap<string, string>): string | undefined {
  const open = unsaved.get(path);
  if (open !== undefined) return open;
  try {
    return readInputFile(path, INPUT_LIMITS.maxXmlBytes).toString("utf8");
  } catch {
    return undefined;
  }
}

/** A robot's URDF text (xacro expanded), or undefined when it cannot be read. */
function robotSource(
  path: string,
  options: OpenDocumentOptions,
  unsaved: ReadonlyMap<string, string>,
): ParameterFileInput | undefined {
  const text = readSource(path, unsaved);
  if (text === undefined) return undefined;
  const source = readDescriptionSource(path, path, text, {
    args: options.xacroArgs,
    includePaths: [...options.searchPaths, ...options.packagePaths],
  });
  return source.text === undefined ? undefined : { path, text: source.text };
}

/** The checker of each kind of file: the seam where a new format's check plugs in. */
export const DOCUMENT_CHECKERS: Readonly<Record<DocumentKind, DocumentChecker | undefined>> = {
  urdf: validateXml,
  xacro: validateXml,
  sdf: validateXml,
  "robot-document": (text, path) => [...readRobotDocument(text, path).diagnostics],
  "controller-parameters": checkControllerFile,
  other: undefined,
};

function validateXml(
  text: string,
  path: string,
  options: OpenDocumentOptions,
  unsaved: ReadonlyMap<string, string>,
): Diagnostic[] {
  return [
    ...validateText(path, text, {
      displayName: path,
      strict: options.strict,
      searchPaths: options.searchPaths,
      packagePaths: options.packagePaths,
      xacroArgs: options.xacroArgs,
      unsaved,
    }).diagnostics,
  ];
}

/**
 * The diagnostics `robokit validate` gives for a file, from the editor's (unsaved) text: the
 * same codes, severities and positions, includes and `$(find)` resolved as the CLI resolves
 * them, an open include's unsaved text read instead of its file. Never throws.
 */
export function validateOpenDocument(
  text: string,
  path: string,
  kind: DocumentKind,
  options: OpenDocumentOptions,
  unsaved: ReadonlyMap<string, string> = new Map(),
): Diagnostic[] {
  const check = DOCUMENT_CHECKERS[kind];
  if (check === undefined) return [];
  try {
    return check(text, path, options, unsaved);
  } catch (error) {
    return [
      {
        code: "INTERNAL_ERROR",
        severity: "error",
        message: `robokit failed on this file (a robokit bug): ${error instanceof Error ? error.message : String(error)}`,
        file: path,
      },
    ];
  }
}
