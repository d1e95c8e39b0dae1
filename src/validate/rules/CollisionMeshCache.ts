import type { Vec3 } from "../../model/Vector.js";
import { meshMassProperties, type MeshMassProperties } from "../../parse/mesh/meshMassProperties.js";
import { readMesh } from "../../parse/mesh/readMesh.js";
import { MESH_LIMITS } from "../../parse/mesh/TriangleMesh.js";
import type { ResourceReader } from "../RuleContext.js";

/**
 * Bytes of mesh files one validation reads in all (8 files at the mesh size limit). Each mesh is
 * read once per scale it is used at and only its measurements are kept, so memory holds one
 * mesh at a time; this bounds the reading of many large meshes.
 */
export const MESH_READ_BUDGET = 1024 * 1024 * 1024;

/** A collision mesh measured at one scale: its bounding box and mass properties (unit density). */
export interface MeasuredMesh {
  /** Corners of the scaled mesh's axis-aligned bounding box, mesh axes (m). */
  readonly lo: Vec3;
  readonly hi: Vec3;
  /** Undefined when the mesh encloses no measurable solid. */
  readonly properties: MeshMassProperties | undefined;
  /** COLLADA `<unit meter>`, when the file has one. */
  readonly colladaUnit: number | undefined;
  /** COLLADA `<up_axis>` the file declares (not applied: Gazebo ignores it). */
  readonly upAxis: "X_UP" | "Y_UP" | "Z_UP" | undefined;
}

/**
 * The collision meshes of one validation, measured once per resolved file and scale however
 * many links name them (150 links of one 9.6 MB mesh were each measured anew), within
 * {@link MESH_READ_BUDGET} bytes read.
 */
export class CollisionMeshCache {
  readonly #measured = new Map<string, MeasuredMesh | undefined>();
  readonly #read: ResourceReader;
  readonly #budget: number;
  #bytesRead = 0;
  /** True once a mesh was left unmeasured because the budget was spent. */
  overBudget = false;

  constructor(read: ResourceReader, budget = MESH_READ_BUDGET) {
    this.#read = read;
    this.#budget = budget;
  }

  /** The mesh in `file` (resolved) at `scale`, or undefined when it cannot be read, measured or afforded. */
  measure(file: string, uri: string, scale: Vec3): MeasuredMesh | undefined {
    const key = `${scale.join(" ")} ${file}`;
    if (this.#measured.has(key)) return this.#measured.get(key);
    const measured = this.#measure(file, uri, scale);
    this.#measured.set(key, measured);
    return measured;
  }

  #measure(file: string, uri: string, scale: Vec3): MeasuredMesh | undefined {
    if (this.#bytesRead >= this.#budget) {
      this.overBudget = true;
      return undefined;
    }
    const bytes = this.#read(file);
    if (!("bytes" in bytes)) return undefined;
    this.#bytesRead += bytes.bytes.length;
    // The findings speak for Gazebo, whose ColladaLoader never reads <up_axis>.
    const result = readMesh(bytes.bytes, file, MESH_LIMITS, { upAxis: "ignore" });
    const mesh = result.mesh;
    if (mesh === undefined) return undefined;
    const lo: [number, number, number] = [Infinity, Infinity, Infinity];
    const hi: [number, number, number] = [-Infinity, -Infinity, -Infinity];
    for (let i = 0; i < mesh.positions.length; i += 3) {
      for (let k = 0; k < 3; k++) {
        const v = mesh.positions[i + k]! * scale[k]!;
        lo[k] = Math.min(lo[k]!, v);
        hi[k] = Math.max(hi[k]!, v);
      }
    }
    return {
      lo,
      hi,
      properties: meshMassProperties(mesh, uri, { scale }).properties,
      colladaUnit: result.format === "collada" ? colladaUnit(bytes.bytes) : undefined,
      upAxis: result.upAxis,
    };
  }
}

/** A COLLADA file's `<unit meter>` (read from the first 64 KiB, where `<asset>` sits). */
function colladaUnit(bytes: Uint8Array): number | undefined {
  const head = new TextDecoder("utf-8").decode(bytes.subarray(0, 65_536));
  const m = /<unit\b[^>]*\bmeter\s*=\s*["']([^"']+)["']/.exec(head);
  const v = m === null ? undefined : Number(m[1]);
  return v !== undefined && Number.isFinite(v) && v > 0 ? v : undefined;
}
