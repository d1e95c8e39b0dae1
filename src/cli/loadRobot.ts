import { existsSync, statSync } from "node:fs";
import { extname, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { checkRobotData, loadRobotCheck } from "../model/checkRobotData.js";
import type { Robot } from "../model/Robot.js";
import { readRobotDocument } from "../model/readRobotDocument.js";
import { type Diagnostic, hasErrors } from "../diagnostics/Diagnostic.js";
import { descriptionToModel } from "../parse/descriptionToModel.js";
import { bundledExamples } from "./bundledExamples.js";
import { readDescriptionSource } from "./readXacro.js";
import { InputError, isModelError, UsageError } from "./errors.js";
import { readInputFile } from "./readInputFile.js";
import { INPUT_LIMITS } from "../util/inputLimits.js";
import { provideRobokit } from "./provideRobokit.js";
import { noteUserModule } from "./userModules.js";
import { moduleSyntaxError } from "./moduleSyntaxError.js";

/**
 * Resolves the `<robot>` argument: a bundled example name, a .json/.yaml/.yml document, or a
 * .ts/.mts/.js/.mjs module exporting a robot (named export `robot`, or its only export that
 * is a Robot or a RobotBuilder). Returns a checked robot or throws InputError/UsageError.
 * A non-zero `generation` loads a module afresh (a query on its URL) for live reload.
 */
export async function loadRobot(arg: string, generation = 0): Promise<Robot> {
  const example = bundledExamples[arg];
  // An example name wins unless a robot *file* has that name: after `build mario --out mario`
  // the folder ./mario must not hide the example on the next run.
  if (example !== undefined && !isFile(arg)) {
    const mod = await example.load();
    return checked(toRobot(mod[example.exportName], arg), arg);
  }
  const path = resolve(arg);
  const ext = extname(arg).toLowerCase();
  if (!existsSync(path)) {
    if (ext === "") {
      throw new UsageError(
        `unknown robot "${arg}": not a file, and not a bundled example (${Object.keys(bundledExamples).join(", ")})`,
      );
    }
    throw new InputError(`${arg}: file not found`, [
      { code: "FILE_READ_ERROR", severity: "error", message: "file not found", file: arg },
    ]);
  }
  switch (ext) {
    case ".json":
    case ".yaml":
    case ".yml": {
      const result = readRobotDocument(readInputFile(path, INPUT_LIMITS.maxDocumentBytes).toString("utf8"), arg);
      if (result.robot === undefined) throw new InputError(`${arg}: invalid robot document`, result.diagnostics);
      return result.robot;
    }
    case ".urdf":
    case ".sdf":
    case ".xacro": {
      // A description file (xacro expanded with its defaults): read into the model.
      const source = readDescriptionSource(path, arg, readInputFile(path, INPUT_LIMITS.maxXmlBytes).toString("utf8"));
      if (source.text === undefined) throw new InputError(`${arg}: cannot expand the xacro`, source.diagnostics);
      const read = descriptionToModel(source.text, arg);
      const diagnostics = [...source.diagnostics, ...read.diagnostics.map(source.toSource)];
      if (read.robot === undefined || hasErrors(diagnostics))
        throw new InputError(`${arg}: invalid robot description`, diagnostics);
      // Someone else's file: kept as it says, so what its consumers load is written back with warnings.
      return read.robot.imported === undefined ? { ...read.robot, imported: { lenient: true } } : read.robot;
    }
    case ".ts":
    case ".mts":
    case ".js":
    case ".mjs":
      return checked(await importRobot(path, arg, generation), arg);
    default:
      throw new UsageError(
        `${arg}: unsupported robot file type "${ext}" (use .ts, .js, .json, .yaml, .urdf, .sdf, .xacro or a bundled example name)`,
      );
  }
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

async function importRobot(path: string, arg: string, generation: number): Promise<Robot> {
  let mod: Record<string, unknown>;
  noteUserModule(path, arg);
  const url = pathToFileURL(path).href + (generation === 0 ? "" : `?generation=${generation}`);
  // Its robot is checked next; after an edit the hooks thread is still stripping the module.
  loadRobotCheck();
  // A module written by `robokit import --to ts` imports from "robokit": found even where none is
  // installed, and a .ts module loads with its types stripped (moduleHooks.ts).
  await provideRobokit(import.meta.url, process.env);
  try {
    mod = (await import(url)) as Record<string, unknown>;
  } catch (error) {
    if (isModelError(error)) throw new InputError(`${arg}: invalid robot`, inModule(error.diagnostics, arg));
    const syntax = moduleSyntaxError(error, url);
    if (syntax !== undefined) throw new InputError(`${arg}: cannot load module`, inModule([syntax], arg));
    throw new InputError(`${arg}: cannot load module: ${error instanceof Error ? error.message : String(error)}`);
  }
  if ("robot" in mod) return toRobot(await exported(mod, "robot", arg), arg);
  const values: unknown[] = [];
  for (const name of Object.keys(mod)) values.push(await exported(mod, name, arg));
  const candidates = values.filter((v) => userCode(() => isRobot(v) || isBuilder(v), arg, "an export"));
  if (candidates.length !== 1) {
    throw new InputError(
      `${arg}: export the robot as \`export const robot = …\` (found ${candidates.length} robot-like exports)`,
    );
  }
  return toRobot(candidates[0], arg);
}

/**
 * A module's export, read as user code: a getter that throws, and a promise (`export const robot
 * = makeRobot()` of an async function) that rejects, are the module's errors (InputError, exit
 * 1) naming the export; a promise that resolves gives its value.
 */
async function exported(mod: Record<string, unknown>, name: string, arg: string): Promise<unknown> {
  const value = userCode(() => mod[name], arg, `its export "${name}"`);
  if (!userCode(() => isThenable(value), arg, `its export "${name}"`)) return value;
  try {
    return await value;
  } catch (error) {
    throw new InputError(`${arg}: its export "${name}" is a promise that rejected: ${describe(error)}`);
  }
}

function isThenable(v: unknown): v is PromiseLike<unknown> {
  return typeof v === "object" && v !== null && typeof (v as { then?: unknown }).then === "function";
}

/** Runs what may call the module's own code (a getter); what it throws is the module's error, exit 1. */
function userCode<T>(read: () => T, arg: string, what: string): T {
  try {
    return read();
  } catch (error) {
    throw new InputError(`${arg}: reading ${what} threw: ${describe(error)}`);
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function toRobot(value: unknown, arg: string): Robot {
  if (userCode(() => isBuilder(value), arg, "the robot")) {
    try {
      return (value as { build(): Robot }).build();
    } catch (error) {
      if (isModelError(error)) throw new InputError(`${arg}: invalid robot`, inModule(error.diagnostics, arg));
      throw error;
    }
  }
  // An object with a robot's name or links is the robot even when a field is wrong (a number
  // for its name): the model check that follows names that field.
  if (userCode(() => isRobotShaped(value), arg, "the robot")) return value as Robot;
  throw new InputError(`${arg}: the export is not a robot (expected an object with name and links, or a RobotBuilder)`);
}

/**
 * A module's diagnostics named as the user wrote them: at the builder call's file:line:col
 * (the robot file as given on the command line, or a module it imports, relative to the
 * working folder), else at the robot file.
 */
function inModule(diagnostics: readonly Diagnostic[], arg: string): Diagnostic[] {
  return diagnostics.map((d) => {
    if (d.line === undefined || d.file === undefined) return { ...d, file: arg };
    const file = resolve(d.file) === resolve(arg) ? arg : relative(process.cwd(), d.file) || d.file;
    return { ...d, file };
  });
}

/** The module's robot through the check every robot gets (a document's too): schema, then rules. */
function checked(robot: Robot, arg: string): Robot {
  const diagnostics = checkRobotData(robot, { file: arg });
  if (hasErrors(diagnostics)) throw new InputError(`${arg}: invalid robot`, diagnostics);
  return robot;
}

function isRobot(v: unknown): v is Robot {
  return (
    typeof v === "object" && v !== null && typeof (v as Robot).name === "string" && Array.isArray((v as Robot).links)
  );
}

/** Reads `name` and `links` (a getter of the module's that throws is the module's error, under userCode). */
function isRobotShaped(v: unknown): boolean {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
  const { name, links } = v as { name?: unknown; links?: unknown };
  return name !== undefined || links !== undefined;
}

function isBuilder(v: unknown): v is { build(): Robot } {
  return typeof v === "object" && v !== null && typeof (v as { build?: unknown }).build === "function";
}
