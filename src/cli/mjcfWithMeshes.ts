import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { emitMjcf, type EmitMjcfOptions } from "../emit/mjcf/emitMjcf.js";
import { robotMeshes } from "../emit/mjcf/mjcfMeshAssets.js";
import type { Robot } from "../model/Robot.js";
import { UsageError } from "./errors.js";
import { mjcfMeshFiles, type MjcfMeshFilesOptions } from "./mjcfMeshFiles.js";
import type { BinaryArtifact } from "./writeArtifacts.js";

/** An MJCF and the mesh files it reads, ready to be written together. */
export interface MjcfWithMeshes {
  readonly text: string;
  /** Paths relative to the output folder (the MJCF's folder, or `options.folder` below it). */
  readonly meshFiles: readonly BinaryArtifact[];
  /** What reading and converting the meshes found (errors: a mesh MuJoCo would not find). */
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The MJCF of `robot` with its meshes: each mesh file the robot names is read from disk
 * relative to `file` (see {@link mjcfMeshFiles}) and becomes a file beside the MJCF, which
 * names it relative to itself. Check `diagnostics` for errors before writing.
 */
export function mjcfWithMeshes(
  robot: Robot,
  file: string | undefined,
  options: MjcfMeshFilesOptions & Pick<EmitMjcfOptions, "world" | "fixedJoints"> = {},
): MjcfWithMeshes {
  const made = mjcfMeshFiles(robot, file, options);
  const text = emitMjcf(robot, {
    meshes: made.meshes,
    ...(options.world === undefined ? {} : { world: options.world }),
    ...(options.fixedJoints === undefined ? {} : { fixedJoints: options.fixedJoints }),
  });
  return { text, meshFiles: made.files, diagnostics: made.diagnostics };
}

/**
 * Refuses (exit 2) an MJCF to stdout for a robot with meshes: MuJoCo reads meshes from files
 * beside the MJCF, which stdout cannot hold. `how` says which option writes them.
 */
export function refuseMjcfMeshesOnStdout(robot: Robot, input: string, how: string): void {
  const uris = new Set(robotMeshes(robot).map((m) => m.uri));
  if (uris.size === 0) return;
  throw new UsageError(
    `${input}: the robot has ${uris.size} mesh file${uris.size === 1 ? "" : "s"}, which MuJoCo reads from files beside the MJCF; ${how} (MJCF goes to stdout only for a robot without meshes)`,
  );
}
