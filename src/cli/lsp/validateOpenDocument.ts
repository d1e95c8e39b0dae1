import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { DocumentKind } from "../../lsp/documentKind.js";
import { readRobotDocument } from "../../model/readRobotDocument.js";
import { parseYamlDocument } from "../../util/yamlDocument.js";
import { validateText } from "../commands/validateCommand.js";

/** How `robokit validate` is configured for the editor's files (from `robokit lsp`'s options). */
export interface OpenDocumentOptions {
  readonly strict: boolean;
  readonly searchPaths: readonly string[];
  readonly packagePaths: readonly string[];
  readonly xacroArgs: readonly string[];
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
 * ros2_control parameter files: YAML syntax until the controller parameter check
 * (checkControllerParameters) is plugged in here.
 */
const checkControllerFile: DocumentChecker = (text, path) => parseYamlDocument(text, path).diagnostics ?? [];

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
