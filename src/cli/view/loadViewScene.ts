import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";

import { driveFromModel, type OmniDriveFromModel, type SteeredDriveFromModel } from "../../kinematics/driveFromModel.js";
import { emitUrdf } from "../../emit/urdf/emitUrdf.js";
import { checkRobot } from "../../model/checkRobot.js";
import type { Robot } from "../../model/Robot.js";
import { decodeXmlBytes } from "../../parse/decodeXmlBytes.js";
import { sdfToModel } from "../../parse/sdfToModel.js";
import { urdfToModel } from "../../parse/urdfToModel.js";
import type { Diagnostic } from "../../validate/Diagnostic.js";
import { bundledExamples } from "../bundledExamples.js";
import { validatePath } from "../commands/validateCommand.js";
import { InputError, UsageError } from "../errors.js";
import { loadRobot } from "../loadRobot.js";
import { readInputFile } from "../readInputFile.js";
import { readRegularFile } from "../resolve/readRegularFile.js";
import { INPUT_LIMITS } from "../../util/inputLimits.js";
import type { TraceTable } from "./readTraceCsv.js";
import { resolveMeshUri } from "./resolveMeshUri.js";

/** What the viewer page draws: sent as JSON by `GET /api/scene`. */
export interface ViewScene {
  /** Robot name. */
  readonly name: string;
  /** The argument as the user gave it. */
  readonly source: string;
  readonly format: "robot" | "urdf" | "sdf";
  /** URDF for urdf-loader: the file itself, or emitted from the model; mesh URIs point at `/files/<i>/<name>`. */
  readonly urdf: string;
  /** The robokit model (frames, inertials, sensors, joints), when the input converts to one. */
  readonly robot: Robot | null;
  /** The validator's diagnostics for the file (checkRobot's for a robot model). */
  readonly diagnostics: readonly Diagnostic[];
  /** Steering and wheel joints of a steered or omni drive (twist input), else null. */
  readonly drive: { readonly type: "steered" | "omni"; readonly steerJoints: readonly string[]; readonly wheelJoints: readonly string[] } | null;
  /** A simulation trace to play back, or null. */
  readonly trace: TraceTable | null;
  /** Mesh URIs that did not resolve to a file. */
  readonly unresolvedMeshes: readonly string[];
}

/** A scene plus what only the server needs: mesh files, files to watch, the drive's kinematics. */
export interface LoadedScene {
  readonly scene: ViewScene;
  /** Absolute paths of the meshes, indexed as in `/files/<i>/`. */
  readonly files: readonly string[];
  /** Files and folders whose change reloads the scene. */
  readonly watch: readonly string[];
  readonly drive: SteeredDriveFromModel | OmniDriveFromModel | undefined;
}

/**
 * Loads `robokit view`'s argument: a bundled robot name, a robot module or document
 * (.ts/.js/.json/.yaml), a URDF or SDF file, or a model folder (model.config, or one
 * .urdf/.sdf). Throws UsageError/InputError as loadRobot does; `generation` busts the module
 * cache of a .ts/.js robot on reload.
 */
export async function loadViewScene(arg: string, trace: TraceTable | null, generation = 0, options: { readonly model?: string } = {}): Promise<LoadedScene> {
  if (bundledExamples[arg] !== undefined && !existsSync(arg)) {
    const robot = await loadRobot(arg);
    // A bundled example lives inside robokit (no meshes, nothing to watch): its name stands for its file.
    return fromRobot(robot, arg, "robot", arg, checkRobot(robot), [], trace);
  }
  const path = resolve(arg);
  if (!existsSync(path)) return fromRobot(await loadRobot(arg), arg, "robot", path, [], [], trace);
  const file = statSync(path).isDirectory() ? modelFolderFile(path, arg) : path;
  const ext = extname(file).toLowerCase();
  if (ext === ".urdf" || ext === ".sdf" || ext === ".world" || ext === ".xml") {
    const decoded = decodeXmlBytes(readInputFile(file, INPUT_LIMITS.maxXmlBytes), arg);
    if (decoded.text === undefined) throw new InputError(`${arg}: cannot read`, decoded.diagnostics);
    const text = decoded.text;
    const isSdf = ext !== ".urdf" && (ext !== ".xml" || /<sdf[\s>]/.test(text));
    const diagnostics = validatePath(file, { displayName: arg }).diagnostics;
    // A world shows its inline model with the most links (sdfToModel's choice, with a warning saying so).
    const read = isSdf ? sdfToModel(text, arg, options.model === undefined ? {} : { model: options.model }) : urdfToModel(text, arg);
    const unknownModel = options.model === undefined ? undefined : read.diagnostics.find((d) => d.severity === "error" && d.message.includes(`<model name="${options.model}">`));
    if (unknownModel !== undefined) throw new UsageError(`${arg}: ${unknownModel.message}`);
    if (isSdf) {
      // An SDF that does not convert (a world, a ball joint) still opens: the page lists why.
      const notes = read.diagnostics.filter((d) => d.severity !== "info" && !diagnostics.some((v) => v.code === d.code && v.line === d.line && v.message === d.message));
      return fromRobot(read.robot ?? null, arg, "sdf", file, [...diagnostics, ...notes], [], trace);
    }
    return fromRobot(read.robot ?? null, arg, "urdf", file, diagnostics, [], trace, text);
  }
  const robot = await loadRobot(arg, generation);
  return fromRobot(robot, arg, "robot", file, checkRobot(robot), [dirname(file)], trace);
}

