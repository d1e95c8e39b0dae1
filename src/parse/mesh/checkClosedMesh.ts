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
  const { indices } = mesh;
  const welded = weldVertices(mesh.positions);
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

/**
 * For each vertex, the first vertex with exactly its coordinates (−0 and 0 alike; a vertex with
 * a NaN coordinate equals none). A hash table over the coordinates' bits is the fast way, but
 * vertices chosen to collide make it quadratic; past a budget of probes the vertices are sorted
 * by their coordinates instead, so equal ones sit together: O(n log n) whatever the values.
 */
function weldVertices(positions: Float64Array): Uint32Array {
  return weldByHash(positions) ?? weldBySort(positions);
}

/** Probes of the hash table allowed per vertex on average before welding falls back to sorting. */
const PROBES_PER_VERTEX = 8;

function weldBySort(positions: Float64Array): Uint32Array {
  const count = positions.length / 3;
  const welded = new Uint32Array(count);
  const order = new Uint32Array(count);
  let used = 0;
  for (let v = 0; v < count; v++) {
    welded[v] = v;
    const x = positions[3 * v]!;
    const y = positions[3 * v + 1]!;
    const z = positions[3 * v + 2]!;
    if (!Number.isNaN(x) && !Number.isNaN(y) && !Number.isNaN(z)) order[used++] = v;
  }
  const sorted = order.subarray(0, used);
  // Finite or infinite, never NaN here: a difference has the sign of the order (and −0 is 0).
  sorted.sort(
    (a, b) =>
      positions[3 * a]! - positions[3 * b]! ||
      positions[3 * a + 1]! - positions[3 * b + 1]! ||
      positions[3 * a + 2]! - positions[3 * b + 2]! ||
      a - b,
  );
  for (let i = 1; i < used; i++) {
    const a = sorted[i - 1]!;
    const b = sorted[i]!;
    if (
      positions[3 * a] === positions[3 * b] &&
      positions[3 * a + 1] === positions[3 * b + 1] &&
      positions[3 * a + 2] === positions[3 * b + 2]
    )
      welded[b] = welded[a]!;
  }
  return welded;
}

/** {@link weldVertices} by an open-addressing hash table in typed arrays; undefined past the probe budget. */
function weldByHash(positions: Float64Array): Uint32Array | undefined {
  const count = positions.length / 3;
  const welded = new Uint32Array(count);
  let capacity = 16;
  while (capacity < 2 * count) capacity *= 2;
  const mask = capacity - 1;
  const slots = new Int32Array(capacity).fill(-1);
  const scratch = new Float64Array(1);
  const bits = new Uint32Array(scratch.buffer);
  let probes = PROBES_PER_VERTEX * count + 64;
  for (let v = 0; v < count; v++) {
    const x = positions[3 * v]! + 0;
    const y = positions[3 * v + 1]! + 0;
    const z = positions[3 * v + 2]! + 0;
    const h = hashCoordinates(scratch, bits, x, y, z);
    let slot = h & mask;
    for (;;) {
      const other = slots[slot]!;
      if (other < 0) {
        slots[slot] = v;
        welded[v] = v;
        break;
      }
      if (positions[3 * other] === x && positions[3 * other + 1] === y && positions[3 * other + 2] === z) {
        welded[v] = other;
        break;
      }
      if (--probes < 0) return undefined;
      slot = (slot + 1) & mask;
    }
  }
  return welded;
}

/** A well-mixed 32-bit hash of three doubles' bits (each word through a multiply and an xor-shift, as in MurmurHash3's finaliser). */
function hashCoordinates(scratch: Float64Array, bits: Uint32Array, x: number, y: number, z: number): number {
  let h = 0;
  scratch[0] = x;
  h = mix(h, bits[0]!);
  h = mix(h, bits[1]!);
  scratch[0] = y;
  h = mix(h, bits[0]!);
  h = mix(h, bits[1]!);
  scratch[0] = z;
  h = mix(h, bits[0]!);
  h = mix(h, bits[1]!);
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function mix(h: number, word: number): number {
  let k = Math.imul(word, 0xcc9e2d51);
  k = (k << 15) | (k >>> 17);
  k = Math.imul(k, 0x1b873593);
  const next = h ^ k;
  return Math.imul((next << 13) | (next >>> 19), 5) + 0xe6546b64;
}
