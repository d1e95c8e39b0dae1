import type { TriangleMesh } from "./TriangleMesh.js";

/** A point in the mesh's frame (m). */
type Point = readonly [number, number, number];

/**
 * Point-triangle evaluations the shell check may spend (a probe point's winding number against
 * the triangles of the shells whose bounding box holds it); past it the remaining shells are
 * taken as written.
 */
export const SHELL_CHECK_BUDGET = 20_000_000;

/** How each closed shell (connected set of triangles) of a mesh is counted. */
export interface ShellOrientation {
  /** Per triangle: +1 to count it as written, −1 to count it turned over. */
  readonly triangleSign: Int8Array;
  /** Connected shells in the mesh. */
  readonly shells: number;
  /** True when the largest shell faces inward: every shell is turned over first. */
  readonly flippedWhole: boolean;
  /** Shells facing inward that lie inside no other shell: turned over (they are solids, not cavities). */
  readonly invertedShells: number;
  /** Shells facing outward that lie inside or across another solid: their common volume counts twice. */
  readonly overlappingShells: number;
  /** False when {@link SHELL_CHECK_BUDGET} ran out before every shell was checked. */
  readonly complete: boolean;
}

/**
 * Decides how the shells of a closed mesh make one solid. A shell inside no other must face
 * outward (positive signed volume); one facing inward there is an inverted solid, turned over. A
 * shell inside a solid (winding number 1 from the larger shells) must face inward: a cavity; one
 * facing outward there, or one whose vertices lie inside another solid, overlaps it, and the
 * divergence-theorem sums count that volume twice. Shells are visited from the largest volume
 * down, each judged by the winding numbers (Jacobson et al. 2013, "Robust inside-outside
 * segmentation using generalized winding numbers") of a few of its vertices against the shells
 * already judged. `welded` maps each vertex to its representative ({@link weldVertices});
 * `mirror` is −1 when a scale mirrors the mesh.
 */
export function orientShells(
  mesh: TriangleMesh,
  welded: Uint32Array,
  mirror: 1 | -1,
  budget = SHELL_CHECK_BUDGET,
): ShellOrientation {
  const { positions, indices } = mesh;
  const triangles = indices.length / 3;
  const shellOf = shellsOf(indices, welded, positions.length / 3);
  const shells = shellOf.count;
  const triangleSign = new Int8Array(triangles).fill(1);
  if (shells <= 1) {
    return { triangleSign, shells, flippedWhole: false, invertedShells: 0, overlappingShells: 0, complete: true };
  }
  const info = shellInfo(mesh, shellOf.ofTriangle, shells, mirror);
  const order = Array.from({ length: shells }, (_, i) => i).sort(
    (a, b) => Math.abs(info.volume[b]!) - Math.abs(info.volume[a]!) || a - b,
  );
  const sign = new Int8Array(shells).fill(1);
  const flippedWhole = info.volume[order[0]!]! < 0;
  if (flippedWhole) sign.fill(-1);
  const winding = new WindingCounter(mesh, info, shellOf.ofTriangle, mirror, budget);
  let invertedShells = 0;
  let overlappingShells = 0;
  const judged: number[] = [];
  for (const s of order) {
    const probes = info.probes[s]!;
    const w0 = winding.at(probes[0]!, judged, sign);
    if (w0 === undefined) break;
    const outward = sign[s]! * info.volume[s]! > 0;
    // A vertex on another shell's surface has winding number ½ there: not inside.
    const inside = Math.abs(w0) < 0.75 ? 0 : Math.round(w0);
    if (inside === 0 && !outward) {
      sign[s] = -sign[s]!;
      invertedShells++;
    } else if (inside !== 0 && !(inside === 1 && !outward)) overlappingShells++;
    else if (inside === 0) {
      // Outside every larger solid at one vertex: across one of them when another vertex is inside.
      for (const p of probes.slice(1)) {
        const w = winding.at(p, judged, sign);
        if (w === undefined) break;
        if (w > 0.75) {
          overlappingShells++;
          break;
        }
      }
    }
    judged.push(s);
  }
  for (let t = 0; t < triangles; t++) triangleSign[t] = sign[shellOf.ofTriangle[t]!]!;
  return { triangleSign, shells, flippedWhole, invertedShells, overlappingShells, complete: !winding.spent };
}