function fromRobot(
  robot: Robot | null,
  source: string,
  format: ViewScene["format"],
  file: string,
  diagnostics: readonly Diagnostic[],
  extraWatch: readonly string[],
  trace: TraceTable | null,
  urdfText?: string,
): LoadedScene {
  const raw = urdfText ?? (robot === null ? '<robot name="empty"/>' : emitUrdf(robot));
  const files: string[] = [];
  const unresolved: string[] = [];
  const urdf = raw.replace(/(<mesh\b[^>]*\bfilename\s*=\s*)(["'])(.*?)\2/g, (_m, head: string, q: string, uri: string) => {
    const found = resolveMeshUri(uri, file);
    if (found === undefined) {
      unresolved.push(uri);
      return `${head}${q}/missing/${encodeURIComponent(basename(uri))}${q}`;
    }
    files.push(found);
    return `${head}${q}/files/${files.length - 1}/${encodeURIComponent(basename(found))}${q}`;
  });
  const result = robot === null ? undefined : driveFromModel(robot).drive;
  const drive =
    result === undefined
      ? null
      : result.type === "steered"
        ? { type: "steered" as const, steerJoints: result.layout.modules.map((m) => m.steerJoint), wheelJoints: result.layout.modules.map((m) => m.wheelJoint) }
        : { type: "omni" as const, steerJoints: [], wheelJoints: result.layout.wheels.map((w) => w.joint) };
  const name = robot?.name ?? /<robot\b[^>]*\bname\s*=\s*["']([^"']*)/.exec(raw)?.[1] ?? basename(file);
  const meshDiagnostics: Diagnostic[] = [...new Set(unresolved)].map((uri) => ({
    code: "MESH_URI_UNRESOLVED",
    severity: "warning",
    message: `mesh ${uri} does not resolve to a file (searched the file's folders, ROS_PACKAGE_PATH, SDF_PATH, GZ_SIM_RESOURCE_PATH)`,
    file: source,
  }));
  return {
    scene: { name, source, format, urdf, robot, diagnostics: [...diagnostics, ...meshDiagnostics], drive, trace, unresolvedMeshes: unresolved },
    files,
    watch: [file, ...extraWatch],
    drive: result,
  };
}

/** The description file of a model folder: model.config's <sdf>, else its only .sdf or .urdf. */
function modelFolderFile(dir: string, arg: string): string {
  const config = join(dir, "model.config");
  if (existsSync(config)) {
    const read = readRegularFile(config, 1024 * 1024);
    const named = "bytes" in read ? /<sdf\b[^>]*>\s*([^<\s]+)\s*<\/sdf>/.exec(read.bytes.toString("utf8"))?.[1] : undefined;
    if (named !== undefined && existsSync(join(dir, named))) return join(dir, named);
  }
  const candidates = readdirSync(dir).filter((f) => /\.(sdf|urdf)$/i.test(f));
  if (candidates.length === 1 && candidates[0] !== undefined) return join(dir, candidates[0]);
  throw new UsageError(`${arg}: a model folder needs a model.config or exactly one .sdf/.urdf file (found ${candidates.length})`);
}
