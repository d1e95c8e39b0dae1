import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { readCollada } from "../../src/parse/mesh/readCollada.js";
import { readObj } from "../../src/parse/mesh/readObj.js";
import { readStl } from "../../src/parse/mesh/readStl.js";
import { MESH_LIMITS, type TriangleMesh } from "../../src/parse/mesh/TriangleMesh.js";
import {
  boxSolid,
  cornerTetrahedron,
  rightPrism,
  toDae,
  toObj,
  toStlAscii,
  toStlBinary,
  trianglesOf,
  type Solid,
} from "../support/meshFiles.js";

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Each triangle as text, rotated to start at its smallest corner (keeps the winding), sorted. */
function canonical(triangles: number[][][]): string[] {
  return triangles
    .map((t) => {
      const keys = t.map((p) => p.map((c) => (Math.abs(c) < 1e-12 ? 0 : Number(c.toPrecision(12)))).join(","));
      const k = keys.indexOf([...keys].sort()[0]!);
      return [0, 1, 2].map((i) => keys[(k + i) % 3]).join(" | ");
    })
    .sort();
}

function meshTriangles(mesh: TriangleMesh): number[][][] {
  const out: number[][][] = [];
  for (let t = 0; t < mesh.indices.length; t += 3) {
    out.push(
      [0, 1, 2].map((k) => {
        const v = mesh.indices[t + k]!;
        return [mesh.positions[3 * v]!, mesh.positions[3 * v + 1]!, mesh.positions[3 * v + 2]!];
      }),
    );
  }
  return out;
}

/** The solid's triangles after a point map. */
function mapped(solid: Solid, f: (p: [number, number, number]) => [number, number, number]): number[][][] {
  return trianglesOf(solid).map((t) => t.map(f));
}

const solids: [string, Solid][] = [
  ["unit cube", boxSolid([0, 0, 0], [1, 1, 1])],
  ["off-origin box", boxSolid([2, -3, 0.5], [2.5, -1, 4.5])],
  ["tetrahedron", cornerTetrahedron(1, 2, 3)],
  ["triangular prism", rightPrism(2, 1, 0.5)],
];

describe("mesh readers read back the triangles written, with their winding", () => {
  it.each(solids)("%s: binary STL, ASCII STL, OBJ (two index forms) and COLLADA (three primitives)", (_name, solid) => {
    const want = canonical(trianglesOf(solid));
    const reads = [
      readStl(toStlBinary(solid), "a.stl"),
      readStl(text(toStlAscii(solid)), "a.stl"),
      readObj(text(toObj(solid)), "a.obj"),
      readObj(text(toObj(solid, true)), "a.obj"),
      ...(["polylist", "triangles", "polygons"] as const).map((primitive) =>
        readCollada(text(toDae(solid, { primitive })), "a.dae"),
      ),
    ];
    for (const r of reads) {
      expect(r.diagnostics).toEqual([]);
      expect(canonical(meshTriangles(r.mesh!))).toEqual(want);
    }
  });
});

describe("readStl", () => {
  it('reads a binary STL whose header starts with "solid" as binary (its size matches the count)', () => {
    const r = readStl(toStlBinary(boxSolid([0, 0, 0], [1, 1, 1]), "solid exported by a CAD tool"), "a.stl");
    expect(r.diagnostics).toEqual([]);
    expect(r.mesh?.indices.length).toBe(36);
  });

  it("reports a binary STL whose triangle count disagrees with the file size, and returns no mesh", () => {
    const bytes = toStlBinary(boxSolid([0, 0, 0], [1, 1, 1]));
    for (const cut of [bytes.subarray(0, bytes.length - 50), bytes.subarray(0, bytes.length - 1)]) {
      const r = readStl(cut, "cut.stl");
      expect(r.mesh).toBeUndefined();
      expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["MESH_INVALID", "error"]]);
      expect(r.diagnostics[0]!.message).toContain("declares 12 triangles");
    }
    // A header starting with "solid" does not make a cut binary file ASCII.
    const cad = toStlBinary(boxSolid([0, 0, 0], [1, 1, 1]), "solid part exported by CAD");
    expect(readStl(cad.subarray(0, 500), "cad.stl").diagnostics[0]!.message).toContain(
      "binary STL: the header declares 12 triangles",
    );
    const padded = new Uint8Array(bytes.length + 7);
    padded.set(bytes);
    expect(readStl(padded, "pad.stl").diagnostics[0]!.code).toBe("MESH_INVALID");
  });

  it("reports a bad ASCII STL number at its line", () => {
    const lines = toStlAscii(cornerTetrahedron(1, 1, 1)).split("\n");
    lines[4] = "      vertex 1 nope 0";
    const r = readStl(text(lines.join("\n")), "bad.stl");
    expect(r.mesh).toBeUndefined();
    expect(r.diagnostics).toMatchObject([{ code: "MESH_INVALID", severity: "error", file: "bad.stl", line: 5 }]);
  });

  it("reports a file too short to be either form", () => {
    expect(readStl(text("hello"), "x.stl").diagnostics[0]!.code).toBe("MESH_INVALID");
  });

  it("keeps to the triangle and byte limits (MESH_TOO_LARGE)", () => {
    const solid = boxSolid([0, 0, 0], [1, 1, 1]);
    const few = { ...MESH_LIMITS, maxTriangles: 11 };
    expect(readStl(toStlBinary(solid), "a.stl", few).diagnostics[0]!.code).toBe("MESH_TOO_LARGE");
    expect(readStl(text(toStlAscii(solid)), "a.stl", few).diagnostics[0]!.code).toBe("MESH_TOO_LARGE");
    expect(readStl(toStlBinary(solid), "a.stl", { ...MESH_LIMITS, maxBytes: 683 }).diagnostics[0]!.code).toBe(
      "MESH_TOO_LARGE",
    );
    expect(readStl(toStlBinary(solid), "a.stl", { ...MESH_LIMITS, maxBytes: 684 }).diagnostics).toEqual([]);
  });
});

