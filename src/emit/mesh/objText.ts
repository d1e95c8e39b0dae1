import type { TriangleMesh } from "../../parse/mesh/TriangleMesh.js";
import { num } from "../xml/xmlDocument.js";

/**
 * A Wavefront OBJ of `mesh`: one `v x y z` line per vertex (metres, robokit's number format,
 * full precision) and one `f a b c` line per triangle (1-based, the mesh's winding). Written
 * where a binary STL cannot hold the mesh (MuJoCo 2.2.2 reads at most 200,000 STL facets).
 * Pure and deterministic.
 */
export function objText(mesh: TriangleMesh): string {
  const lines: string[] = ["# written by robokit"];
  const p = mesh.positions;
  for (let v = 0; v < p.length; v += 3) lines.push(`v ${num(p[v] ?? 0)} ${num(p[v + 1] ?? 0)} ${num(p[v + 2] ?? 0)}`);
  const ix = mesh.indices;
  for (let t = 0; t < ix.length; t += 3)
    lines.push(`f ${(ix[t] ?? 0) + 1} ${(ix[t + 1] ?? 0) + 1} ${(ix[t + 2] ?? 0) + 1}`);
  lines.push("");
  return lines.join("\n");
}
