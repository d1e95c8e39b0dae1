import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { policyDiagnostic } from "../diagnostics/severityPolicy.js";
import { binaryStl } from "../emit/mesh/binaryStl.js";
import { objText } from "../emit/mesh/objText.js";
import {
  mjcfMeshAssets,
  robotMeshes,
  type MjcfMeshAssets,
  type MjcfMeshFileFormat,
} from "../emit/mjcf/mjcfMeshAssets.js";
import type { Robot } from "../model/Robot.js";
import type { ColladaUpAxis } from "../parse/mesh/ColladaUpAxis.js";
import { readMesh } from "../parse/mesh/readMesh.js";
import { MESH_LIMITS, type TriangleMesh } from "../parse/mesh/TriangleMesh.js";
import { assertNever } from "../util/assertNever.js";
import { containedMeshReader } from "./containedMeshReader.js";
import type { IncludeLimits } from "./resolve/includeLimits.js";
import type { BinaryArtifact } from "./writeArtifacts.js";

/** MuJoCo 2.2.2 refuses a binary STL of more facets ("number of faces should be between 1 and 200000"). */
export const MUJOCO_MAX_STL_FACETS = 200_000;

/**
 * What one MJCF's meshes may make robokit read: a mesh file as large as robokit's mesh readers
 * take (`MESH_LIMITS.maxBytes`), and 512 MiB for all of them together.
 */
export const MJCF_MESH_READ_LIMITS: IncludeLimits = {
  maxFileBytes: MESH_LIMITS.maxBytes,
  maxTotalBytes: 512 * 1024 * 1024,
};

/** Options of {@link mjcfMeshFiles}. */
export interface MjcfMeshFilesOptions {
  /** `-I` folders, searched for `package://` and `model://` before the environment's paths. */
  readonly includePaths?: readonly string[];
  /** The environment (ROS_PACKAGE_PATH, AMENT_PREFIX_PATH, SDF_PATH, GZ_SIM_RESOURCE_PATH …). */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** COLLADA `<up_axis>`: ignored by default, as Gazebo and RViz ignore it. */
  readonly colladaUpAxis?: ColladaUpAxis;
  /** Folder of the mesh files in the artifacts' paths (`mjcf` for a package; "" next to the MJCF). */
  readonly folder?: string;
  readonly limits?: IncludeLimits;
}

/** The meshes of an MJCF: the assets for `emitMjcf`, the files to write with it, and what was found. */
export interface MjcfMeshFiles {
  readonly meshes: MjcfMeshAssets;
  readonly files: readonly BinaryArtifact[];
  readonly diagnostics: readonly Diagnostic[];
}

/** One mesh URI read and turned into the bytes MuJoCo will read. */
type Prepared =
  | { readonly format: MjcfMeshFileFormat; readonly bytes: Uint8Array; readonly note?: string }
  | { readonly skip: true };

/**
 * Reads every mesh file `robot` names (resolved from `file`, its description on disk, through
 * {@link containedMeshReader}: the same containment and budgets as `validate`'s and `import`'s
 * reads) and makes the files MuJoCo loads next to the MJCF: a binary STL of at most 200,000 facets
 * and an OBJ of one object are copied as they are; an OBJ of several objects or groups is written
 * as one (MuJoCo 2.2.2 reads the first only); an ASCII STL becomes binary; COLLADA becomes a binary STL
 * with its `<unit>` and node transforms applied (and its `<up_axis>` as `colladaUpAxis` says);
 * a mesh over 200,000 triangles becomes OBJ. A mesh that cannot be found or read is an error
 * (MuJoCo refuses an MJCF whose mesh is missing); one in a format MuJoCo cannot be given is left
 * out with a warning. Each URI is read once, whatever number of geoms and scales use it.
 */
export function mjcfMeshFiles(
  robot: Robot,
  file: string | undefined,
  options: MjcfMeshFilesOptions = {},
): MjcfMeshFiles {
  const diagnostics: Diagnostic[] = [];
  const prepared = new Map<string, Prepared>();
  const shown = file ?? robot.name;
  const where = usesOf(robot);
  const read =
    file === undefined
      ? undefined
      : containedMeshReader(
          file,
          options.includePaths ?? [],
          options.env ?? {},
          options.limits ?? MJCF_MESH_READ_LIMITS,
        );
  for (const mesh of robotMeshes(robot)) {
    if (prepared.has(mesh.uri)) continue;
    const got = read?.(mesh.uri) ?? { problem: "missing" as const, reason: "the robot has no file to resolve it from" };
    if (!("bytes" in got)) {
      diagnostics.push(
        policyDiagnostic(
          "mjcfMeshMissing",
          `mesh "${mesh.uri}" of ${where.get(mesh.uri) ?? "the robot"}: ${got.reason}`,
          {
            file: shown,
          },
        ),
      );
      prepared.set(mesh.uri, { skip: true });
      continue;
    }
    const one = prepare(mesh.uri, got.bytes, options.colladaUpAxis ?? "ignore", shown, diagnostics);
    prepared.set(mesh.uri, one);
    if ("note" in one && one.note !== undefined)
      diagnostics.push(policyDiagnostic("mjcfMeshConverted", `mesh "${mesh.uri}": ${one.note}`, { file: shown }));
  }
  const formatOf = (uri: string): MjcfMeshFileFormat => {
    const p = prepared.get(uri);
    return p !== undefined && "format" in p ? p.format : "stl";
  };
  const meshes = mjcfMeshAssets(robot, formatOf, (uri) => {
    const p = prepared.get(uri);
    return p !== undefined && "skip" in p;
  });
  const folder = options.folder ?? "";
  const files = meshes.files.map((f) => {
    const p = prepared.get(f.uri);
    return {
      path: folder === "" ? f.file : `${folder}/${f.file}`,
      content: p !== undefined && "bytes" in p ? p.bytes : new Uint8Array(),
    };
  });
  return { meshes, files, diagnostics };
}

