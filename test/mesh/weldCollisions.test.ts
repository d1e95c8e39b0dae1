import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { checkClosedMesh } from "../../src/parse/mesh/checkClosedMesh.js";
import type { TriangleMesh } from "../../src/parse/mesh/TriangleMesh.js";
import { collidingVertices } from "../support/collidingVertices.js";
import { boxSolid, trianglesOf } from "../support/meshFiles.js";

/** A mesh of separate triangles: every corner its own vertex, as STL writes them. */
function soup(triangles: number[][][]): TriangleMesh {
  const positions = Float64Array.from(triangles.flat(2));
  return { positions, indices: Uint32Array.from(positions.subarray(0, positions.length / 3), (_, i) => i) };
}

describe("vertex welding", () => {
  it("stays fast on vertices crafted to collide in a hash table", { timeout: 20_000 }, () => {
    const n = 200_000;
    const positions = collidingVertices(n);
    expect(new Set(Array.from({ length: n }, (_, i) => `${positions[3 * i]} ${positions[3 * i + 2]}`)).size).toBe(n);
    const indices = new Uint32Array(3 * (n - 2));
    for (let t = 0; t + 2 < n; t++) indices.set([t, t + 1, t + 2], 3 * t);
    const check = checkClosedMesh({ positions, indices });
    expect(check.closed).toBe(false);
    expect(check.boundaryEdges).toBeGreaterThan(0);
  });

  it("welds exactly the corners at one place: a box as a triangle soup, shuffled and shifted, is closed (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e6, max: 1e6, noNaN: true }),
        fc.double({ min: 1e-3, max: 1e3, noNaN: true }),
        fc.array(fc.nat(), { minLength: 12, maxLength: 12 }),
        (offset, side, keys) => {
          const triangles = trianglesOf(boxSolid([offset, -side, 0], [offset + side, 0, side]));
          const order = triangles.map((t, i) => [keys[i]!, t] as const).sort((a, b) => a[0] - b[0]);
          const check = checkClosedMesh(soup(order.map(([, t]) => t)));
          expect(check).toEqual({
            boundaryEdges: 0,
            nonManifoldEdges: 0,
            misorientedEdges: 0,
            degenerateTriangles: 0,
            closed: true,
          });
          // One corner moved by the smallest step opens the surface: welding is exact.
          const opened = soup(order.map(([, t]) => t));
          opened.positions[0] = opened.positions[0]! + Math.max(Math.abs(opened.positions[0]!), 1) * 2 ** -50;
          expect(checkClosedMesh(opened).closed).toBe(false);
        },
      ),
    );
  });
});
