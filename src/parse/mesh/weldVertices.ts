/**
 * For each vertex, the first vertex with exactly its coordinates (−0 and 0 alike; a vertex with
 * a NaN coordinate equals none). A hash table over the coordinates' bits is the fast way, but
 * vertices chosen to collide make it quadratic; past a budget of probes the vertices are sorted
 * by their coordinates instead, so equal ones sit together: O(n log n) whatever the values.
 */
export function weldVertices(positions: Float64Array): Uint32Array {
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