/** The bytes MuJoCo will read for one mesh file, or a skip with its reason in `diagnostics`. */
function prepare(
  uri: string,
  bytes: Uint8Array,
  upAxis: ColladaUpAxis,
  shown: string,
  diagnostics: Diagnostic[],
): Prepared {
  const parsed = readMesh(bytes, uri, MESH_LIMITS, { upAxis });
  const extension = /\.([A-Za-z0-9]+)$/.exec(uri)?.[1]?.toLowerCase();
  if (parsed.format === undefined) {
    diagnostics.push(
      policyDiagnostic(
        "mjcfMeshFormat",
        `mesh "${uri}"${extension === undefined ? "" : ` (.${extension})`} is not STL, OBJ or COLLADA; its geoms are left out`,
        { file: shown },
      ),
    );
    return { skip: true };
  }
  // The reader's own findings name the mesh; an error means MuJoCo (or robokit) cannot read it.
  diagnostics.push(...parsed.diagnostics);
  const mesh = parsed.mesh;
  if (mesh === undefined) return { skip: true };
  const triangles = mesh.indices.length / 3;
  switch (parsed.format) {
    case "obj": {
      const shapes = objShapes(bytes);
      return shapes > 1
        ? asObj(
            mesh,
            `an OBJ of ${shapes} objects or groups written as one (MuJoCo 2.2.2 reads only the first object of an OBJ)`,
          )
        : { format: "obj", bytes };
    }
    case "stl": {
      if (triangles > MUJOCO_MAX_STL_FACETS)
        return asObj(
          mesh,
          `an STL of ${triangles} facets (MuJoCo 2.2.2 reads at most ${MUJOCO_MAX_STL_FACETS}) written as OBJ`,
        );
      const binary = bytes.length === 84 + 50 * triangles && extension === "stl";
      return binary
        ? { format: "stl", bytes }
        : {
            format: "stl",
            bytes: binaryStl(mesh),
            note: "an ASCII STL written as binary STL (MuJoCo reads binary STL only)",
          };
    }
    case "collada": {
      const axis =
        parsed.upAxis === undefined || parsed.upAxis === "Z_UP"
          ? ""
          : upAxis === "ignore"
            ? `; its <up_axis>${parsed.upAxis}</up_axis> ignored, as Gazebo and RViz ignore it (--collada-up-axis apply turns it to z)`
            : `; its <up_axis>${parsed.upAxis}</up_axis> turned to z`;
      const note = `COLLADA written as ${triangles > MUJOCO_MAX_STL_FACETS ? "OBJ" : "binary STL"} (MuJoCo reads no COLLADA), with its <unit> and node transforms applied${axis}`;
      return triangles > MUJOCO_MAX_STL_FACETS ? asObj(mesh, note) : { format: "stl", bytes: binaryStl(mesh), note };
    }
    default:
      return assertNever(parsed.format, "mesh format");
  }
}

/**
 * How many shapes an OBJ reader that splits at `o` and `g` lines (tinyobjloader, which MuJoCo
 * uses) makes of the file: faces before the first `o`/`g` are one shape, each `o`/`g` starts one.
 */
function objShapes(bytes: Uint8Array): number {
  const text = new TextDecoder("latin1").decode(bytes);
  let shapes = 0;
  let facesBefore = false;
  for (const m of text.matchAll(/^[ \t]*([ofg])[ \t]/gm)) {
    if (m[1] === "f") {
      if (shapes === 0) facesBefore = true;
    } else shapes++;
  }
  return shapes + (facesBefore ? 1 : 0);
}

function asObj(mesh: TriangleMesh, note: string): Prepared {
  return { format: "obj", bytes: new TextEncoder().encode(objText(mesh)), note };
}

/** Where each URI is used first: `link "base" (visual)`, for messages. */
function usesOf(robot: Robot): Map<string, string> {
  const out = new Map<string, string>();
  for (const link of robot.links) {
    for (const [kind, shapes] of [
      ["visual", link.visuals ?? []],
      ["collision", link.collisions ?? []],
    ] as const)
      for (const s of shapes)
        if (s.geometry.type === "mesh" && !out.has(s.geometry.uri))
          out.set(s.geometry.uri, `link "${link.name}" (${kind})`);
  }
  return out;
}
