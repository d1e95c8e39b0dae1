import type { TriangleMesh } from "./TriangleMesh.js";
import { weldVertices } from "./weldVertices.js";

/** Edge counts of a mesh whose vertices at the same coordinates are taken as one. */
export interface ClosedMeshCheck {
  /** Edges of exactly one triangle: the surface has a hole. */
  readonly boundaryEdges: number;
  /** Edges of three or more triangles. */
  readonly nonManifoldEdges: number;
  /** Edges of two triangles that run them the same way: the two disagree about outside. */
  readonly misorientedEdges: number;
  /** Triangles with two corners at one point (no area); left out of the count above. */
  readonly degenerateTriangles: number;
  /** True when every edge is shared by exactly two triangles running it in opposite directions. */
  readonly closed: boolean;
}

/**
 * Checks that a mesh bounds a solid: every edge shared by exactly two triangles with opposite
 * orientation (a closed, oriented 2-manifold along its edges). Vertices are welded by exact
 * coordinates first, since STL repeats each vertex per triangle and other writers split
 * vertices at normal or texture seams. `welded` is `weldVertices` of the positions, when
 * already known.
 */
export function checkClosedMesh(mesh: TriangleMesh, welded = weldVertices(mesh.positions)): ClosedMeshCheck {
  const { indices } = mesh;
  const n = welded.length;
  // Each directed edge as one exact integer: 2 × (lower · n + higher) + (1 when it runs higher → lower).
  // Sorted, the uses of one undirected edge sit together (a typed-array sort, no hash map).
  const keys = new Float64Array(indices.length);
  let used = 0;
  let degenerateTriangles = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const a = welded[indices[t]!]!;
    const b = welded[indices[t + 1]!]!;
    const c = welded[indices[t + 2]!]!;
    if (a === b || b === c || c === a) {
      degenerateTriangles++;
      continue;
    }
    keys[used++] = a < b ? 2 * (a * n + b) : 2 * (b * n + a) + 1;
    keys[used++] = b < c ? 2 * (b * n + c) : 2 * (c * n + b) + 1;
    keys[used++] = c < a ? 2 * (c * n + a) : 2 * (a * n + c) + 1;
  }
  const sorted = keys.subarray(0, used).sort();
  let boundaryEdges = 0;
  let nonManifoldEdges = 0;
  let misorientedEdges = 0;
  for (let i = 0; i < sorted.length; ) {
    const edge = Math.floor(sorted[i]! / 2);
    let forward = 0;
    let backward = 0;
    for (; i < sorted.length && Math.floor(sorted[i]! / 2) === edge; i++) {
      if (sorted[i]! % 2 === 0) forward++;
      else backward++;
    }
    const total = forward + backward;
    if (total === 1) boundaryEdges++;
    else if (total > 2) nonManifoldEdges++;
    else if (forward !== 1) misorientedEdges++;
  }
  const closed = used > 0 && boundaryEdges === 0 && nonManifoldEdges === 0 && misorientedEdges === 0;
  return { boundaryEdges, nonManifoldEdges, misorientedEdges, degenerateTriangles, closed };
}
