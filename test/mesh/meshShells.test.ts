import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { meshMassProperties } from "../../src/parse/mesh/meshMassProperties.js";
import { readObj } from "../../src/parse/mesh/readObj.js";
import { readStl } from "../../src/parse/mesh/readStl.js";
import { MESH_LIMITS, type TriangleMesh } from "../../src/parse/mesh/TriangleMesh.js";
import { boxSolid, cornerTetrahedron, toObj, toStlBinary, trianglesOf } from "../support/meshFiles.js";

type Triangle = [number, number, number][];

/** A box's triangles, facing outward or (inward) turned over. */
function box(min: [number, number, number], side: number, inward = false): Triangle[] {
  const triangles = trianglesOf(boxSolid(min, [min[0] + side, min[1] + side, min[2] + side]));
  return inward ? triangles.map((t) => [t[0]!, t[2]!, t[1]!]) : triangles;
}

/** Every corner its own vertex, as STL writes them. */
function soup(triangles: Triangle[]): TriangleMesh {
  const positions = Float64Array.from(triangles.flat(2));
  return { positions, indices: Uint32Array.from({ length: positions.length / 3 }, (_, i) => i) };
}

const codes = (mesh: TriangleMesh): string[] => meshMassProperties(mesh, "m").diagnostics.map((d) => d.code);
const volume = (mesh: TriangleMesh): number | undefined => meshMassProperties(mesh, "m").properties?.volume;

describe("meshes of several shells", () => {
  it("a separate shell facing inward is a solid turned over, not subtracted", () => {
    const mesh = soup([...box([0, 0, 0], 2), ...box([5, 0, 0], 1, true)]);
    expect(volume(mesh)).toBeCloseTo(9, 9);
    const com = meshMassProperties(mesh, "m").properties!.com;
    expect(com[0]).toBeCloseTo((8 * 1 + 1 * 5.5) / 9, 9);
    expect(codes(mesh)).toEqual(["MESH_INVERTED"]);
  });

  it("an inward shell inside another is a cavity, subtracted without a word; all of it inward is turned over", () => {
    const hollow = [...box([0, 0, 0], 3), ...box([1, 1, 1], 1, true)];
    expect(volume(soup(hollow))).toBeCloseTo(26, 9);
    expect(codes(soup(hollow))).toEqual([]);
    const inverted = hollow.map((t) => [t[0]!, t[2]!, t[1]!]);
    expect(volume(soup(inverted))).toBeCloseTo(26, 9);
    expect(codes(soup(inverted))).toEqual(["MESH_INVERTED"]);
  });

  it("two outward shells that overlap are a warning: their common volume counts twice", () => {
    const mesh = soup([...box([0, 0, 0], 2), ...box([1, 0.5, 0.5], 1)]);
    expect(codes(mesh)).toEqual(["MESH_SHELLS_OVERLAP"]);
    const nested = soup([...box([0, 0, 0], 3), ...box([1, 1, 1], 1)]);
    expect(codes(nested)).toEqual(["MESH_SHELLS_OVERLAP"]);
  });

  it("two cubes that cross with every corner outside the other (one turned 45°) are a warning too", () => {
    const turn = (t: Triangle): Triangle =>
      t.map(([x, y, z]) => [(x - y) * Math.SQRT1_2, (x + y) * Math.SQRT1_2, z] as [number, number, number]);
    const cube = box([-1, -1, -1], 2);
    const star = soup([...cube, ...cube.map(turn)]);
    expect(codes(star)).toEqual(["MESH_SHELLS_OVERLAP"]);
    // Apart, the same two cubes are two solids, and say nothing.
    const apart = soup([
      ...cube,
      ...cube.map(turn).map((t) => t.map(([x, y, z]) => [x + 5, y, z] as [number, number, number])),
    ]);
    expect(codes(apart)).toEqual([]);
  });

  it("separate boxes, each facing either way, weigh their sum (property)", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 5 }), fc.integer({ min: 0, max: 5 })), {
          minLength: 1,
          maxLength: 6,
          selector: ([x, y]) => `${x} ${y}`,
        }),
        fc.array(fc.boolean(), { minLength: 6, maxLength: 6 }),
        fc.array(fc.double({ min: 0.1, max: 1.5, noNaN: true }), { minLength: 6, maxLength: 6 }),
        (cells, inward, sides) => {
          const triangles = cells.flatMap(([x, y], i) => box([2 * x, 2 * y, 0], sides[i]!, inward[i]));
          const want = cells.reduce((sum, _, i) => sum + sides[i]! ** 3, 0);
          expect(volume(soup(triangles))).toBeCloseTo(want, 9);
          expect(codes(soup(triangles))).not.toContain("MESH_SHELLS_OVERLAP");
        },
      ),
    );
  });
});

describe("degenerate meshes and the stated limits", () => {
  it("a mesh of zero-area triangles is MESH_INVALID, not a bounding box", () => {
    const flat = soup([
      [
        [0, 0, 0],
        [1, 1, 1],
        [2, 2, 2],
      ],
      [
        [0, 0, 0],
        [0, 0, 0],
        [1, 0, 3],
      ],
    ]);
    const result = meshMassProperties(flat, "flat.stl");
    expect(result.properties).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.severity])).toEqual([["MESH_INVALID", "error"]]);
  });

  it("an OBJ with a UTF-8 byte-order mark keeps its first vertex", () => {
    const obj = toObj(cornerTetrahedron(1, 2, 3))
      .split("\n")
      .filter((l) => !l.startsWith("#") && !l.startsWith("o "))
      .join("\n");
    expect(obj.startsWith("v ")).toBe(true);
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(obj)]);
    const read = readObj(bytes, "bom.obj");
    expect(read.diagnostics).toEqual([]);
    expect(Array.from(read.mesh!.positions)).toEqual(
      Array.from(readObj(new TextEncoder().encode(obj), "t.obj").mesh!.positions),
    );
  });

  it("a binary STL is bounded by its triangle limit, not by three corners per triangle against the vertex limit", () => {
    const stl = toStlBinary(boxSolid([0, 0, 0], [1, 1, 1]));
    expect(readStl(stl, "box.stl", { ...MESH_LIMITS, maxTriangles: 12, maxVertices: 12 }).diagnostics).toEqual([]);
    expect(
      readStl(stl, "box.stl", { ...MESH_LIMITS, maxTriangles: 11, maxVertices: 100 }).diagnostics.map((d) => d.code),
    ).toEqual(["MESH_TOO_LARGE"]);
  });
});
