import type { TriangleMesh } from "../../parse/mesh/TriangleMesh.js";

/** Bytes of a binary STL header: 80 bytes of text and a uint32 triangle count. */
const HEADER = 84;
/** Bytes of one binary STL triangle: a normal and three vertices (float32 each), a uint16 attribute. */
const TRIANGLE = 50;

/**
 * A binary STL of `mesh` (coordinates in metres, written as float32 as the format stores them),
 * each facet's normal computed from its winding (counter-clockwise seen from outside). The
 * 80-byte header names robokit and never starts with "solid", so no reader takes the file for
 * ASCII. Pure and deterministic.
 */
export function binaryStl(mesh: TriangleMesh): Uint8Array {
  const p = mesh.positions;
  const ix = mesh.indices;
  const count = ix.length / 3;
  const bytes = new Uint8Array(HEADER + TRIANGLE * count);
  bytes.set(new TextEncoder().encode("binary STL written by robokit"));
  const view = new DataView(bytes.buffer);
  view.setUint32(80, count, true);
  for (let t = 0; t < count; t++) {
    const a = 3 * (ix[3 * t] ?? 0);
    const b = 3 * (ix[3 * t + 1] ?? 0);
    const c = 3 * (ix[3 * t + 2] ?? 0);
    const ux = (p[b] ?? 0) - (p[a] ?? 0);
    const uy = (p[b + 1] ?? 0) - (p[a + 1] ?? 0);
    const uz = (p[b + 2] ?? 0) - (p[a + 2] ?? 0);
    const vx = (p[c] ?? 0) - (p[a] ?? 0);
    const vy = (p[c + 1] ?? 0) - (p[a + 1] ?? 0);
    const vz = (p[c + 2] ?? 0) - (p[a + 2] ?? 0);
    let nx = uy * vz - uz * vy;
    let ny = uz * vx - ux * vz;
    let nz = ux * vy - uy * vx;
    const length = Math.hypot(nx, ny, nz);
    if (length > 0) [nx, ny, nz] = [nx / length, ny / length, nz / length];
    let at = HEADER + TRIANGLE * t;
    for (const v of [nx, ny, nz]) {
      view.setFloat32(at, v, true);
      at += 4;
    }
    for (const corner of [a, b, c])
      for (let k = 0; k < 3; k++) {
        view.setFloat32(at, p[corner + k] ?? 0, true);
        at += 4;
      }
  }
  return bytes;
}
