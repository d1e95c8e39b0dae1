import type { TriangleMesh } from "./TriangleMesh.js";

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
 * vertices at normal or texture seams.
 */
export function checkClosedMesh(mesh: TriangleMesh): ClosedMeshCheck {
  const { positions, indices } = mesh;
  const welded = new Uint32Array(positions.length / 3);
  const seen = new Map<string, number>();
  for (let v = 0; v < welded.length; v++) {
    // +0 turns −0 into 0, so both signs of zero weld.
    const key = `${positions[3 * v]! + 0},${positions[3 * v + 1]! + 0},${positions[3 * v + 2]! + 0}`;
    const known = seen.get(key);
    if (known === undefined) seen.set(key, v);
    welded[v] = known ?? v;
  }
  const n = welded.length;
  // Per undirected edge: uses from the lower index to the higher, plus 2^20 × uses the other way.
  const HIGH = 1 << 20;
  const edges = new Map<number, number>();
  let degenerateTriangles = 0;
  for (let t = 0; t < indices.length; t += 3) {
    const a = welded[indices[t]!]!;
    const b = welded[indices[t + 1]!]!;
    const c = welded[indices[t + 2]!]!;
    if (a === b || b === c || c === a) {
      degenerateTriangles++;
      continue;
    }
    for (const [p, q] of [[a, b], [b, c], [c, a]] as const) {
      const key = p < q ? p * n + q : q * n + p;
      edges.set(key, (edges.get(key) ?? 0) + (p < q ? 1 : HIGH));
    }
  }
  let boundaryEdges = 0;
  let nonManifoldEdges = 0;
  let misorientedEdges = 0;
  for (const uses of edges.values()) {
    const forward = uses % HIGH;
    const backward = Math.floor(uses / HIGH);
    const total = forward + backward;
    if (total === 1) boundaryEdges++;
    else if (total > 2) nonManifoldEdges++;
    else if (forward !== 1) misorientedEdges++;
  }
  const closed = edges.size > 0 && boundaryEdges === 0 && nonManifoldEdges === 0 && misorientedEdges === 0;
  return { boundaryEdges, nonManifoldEdges, misorientedEdges, degenerateTriangles, closed };
}