describe("readObj", () => {
  it("reports a face index outside the vertices read so far, at its line", () => {
    const r = readObj(text("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 4\n"), "a.obj");
    expect(r.mesh).toBeUndefined();
    expect(r.diagnostics).toMatchObject([{ code: "MESH_INVALID", line: 4 }]);
    expect(readObj(text("v 0 0 0\nv 1 0 0\nv 0 1 0\nf 1 2 0\n"), "a.obj").diagnostics[0]!.code).toBe("MESH_INVALID");
  });

  it("reports a file without faces (MESH_INVALID, zero triangles) and bad vertices", () => {
    expect(readObj(text("v 0 0 0\n"), "a.obj").diagnostics[0]!.code).toBe("MESH_INVALID");
    expect(readObj(text("v 0 x 0\n"), "a.obj").diagnostics[0]).toMatchObject({ code: "MESH_INVALID", line: 1 });
  });
});

describe("readCollada", () => {
  const cube = boxSolid([0, 0, 0], [1, 1, 1]);

  it("applies <unit meter> (a file in millimetres reads in metres)", () => {
    const r = readCollada(text(toDae(boxSolid([0, 0, 0], [0.2, 0.1, 0.05]), { meter: 0.001 })), "mm.dae");
    expect(r.diagnostics).toEqual([]);
    expect(canonical(meshTriangles(r.mesh!))).toEqual(canonical(trianglesOf(boxSolid([0, 0, 0], [0.2, 0.1, 0.05]))));
  });

  it("with upAxis apply, turns Y_UP and X_UP to +z with a rotation (right-handed, winding kept)", () => {
    const solid = rightPrism(2, 1, 0.5);
    const apply = { upAxis: "apply" } as const;
    const y = readCollada(text(toDae(solid, { upAxis: "Y_UP" })), "y.dae", MESH_LIMITS, apply);
    expect(y.upAxis).toBe("Y_UP");
    expect(canonical(meshTriangles(y.mesh!))).toEqual(canonical(mapped(solid, ([a, b, c]) => [a, -c, b])));
    const x = readCollada(text(toDae(solid, { upAxis: "X_UP" })), "x.dae", MESH_LIMITS, apply);
    expect(canonical(meshTriangles(x.mesh!))).toEqual(canonical(mapped(solid, ([a, b, c]) => [-b, -c, a])));
  });

  it("by default ignores <up_axis> as Gazebo's ColladaLoader does: coordinates as written, the declared axis reported", () => {
    const solid = rightPrism(2, 1, 0.5);
    for (const upAxis of ["X_UP", "Y_UP", "Z_UP"] as const) {
      const r = readCollada(text(toDae(solid, { upAxis, meter: 0.01 })), `${upAxis}.dae`);
      expect(r.diagnostics).toEqual([]);
      expect(r.upAxis).toBe(upAxis);
      // <unit meter> is still applied (Gazebo scales by it), so the solid comes back in metres.
      expect(canonical(meshTriangles(r.mesh!))).toEqual(canonical(trianglesOf(solid)));
      const ignored = readCollada(text(toDae(solid, { upAxis })), "i.dae", MESH_LIMITS, { upAxis: "ignore" });
      expect(canonical(meshTriangles(ignored.mesh!))).toEqual(canonical(trianglesOf(solid)));
    }
  });

  it("a bad <up_axis> value is malformed only when it is to be applied", () => {
    const dae = toDae(cube).replace("<up_axis>Z_UP</up_axis>", "<up_axis>W_UP</up_axis>");
    const applied = readCollada(text(dae), "w.dae", MESH_LIMITS, { upAxis: "apply" });
    expect(applied.mesh).toBeUndefined();
    expect(applied.diagnostics.map((d) => d.code)).toEqual(["MESH_INVALID"]);
    const ignored = readCollada(text(dae), "w.dae");
    expect(ignored.diagnostics).toEqual([]);
    expect(ignored.upAxis).toBeUndefined();
    expect(canonical(meshTriangles(ignored.mesh!))).toEqual(canonical(trianglesOf(cube)));
  });

  it("without <unit> and <up_axis>, reads metres and, when applying it, Y_UP (the COLLADA defaults)", () => {
    const solid = rightPrism(2, 1, 0.5);
    const bare = toDae(solid).replace(/<asset>.*<\/asset>/, "<asset/>");
    expect(bare).not.toContain("up_axis");
    const r = readCollada(text(bare), "bare.dae", MESH_LIMITS, { upAxis: "apply" });
    expect(r.diagnostics).toEqual([]);
    expect(r.upAxis).toBe("Y_UP");
    expect(canonical(meshTriangles(r.mesh!))).toEqual(canonical(mapped(solid, ([a, b, c]) => [a, -c, b])));
    const asWritten = readCollada(text(bare), "bare.dae");
    expect(canonical(meshTriangles(asWritten.mesh!))).toEqual(canonical(trianglesOf(solid)));
  });

  it("composes node transforms in document order: translate, rotate, scale, matrix", () => {
    const node =
      "<translate>1 2 3</translate><rotate>0 0 1 90</rotate><scale>2 1 1</scale><matrix>1 0 0 0.5 0 1 0 0 0 0 1 0 0 0 0 1</matrix>";
    const r = readCollada(text(toDae(cube, { nodeTransform: node })), "t.dae");
    expect(r.diagnostics).toEqual([]);
    // p → T(1,2,3) · Rz(90°) · S(2,1,1) · (p + (0.5,0,0))
    const f = ([a, b, c]: [number, number, number]): [number, number, number] => {
      const sx = 2 * (a + 0.5);
      return [1 - b, 2 + sx, 3 + c];
    };
    expect(canonical(meshTriangles(r.mesh!))).toEqual(canonical(mapped(cube, f)));
  });

  it("keeps triangles facing outward under a mirroring node scale", () => {
    const r = readCollada(text(toDae(cube, { nodeTransform: "<scale>-1 1 1</scale>" })), "m.dae");
    const mirroredFlipped = trianglesOf(cube).map((t) => [t[0]!, t[2]!, t[1]!].map(([a, b, c]) => [-a, b, c]));
    expect(canonical(meshTriangles(r.mesh!))).toEqual(canonical(mirroredFlipped));
  });

  it("follows nested nodes and instance_node, and reports what it does not read", () => {
    const dae = toDae(cube)
      .replace(
        '<node id="n" name="n"><instance_geometry url="#m"/></node>',
        '<node id="outer"><translate>0 0 10</translate><node id="inner"><instance_geometry url="#m"/></node><instance_node url="#lib"/></node>',
      )
      .replace(
        "<library_visual_scenes>",
        '<library_nodes><node id="lib"><translate>5 0 0</translate><instance_geometry url="#m"/><lookat>0 0 1 0 0 0 0 1 0</lookat></node></library_nodes><library_visual_scenes>',
      );
    const r = readCollada(text(dae), "n.dae");
    expect(r.mesh?.indices.length).toBe(2 * 36);
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["MESH_FEATURE_IGNORED", "warning"]]);
    const zs = [...meshTriangles(r.mesh!).flat()].map((p) => p[2]!);
    expect(Math.min(...zs)).toBe(10);
  });

  it("reports a broken reference, a <p> of the wrong length and a non-COLLADA root, with lines", () => {
    const broken = readCollada(text(toDae(cube).replace('url="#m"', 'url="#nothing"')), "b.dae");
    expect(broken.mesh).toBeUndefined();
    expect(broken.diagnostics).toMatchObject([{ code: "MESH_INVALID", severity: "error" }]);
    expect(broken.diagnostics[0]!.line).toBeGreaterThan(1);
    const short = readCollada(text(toDae(cube, { primitive: "triangles" }).replace("<p>0 0 ", "<p>")), "s.dae");
    expect(short.diagnostics[0]!.code).toBe("MESH_INVALID");
    expect(readCollada(text("<robot/>"), "r.dae").diagnostics[0]!.code).toBe("MESH_INVALID");
    expect(readCollada(text("<COLLADA><oops></COLLADA>"), "r.dae").diagnostics[0]!.code).toBe("XML_ERROR");
  });

  it("keeps to the vertex limit", () => {
    expect(readCollada(text(toDae(cube)), "a.dae", { ...MESH_LIMITS, maxVertices: 7 }).diagnostics[0]!.code).toBe(
      "MESH_TOO_LARGE",
    );
  });
});

describe("readers never throw on any bytes", () => {
  it("random bytes and mangled files give a mesh or diagnostics", () => {
    const seeds = [
      toStlBinary(cornerTetrahedron(1, 1, 1)),
      text(toStlAscii(cornerTetrahedron(1, 1, 1))),
      text(toObj(cornerTetrahedron(1, 1, 1))),
      text(toDae(cornerTetrahedron(1, 1, 1))),
    ];
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 3 }),
        fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 8 }),
        fc.uint8Array({ maxLength: 200 }),
        (which, edits, noise) => {
          const bytes = Uint8Array.from(seeds[which]!);
          for (const [at, value] of edits) bytes[at % bytes.length] = value;
          for (const input of [bytes, noise]) {
            for (const read of [readStl, readObj, readCollada]) {
              const r = read(input, "f");
              expect(r.mesh !== undefined || r.diagnostics.some((d) => d.severity === "error")).toBe(true);
            }
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});