/** Connected components of triangles sharing welded vertices (union-find with path halving). */
function shellsOf(
  indices: Uint32Array,
  welded: Uint32Array,
  vertices: number,
): { ofTriangle: Uint32Array; count: number } {
  const parent = new Uint32Array(vertices);
  for (let v = 0; v < vertices; v++) parent[v] = v;
  const find = (v: number): number => {
    while (parent[v] !== v) {
      parent[v] = parent[parent[v]!]!;
      v = parent[v]!;
    }
    return v;
  };
  for (let t = 0; t < indices.length; t += 3) {
    const a = find(welded[indices[t]!]!);
    for (let k = 1; k < 3; k++) {
      const b = find(welded[indices[t + k]!]!);
      if (a !== b) parent[b] = a;
    }
  }
  const label = new Int32Array(vertices).fill(-1);
  const ofTriangle = new Uint32Array(indices.length / 3);
  let count = 0;
  for (let t = 0; t < ofTriangle.length; t++) {
    const root = find(welded[indices[3 * t]!]!);
    if (label[root]! < 0) label[root] = count++;
    ofTriangle[t] = label[root]!;
  }
  return { ofTriangle, count };
}

interface ShellInfo {
  /** Signed volume × 6 per shell (mirror applied), about the mesh's first vertex. */
  readonly volume: Float64Array;
  /** Bounding box per shell: min x y z, max x y z. */
  readonly box: Float64Array;
  /** Up to four vertex indices per shell, spread over its triangles. */
  /** Points on each shell whose winding numbers tell whether it lies inside another (m). */
  readonly probes: Point[][];
}

function shellInfo(mesh: TriangleMesh, ofTriangle: Uint32Array, shells: number, mirror: number): ShellInfo {
  const { positions: p, indices } = mesh;
  const volume = new Float64Array(shells);
  const box = new Float64Array(6 * shells);
  for (let s = 0; s < shells; s++) box.set([Infinity, Infinity, Infinity, -Infinity, -Infinity, -Infinity], 6 * s);
  const triangleCount = new Uint32Array(shells);
  const [ox, oy, oz] = [p[0]!, p[1]!, p[2]!];
  for (let t = 0; t < ofTriangle.length; t++) {
    const s = ofTriangle[t]!;
    triangleCount[s]!++;
    const [a, b, c] = [3 * indices[3 * t]!, 3 * indices[3 * t + 1]!, 3 * indices[3 * t + 2]!];
    const ax = p[a]! - ox,
      ay = p[a + 1]! - oy,
      az = p[a + 2]! - oz;
    const bx = p[b]! - ox,
      by = p[b + 1]! - oy,
      bz = p[b + 2]! - oz;
    const cx = p[c]! - ox,
      cy = p[c + 1]! - oy,
      cz = p[c + 2]! - oz;
    volume[s]! += mirror * (ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx));
    for (const v of [a, b, c])
      for (let k = 0; k < 3; k++) {
        box[6 * s + k] = Math.min(box[6 * s + k]!, p[v + k]!);
        box[6 * s + 3 + k] = Math.max(box[6 * s + 3 + k]!, p[v + k]!);
      }
  }
  // Each shell's probes: a corner of up to four triangles spread over it, then their centroids.
  // Corners alone miss two solids that cross with every corner outside the other (two cubes
  // turned 45° about a common axis); a face's centroid then lies inside.
  const corners: Point[][] = Array.from({ length: shells }, () => []);
  const centroids: Point[][] = Array.from({ length: shells }, () => []);
  const seen = new Uint32Array(shells);
  for (let t = 0; t < ofTriangle.length; t++) {
    const s = ofTriangle[t]!;
    const n = seen[s]!++;
    const step = Math.max(1, Math.floor(triangleCount[s]! / 4));
    if (n % step !== 0 || corners[s]!.length >= 4) continue;
    const [a, b, c] = [3 * indices[3 * t]!, 3 * indices[3 * t + 1]!, 3 * indices[3 * t + 2]!];
    corners[s]!.push([p[a]!, p[a + 1]!, p[a + 2]!]);
    centroids[s]!.push([
      (p[a]! + p[b]! + p[c]!) / 3,
      (p[a + 1]! + p[b + 1]! + p[c + 1]!) / 3,
      (p[a + 2]! + p[b + 2]! + p[c + 2]!) / 3,
    ]);
  }
  const probes = corners.map((list, s) => [...list, ...centroids[s]!]);
  return { volume, box, probes };
}

