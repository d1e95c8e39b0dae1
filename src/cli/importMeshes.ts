import { meshKey, meshSolidCandidates, type MeshSolids } from "../import/meshSolidLinks.js";
import type { MeshMassProperties } from "../model/MeshMassProperties.js";
import type { Robot } from "../model/Robot.js";
import { meshMassProperties } from "../parse/mesh/meshMassProperties.js";
import { readMesh } from "../parse/mesh/readMesh.js";
import { containedMeshReader } from "./containedMeshReader.js";
import { defaultIncludeLimits, type IncludeLimits } from "./resolve/includeLimits.js";

/** The meshes `robokit import` measured, and why the others were not. */
export interface ImportMeshes {
  /** Closed meshes' mass properties, by mesh and scale. */
  readonly solids: MeshSolids;
  /** One line per mesh not measured: its URI and the reason (not found, outside the roots, …). */
  readonly skipped: readonly string[];
}

/**
 * Reads and measures the meshes of the links `robokit import` could write as solidLink's mesh
 * form (one visual and collision with the same mesh), from disk, contained as the import's
 * includes are ({@link containedMeshReader}: the roots, regular files only, `limits.maxFileBytes`
 * each and `limits.maxTotalBytes` in all). Only closed meshes count; an open one (whose volume
 * robokit can only approximate) is skipped.
 */
export function importMeshes(
  robot: Robot,
  file: string,
  includePaths: readonly string[],
  env: Readonly<Record<string, string | undefined>>,
  limits: IncludeLimits = defaultIncludeLimits,
): ImportMeshes {
  const candidates = meshSolidCandidates(robot);
  const solids = new Map<string, MeshMassProperties>();
  const skipped: string[] = [];
  if (candidates.length === 0) return { solids, skipped };
  const reader = containedMeshReader(file, includePaths, env, limits);
  const read = (uri: string): Uint8Array | string => {
    const r = reader(uri);
    return "bytes" in r ? r.bytes : r.reason;
  };
  for (const g of candidates) {
    const bytes = read(g.uri);
    if (typeof bytes === "string") {
      skipped.push(`${g.uri}: ${bytes}`);
      continue;
    }
    const parsed = readMesh(bytes, g.uri);
    const props =
      parsed.mesh === undefined
        ? undefined
        : meshMassProperties(parsed.mesh, g.uri, { scale: g.scale ?? [1, 1, 1] }).properties;
    if (props === undefined) skipped.push(`${g.uri}: not a mesh robokit can measure`);
    else if (props.method !== "closed-mesh") skipped.push(`${g.uri}: not a closed mesh, so it bounds no solid`);
    else solids.set(meshKey(g), props);
  }
  return { solids, skipped };
}
