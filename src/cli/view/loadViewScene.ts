import { existsSync, readdirSync, statSync } from "node:fs";
import { basename, dirname, extname, join, resolve } from "node:path";

import { driveFromModel, type DriveFromModel } from "../../kinematics/driveFromModel.js";
import { driveJoints } from "../../kinematics/driveJoints.js";
import { emitUrdf } from "../../emit/urdf/emitUrdf.js";
import { checkRobot } from "../../model/checkRobot.js";
import { type LinkInertiaBoxes, linkInertiaBoxes } from "../../model/linkInertiaBoxes.js";
import type { Robot } from "../../model/Robot.js";
import { decodeXmlBytes } from "../../parse/decodeXmlBytes.js";
import { sdfToModel } from "../../parse/sdfToModel.js";
import { urdfToModel } from "../../parse/urdfToModel.js";
import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { bundledExamples } from "../bundledExamples.js";
import { validatePath } from "../commands/validateCommand.js";
import { InputError, UsageError } from "../errors.js";
import { loadRobot } from "../loadRobot.js";
import { readInputFile } from "../readInputFile.js";
import { readRegularFile } from "../resolve/readRegularFile.js";
import { INPUT_LIMITS } from "../../util/inputLimits.js";
import type { TraceTable } from "./readTraceCsv.js";
import { searchPathsFrom } from "../resolve/searchPaths.js";
import type { ViewFile } from "./checkViewFile.js";
import { resolveMeshUri } from "./resolveMeshUri.js";
import { sceneUrdf } from "./sceneUrdf.js";
import { inertiaWarningsByLink } from "./inertiaWarningsByLink.js";
import { viewMeshMeasurer } from "./viewMeshMeasurer.js";
import { viewRefusalDiagnostic } from "./viewRefusalDiagnostic.js";
import { viewRoots, type ViewRoots } from "./viewRoots.js";

/** What the viewer page draws: sent as JSON by `GET /api/scene`. */
export interface ViewScene {
  /** Robot name. */
  readonly name: string;
  /** The argument as the user gave it. */
  readonly source: string;
  readonly format: "robot" | "urdf" | "sdf";
  /** URDF for urdf-loader: the file read and written again, or emitted from the model; mesh and texture URIs are relative, `files/<i>/<name>` (or `missing/…`). */
  readonly urdf: string;
  /** The robokit model (frames, inertials, sensors, joints), when the input converts to one. */
  readonly robot: Robot | null;
  /** The validator's diagnostics for the file (checkRobot's for a robot model). */
  readonly diagnostics: readonly Diagnostic[];
  /** Steering and wheel joints of the robot's drive (twist input), else null. */
  readonly drive: {
    readonly type: DriveFromModel["type"];
    readonly steerJoints: readonly string[];
    readonly wheelJoints: readonly string[];
  } | null;
  /** A simulation trace to play back, or null. */
  readonly trace: TraceTable | null;
  /** Mesh and texture URIs that did not resolve to a file. */
  readonly unresolvedMeshes: readonly string[];
  /** Every link with an inertial: its equivalent inertia box, its geometry's, and its geometry-inertia warnings. */
  readonly inertia: readonly ViewLinkInertia[];
}

/** A link's inertia boxes for the page's inertia display (link frame, m, quaternions [x, y, z, w]). */
export interface ViewLinkInertia extends LinkInertiaBoxes {
  /** Codes of the validator's geometry-inertia warnings on this link (GEOMETRY_INERTIA_CODES: units, density, inertia and COM against the geometry). */
  readonly warnings: readonly string[];
}

/** A scene plus what only the server needs: mesh files, files to watch, the drive's kinematics. */
export interface LoadedScene {
  readonly scene: ViewScene;
  /** The meshes and textures, checked to be regular files below `roots`, indexed as in `files/<i>/`. */
  readonly files: readonly ViewFile[];
  /** Real paths below which files may be served (a DAE's textures beside it, too). */
  readonly roots: readonly string[];
  /** Files and folders whose change reloads the scene. */
  readonly watch: readonly string[];
  readonly drive: DriveFromModel | undefined;
}