/** Winding numbers of vertices against judged shells, within a budget of point-triangle evaluations. */
class WindingCounter {
  readonly #mesh: TriangleMesh;
  readonly #box: Float64Array;
  readonly #trianglesOf: Uint32Array[];
  readonly #mirror: number;
  #budget: number;
  spent = false;

  constructor(mesh: TriangleMesh, info: ShellInfo, ofTriangle: Uint32Array, mirror: number, budget: number) {
    this.#mesh = mesh;
    this.#box = info.box;
    this.#mirror = mirror;
    this.#budget = budget;
    const counts = new Uint32Array(info.volume.length);
    for (const s of ofTriangle) counts[s]!++;
    this.#trianglesOf = Array.from(counts, (n) => new Uint32Array(n));
    const filled = new Uint32Array(info.volume.length);
    for (let t = 0; t < ofTriangle.length; t++) {
      const s = ofTriangle[t]!;
      this.#trianglesOf[s]![filled[s]!++] = t;
    }
  }

  /** Σ sign × winding number of `point` over the shells `judged`; undefined once the budget is spent. */
  at(point: Point, judged: readonly number[], sign: Int8Array): number | undefined {
    const [x, y, z] = point;
    let total = 0;
    for (const s of judged) {
      const b = this.#box.subarray(6 * s, 6 * s + 6);
      if (x < b[0]! || y < b[1]! || z < b[2]! || x > b[3]! || y > b[4]! || z > b[5]!) continue;
      const list = this.#trianglesOf[s]!;
      this.#budget -= list.length;
      if (this.#budget < 0) {
        this.spent = true;
        return undefined;
      }
      total += sign[s]! * this.#mirror * solidAngleSum(this.#mesh, list, x, y, z);
    }
    return total / (4 * Math.PI);
  }
}

/** Σ of the signed solid angles the triangles subtend at (x, y, z) (Van Oosterom and Strackee 1983). */
function solidAngleSum(mesh: TriangleMesh, triangles: Uint32Array, x: number, y: number, z: number): number {
  const { positions: p, indices } = mesh;
  let sum = 0;
  for (const t of triangles) {
    const a = 3 * indices[3 * t]!;
    const b = 3 * indices[3 * t + 1]!;
    const c = 3 * indices[3 * t + 2]!;
    const ax = p[a]! - x,
      ay = p[a + 1]! - y,
      az = p[a + 2]! - z;
    const bx = p[b]! - x,
      by = p[b + 1]! - y,
      bz = p[b + 2]! - z;
    const cx = p[c]! - x,
      cy = p[c + 1]! - y,
      cz = p[c + 2]! - z;
    const la = Math.hypot(ax, ay, az);
    const lb = Math.hypot(bx, by, bz);
    const lc = Math.hypot(cx, cy, cz);
    const det = ax * (by * cz - bz * cy) - ay * (bx * cz - bz * cx) + az * (bx * cy - by * cx);
    const dot =
      la * lb * lc +
      (ax * bx + ay * by + az * bz) * lc +
      (ax * cx + ay * cy + az * cz) * lb +
      (bx * cx + by * cy + bz * cz) * la;
    sum += 2 * Math.atan2(det, dot);
  }
  return sum;
}
