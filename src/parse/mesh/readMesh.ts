import { meshDiagnostic } from "./meshDiagnostic.js";
import { readCollada, type ColladaReadOptions } from "./readCollada.js";
import { readObj } from "./readObj.js";
import { readStl } from "./readStl.js";
import { MESH_LIMITS, type MeshLimits, type MeshReadResult } from "./TriangleMesh.js";
import { assertNever } from "../../util/assertNever.js";

/** The mesh file formats robokit reads. */
export type MeshFormat = "stl" | "obj" | "collada";

/** A {@link MeshReadResult} with the format the file was read as (absent when none was recognised). */
export interface MeshFileReadResult extends MeshReadResult {
  readonly format?: MeshFormat;
}

/**
 * Reads a mesh file of any supported format: by its extension (.stl, .obj, .dae, any case),
 * else by its content (`<` first: COLLADA; `solid` or a binary STL size: STL; a `v ` line: OBJ).
 * Pure: `file` only names the file. `options` reach the COLLADA reader (`upAxis`, default
 * `"ignore"`, as Gazebo loads the file). Never throws.
 */
export function readMesh(
  bytes: Uint8Array,
  file: string,
  limits: MeshLimits = MESH_LIMITS,
  options: ColladaReadOptions = {},
): MeshFileReadResult {
  const format = formatOf(bytes, file);
  switch (format) {
    case "stl":
      return { format, ...readStl(bytes, file, limits) };
    case "obj":
      return { format, ...readObj(bytes, file, limits) };
    case "collada":
      return { format, ...readCollada(bytes, file, limits, options) };
    case undefined:
      return {
        diagnostics: [
          meshDiagnostic(
            "meshMalformed",
            "not a mesh robokit reads: the name does not end in .stl, .obj or .dae and the content is not STL, OBJ or COLLADA",
            file,
          ),
        ],
      };
    default:
      assertNever(format, "mesh format");
  }
}

function formatOf(bytes: Uint8Array, file: string): MeshFormat | undefined {
  const extension = /\.([A-Za-z]+)$/.exec(file)?.[1]?.toLowerCase();
  if (extension === "stl") return "stl";
  if (extension === "obj") return "obj";
  if (extension === "dae") return "collada";
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 4096));
  if (/^\s*</.test(head)) return "collada";
  if (/^\s*solid/i.test(head)) return "stl";
  if (
    bytes.length >= 84 &&
    84 + 50 * new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(80, true) === bytes.length
  )
    return "stl";
  if (/^v\s/m.test(head)) return "obj";
  return undefined;
}