/** Options of {@link loadViewScene}. */
export interface LoadViewSceneOptions {
  /** For an SDF world: the inline model to show. */
  readonly model?: string;
  /** -I folders: searched for model:// and relative URIs, and served from. */
  readonly includePaths?: readonly string[];
  /** Environment with ROS_PACKAGE_PATH, SDF_PATH, GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH (default process.env). */
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/**
 * Loads `robokit view`'s argument: a bundled robot name, a robot module or document
 * (.ts/.js/.json/.yaml), a URDF or SDF file, or a model folder (model.config, or one
 * .urdf/.sdf). Throws UsageError/InputError as loadRobot does; `generation` busts the module
 * cache of a .ts/.js robot on reload. Meshes and textures are served only from the roots of
 * {@link viewRoots}; the rest is reported (VIEW_FILE_OUTSIDE_ROOTS, VIEW_FILE_NOT_REGULAR,
 * VIEW_FILE_TOO_LARGE, VIEW_URL_REMOTE, RESOURCE_NOT_FOUND).
 */
export async function loadViewScene(
  arg: string,
  trace: TraceTable | null,
  generation = 0,
  options: LoadViewSceneOptions = {},
): Promise<LoadedScene> {
  const paths = searchPathsFrom(options.includePaths ?? [], options.env ?? process.env);
  if (bundledExamples[arg] !== undefined && !existsSync(arg)) {
    const robot = await loadRobot(arg);
    // A bundled example lives inside robokit (no meshes, nothing to watch): its name stands for its file.
    return fromRobot(robot, arg, "robot", arg, checkRobot(robot), [], trace, viewRoots(undefined, paths));
  }
  const path = resolve(arg);
  if (!existsSync(path))
    return fromRobot(await loadRobot(arg), arg, "robot", path, [], [], trace, viewRoots(undefined, paths));
  const file = statSync(path).isDirectory() ? modelFolderFile(path, arg) : path;
  const roots = viewRoots(file, paths);
  const ext = extname(file).toLowerCase();
  if (ext === ".urdf" || ext === ".sdf" || ext === ".world" || ext === ".xml") {
    const decoded = decodeXmlBytes(readInputFile(file, INPUT_LIMITS.maxXmlBytes), arg);
    if (decoded.text === undefined) throw new InputError(`${arg}: cannot read`, decoded.diagnostics);
    const text = decoded.text;
    const isSdf = ext !== ".urdf" && (ext !== ".xml" || /<sdf[\s>]/.test(text));
    // As `robokit validate -I` would (same search paths), which reads meshes only inside these same roots.
    const diagnostics = validatePath(file, {
      displayName: arg,
      searchPaths: paths.models,
      packagePaths: paths.packages,
    }).diagnostics;
    // A world shows its inline model with the most links (sdfToModel's choice, with a warning saying so).
    const read = isSdf
      ? sdfToModel(text, arg, options.model === undefined ? {} : { model: options.model })
      : urdfToModel(text, arg);
    const unknownModel =
      options.model === undefined
        ? undefined
        : read.diagnostics.find((d) => d.severity === "error" && d.message.includes(`<model name="${options.model}">`));
    if (unknownModel !== undefined) throw new UsageError(`${arg}: ${unknownModel.message}`);
    if (isSdf) {
      // An SDF that does not convert (a world, a ball joint) still opens: the page lists why.
      const notes = read.diagnostics.filter(
        (d) =>
          d.severity !== "info" &&
          !diagnostics.some((v) => v.code === d.code && v.line === d.line && v.message === d.message),
      );
      return fromRobot(read.robot ?? null, arg, "sdf", file, [...diagnostics, ...notes], [], trace, roots);
    }
    return fromRobot(read.robot ?? null, arg, "urdf", file, diagnostics, [], trace, roots, text);
  }
  const robot = await loadRobot(arg, generation);
  return fromRobot(robot, arg, "robot", file, checkRobot(robot), [dirname(file)], trace, roots);
}

function fromRobot(
  robot: Robot | null,
  source: string,
  format: ViewScene["format"],
  file: string,
  diagnostics: readonly Diagnostic[],
  extraWatch: readonly string[],
  trace: TraceTable | null,
  roots: ViewRoots,
  urdfText?: string,
): LoadedScene {
  const raw = urdfText ?? (robot === null ? '<robot name="empty"/>' : emitUrdf(robot));
  const files: ViewFile[] = [];
  const indexOf = new Map<string, number>();
  const unresolved: string[] = [];
  const refusals = new Map<string, Diagnostic>();
  // Every URL the page would fetch becomes a path below the server's token (`files/<i>/<name>`), `missing/…`, or is dropped.
  const urdf =
    sceneUrdf(raw, source, (uri, kind) => {
      const found = resolveMeshUri(uri, file, roots);
      if ("file" in found) {
        let i = indexOf.get(found.file.path);
        if (i === undefined) {
          i = files.push(found.file) - 1;
          indexOf.set(found.file.path, i);
        }
        return `files/${i}/${encodeURIComponent(basename(found.file.path))}`;
      }
      if ("unresolved" in found) {
        unresolved.push(uri);
        return kind === "mesh" ? `missing/${encodeURIComponent(basename(uri))}` : undefined;
      }
      const d = viewRefusalDiagnostic(`${kind} ${uri}`, "remote" in found ? { refused: "remote" } : found, source);
      if (d !== undefined && !refusals.has(d.message)) refusals.set(d.message, d);
      // Not even the name of a refused file reaches the page.
      return kind === "mesh" ? "missing/refused" : undefined;
    }) ?? '<robot name="empty"/>';
  const result = robot === null ? undefined : driveFromModel(robot).drive;
  const drive = result === undefined ? null : { type: result.type, ...driveJoints(result) };
  const name = robot?.name ?? /<robot\b[^>]*\bname\s*=\s*["']([^"']*)/.exec(urdf)?.[1] ?? basename(file);
  const warnings = inertiaWarningsByLink(diagnostics);
  const inertia =
    robot === null
      ? []
      : linkInertiaBoxes(robot, viewMeshMeasurer(file, roots)).map((b) => ({
          ...b,
          warnings: warnings.get(b.link) ?? [],
        }));
  const meshDiagnostics: Diagnostic[] = [...new Set(unresolved)].map((uri) => ({
    // The code and severity validate gives a mesh it cannot find, so the two agree.
    code: "RESOURCE_NOT_FOUND",
    severity: "warning",
    message: `mesh ${uri} not found (searched the file's folders, ROS_PACKAGE_PATH, SDF_PATH, GZ_SIM_RESOURCE_PATH): Gazebo and RViz load the robot without it, so they do not draw it or collide with it`,
    file: source,
  }));
  return {
    scene: {
      name,
      source,
      format,
      urdf,
      robot,
      diagnostics: [...diagnostics, ...refusals.values(), ...meshDiagnostics],
      drive,
      trace,
      unresolvedMeshes: unresolved,
      inertia,
    },
    files,
    roots: roots.roots,
    watch: [file, ...extraWatch],
    drive: result,
  };
}

/** The description file of a model folder: model.config's <sdf>, else its only .sdf or .urdf. */
function modelFolderFile(dir: string, arg: string): string {
  const config = join(dir, "model.config");
  if (existsSync(config)) {
    const read = readRegularFile(config, 1024 * 1024);
    const named =
      "bytes" in read ? /<sdf\b[^>]*>\s*([^<\s]+)\s*<\/sdf>/.exec(read.bytes.toString("utf8"))?.[1] : undefined;
    if (named !== undefined && existsSync(join(dir, named))) return join(dir, named);
  }
  const candidates = readdirSync(dir).filter((f) => /\.(sdf|urdf)$/i.test(f));
  if (candidates.length === 1 && candidates[0] !== undefined) return join(dir, candidates[0]);
  throw new UsageError(
    `${arg}: a model folder needs a model.config or exactly one .sdf/.urdf file (found ${candidates.length})`,
  );
}
