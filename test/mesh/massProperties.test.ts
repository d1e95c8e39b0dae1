import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { InertiaTensor } from "../../src/model/Inertial.js";
import { checkClosedMesh } from "../../src/parse/mesh/checkClosedMesh.js";
import {
  massPropertiesAtDensity,
  meshMassProperties,
  type MeshMassProperties,
} from "../../src/parse/mesh/meshMassProperties.js";
import { readCollada } from "../../src/parse/mesh/readCollada.js";
import { readObj } from "../../src/parse/mesh/readObj.js";
import { readStl } from "../../src/parse/mesh/readStl.js";
import type { TriangleMesh } from "../../src/parse/mesh/TriangleMesh.js";
import {
  boxSolid,
  cornerTetrahedron,
  rightPrism,
  toDae,
  toObj,
  toStlAscii,
  toStlBinary,
  type Solid,
} from "../support/meshFiles.js";

type V3 = [number, number, number];
type M3 = [V3, V3, V3];

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

/** The solid as an indexed triangle mesh (faces split as fans). */
function meshOf(solid: Solid): TriangleMesh {
  const indices: number[] = [];
  for (const f of solid.faces) for (let k = 1; k + 1 < f.length; k++) indices.push(f[0]!, f[k]!, f[k + 1]!);
  return { positions: Float64Array.from(solid.positions.flat()), indices: Uint32Array.from(indices) };
}

function mapSolid(solid: Solid, f: (p: V3) => V3): Solid {
  return { positions: solid.positions.map((p) => f([...p] as V3)), faces: solid.faces };
}

function matrixOf(t: InertiaTensor): M3 {
  return [
    [t.ixx, t.ixy, t.ixz],
    [t.ixy, t.iyy, t.iyz],
    [t.ixz, t.iyz, t.izz],
  ];
}

/** Inertia tensor (per unit density) from the central second moments C: tr(C)·1 − C. */
function fromSecondMoments(c: M3): M3 {
  const tr = c[0][0] + c[1][1] + c[2][2];
  return c.map((row, i) => row.map((v, j) => (i === j ? tr : 0) - v)) as M3;
}

function expectClose(actual: number[], expected: number[], scale: number, tol = 1e-12): void {
  expect(actual.length).toBe(expected.length);
  actual.forEach((a, i) =>
    expect(Math.abs(a - expected[i]!), `${i}: ${a} vs ${expected[i]}`).toBeLessThanOrEqual(tol * scale),
  );
}

function expectProperties(p: MeshMassProperties | undefined, volume: number, com: V3, inertia: M3, tol = 1e-12): void {
  expect(p?.method).toBe("closed-mesh");
  const size = Math.max(...inertia.flat().map(Math.abs));
  expectClose([p!.volume], [volume], volume, tol);
  expectClose([...p!.com], com, Math.max(1, ...com.map(Math.abs)), tol);
  expectClose(matrixOf(p!.unitInertia).flat(), inertia.flat(), size, tol);
}

/** Closed forms, per unit density. */
const closed = {
  box(min: V3, max: V3): [number, V3, M3] {
    const [a, b, c] = [max[0] - min[0], max[1] - min[1], max[2] - min[2]];
    const v = a * b * c;
    return [
      v,
      [(min[0] + max[0]) / 2, (min[1] + max[1]) / 2, (min[2] + max[2]) / 2],
      [
        [(v * (b * b + c * c)) / 12, 0, 0],
        [0, (v * (a * a + c * c)) / 12, 0],
        [0, 0, (v * (a * a + b * b)) / 12],
      ],
    ];
  },
  /** Corner tetrahedron: ∫x² dV about the origin = V a²/10, ∫xy dV = V ab/20. */
  tetrahedron(a: number, b: number, c: number): [number, V3, M3] {
    const v = (a * b * c) / 6;
    const e = [a, b, c];
    const central = e.map((p, i) => e.map((q, j) => (i === j ? (v * p * p * 3) / 80 : (-v * p * q) / 80))) as M3;
    return [v, [a / 4, b / 4, c / 4], fromSecondMoments(central)];
  },
  /** Right triangle (legs a on x, b on y) extruded to height h. */
  prism(a: number, b: number, h: number): [number, V3, M3] {
    const area = (a * b) / 2;
    const v = area * h;
    const central: M3 = [
      [(h * a ** 3 * b) / 36, (-h * a * a * b * b) / 72, 0],
      [(-h * a * a * b * b) / 72, (h * a * b ** 3) / 36, 0],
      [0, 0, (v * h * h) / 12],
    ];
    return [v, [a / 3, b / 3, h / 2], fromSecondMoments(central)];
  },
};

const known: [string, Solid, [number, V3, M3]][] = [
  ["unit cube", boxSolid([0, 0, 0], [1, 1, 1]), closed.box([0, 0, 0], [1, 1, 1])],
  ["box off the origin", boxSolid([10, -3, 0.5], [10.5, -1, 4.5]), closed.box([10, -3, 0.5], [10.5, -1, 4.5])],
  [
    "box far from the origin",
    boxSolid([1000, 2000, -3000], [1000.25, 2000.5, -2999]),
    closed.box([1000, 2000, -3000], [1000.25, 2000.5, -2999]),
  ],
  ["tetrahedron", cornerTetrahedron(1, 2, 3), closed.tetrahedron(1, 2, 3)],
  ["triangular prism", rightPrism(2, 1, 0.5), closed.prism(2, 1, 0.5)],
];

describe("mass properties of known solids match their closed forms", () => {
  it.each(known)("%s, from every file format", (_name, solid, [volume, com, inertia]) => {
    const direct = meshMassProperties(meshOf(solid), "m");
    expect(direct.diagnostics).toEqual([]);
    expectProperties(direct.properties, volume, com, inertia);
    // Binary STL stores float32: the test solids' coordinates are exact in float32.
    const reads = [
      readStl(toStlBinary(solid), "a.stl"),
      readStl(text(toStlAscii(solid)), "a.stl"),
      readObj(text(toObj(solid)), "a.obj"),
      readCollada(text(toDae(solid)), "a.dae"),
    ];
    for (const r of reads) {
      const m = meshMassProperties(r.mesh!, "m");
      expect(m.diagnostics).toEqual([]);
      expectProperties(m.properties, volume, com, inertia);
    }
  });

  it("a COLLADA file in millimetres with a node transform gives the solid in metres, placed and turned", () => {
    // The prism written in mm, then placed by the node: rotated 90° about z, then moved by (1, 2, 3) m = 1000 2000 3000 mm.
    const solid = rightPrism(0.2, 0.1, 0.05);
    const dae = toDae(solid, {
      meter: 0.001,
      nodeTransform: "<translate>1000 2000 3000</translate><rotate>0 0 1 90</rotate>",
    });
    const r = readCollada(text(dae), "mm.dae");
    const m = meshMassProperties(r.mesh!, "mm.dae");
    const [volume, com, inertia] = closed.prism(0.2, 0.1, 0.05);
    // Rz(90°): (x, y, z) → (−y, x, z); the tensor becomes R I Rᵀ.
    const R: M3 = [
      [0, -1, 0],
      [1, 0, 0],
      [0, 0, 1],
    ];
    expectProperties(m.properties, volume, [1 - com[1], 2 + com[0], 3 + com[2]], rotate(R, inertia), 1e-9);
  });

  it("density scales mass and inertia, not the centre of mass", () => {
    const p = meshMassProperties(meshOf(boxSolid([0, 0, 0], [2, 1, 1])), "m").properties!;
    const at = massPropertiesAtDensity(p, 1000);
    expect(at.mass).toBeCloseTo(2000, 9);
    expect(at.inertia.ixx).toBeCloseTo((2000 * 2) / 12, 9);
    expect(at.inertia.iyy).toBeCloseTo((2000 * 5) / 12, 9);
    expect(at.com).toEqual(p.com);
  });
});

function rotate(R: M3, I: M3): M3 {
  const RI = R.map((row) => [0, 1, 2].map((j) => row.reduce((s, r, k) => s + r * I[k]![j]!, 0))) as M3;
  return RI.map((row) => [0, 1, 2].map((j) => row.reduce((s, r, k) => s + r * R[j]![k]!, 0))) as M3;
}

function rotationOf(q: [number, number, number, number]): M3 {
  const n = Math.hypot(...q);
  const [x, y, z, w] = q.map((c) => c / n) as [number, number, number, number];
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
    [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
    [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
  ];
}

const apply = (R: M3, p: V3): V3 => R.map((row) => row[0] * p[0] + row[1] * p[1] + row[2] * p[2]) as V3;

const arbitrarySolid = fc.oneof(
  fc
    .tuple(
      fc.double({ min: 0.05, max: 5, noNaN: true }),
      fc.double({ min: 0.05, max: 5, noNaN: true }),
      fc.double({ min: 0.05, max: 5, noNaN: true }),
    )
    .map(([a, b, c]) => boxSolid([-a / 3, 0, -c], [a, b, c / 2])),
  fc
    .tuple(
      fc.double({ min: 0.05, max: 5, noNaN: true }),
      fc.double({ min: 0.05, max: 5, noNaN: true }),
      fc.double({ min: 0.05, max: 5, noNaN: true }),
    )
    .map(([a, b, c]) => cornerTetrahedron(a, b, c)),
  fc
    .tuple(
      fc.double({ min: 0.05, max: 5, noNaN: true }),
      fc.double({ min: 0.05, max: 5, noNaN: true }),
      fc.double({ min: 0.05, max: 5, noNaN: true }),
    )
    .map(([a, b, c]) => rightPrism(a, b, c)),
);
const arbitraryVector = fc.tuple(
  fc.double({ min: -50, max: 50, noNaN: true }),
  fc.double({ min: -50, max: 50, noNaN: true }),
  fc.double({ min: -50, max: 50, noNaN: true }),
);
const arbitraryQuaternion = fc
  .tuple(
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
    fc.double({ min: -1, max: 1, noNaN: true }),
  )
  .filter((q) => Math.hypot(...q) > 0.1);

describe("mass properties: invariants (fast-check)", () => {
  it("moving the mesh moves the centre of mass and nothing else; turning it turns the tensor (R I Rᵀ)", () => {
    fc.assert(
      fc.property(arbitrarySolid, arbitraryQuaternion, arbitraryVector, (solid, q, t) => {
        const R = rotationOf(q);
        const base = meshMassProperties(meshOf(solid), "m").properties!;
        const moved = meshMassProperties(
          meshOf(mapSolid(solid, (p) => apply(R, p).map((c, k) => c + t[k]!) as V3)),
          "m",
        );
        expect(moved.diagnostics).toEqual([]);
        const I = matrixOf(base.unitInertia);
        expectProperties(
          moved.properties,
          base.volume,
          apply(R, [...base.com] as V3).map((c, k) => c + t[k]!) as V3,
          rotate(R, I),
          1e-9,
        );
      }),
      { numRuns: 200 },
    );
  });

  it("scaling by s scales volume by s³ and the inertia by s⁵; a per-axis scale equals scaling the points; a mirroring scale stays a solid", () => {
    fc.assert(
      fc.property(
        arbitrarySolid,
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        fc.constantFrom(1, -1),
        (solid, s, mirror) => {
          const base = meshMassProperties(meshOf(solid), "m").properties!;
          const scaled = meshMassProperties(meshOf(solid), "m", { scale: [mirror * s, s, s] });
          expect(scaled.diagnostics).toEqual([]);
          const I = matrixOf(base.unitInertia).map((row, i) =>
            row.map((v, j) => s ** 5 * v * (mirror === -1 && (i === 0) !== (j === 0) ? -1 : 1)),
          ) as M3;
          expectProperties(
            scaled.properties,
            s ** 3 * base.volume,
            [mirror * s * base.com[0], s * base.com[1], s * base.com[2]],
            I,
            1e-9,
          );
          const stretch: V3 = [2 * s, s, 0.5 * mirror];
          const byOption = meshMassProperties(meshOf(solid), "m", { scale: stretch }).properties!;
          const byPoints = meshMassProperties(
            meshOf(mapSolid(solid, (p) => p.map((c, k) => c * stretch[k]!) as V3)),
            "m",
          );
          // Scaling the points by a mirroring factor turns the mesh inside out: flipped, with a warning.
          expect(byPoints.diagnostics.map((d) => d.code)).toEqual(mirror === -1 ? ["MESH_INVERTED"] : []);
          expectProperties(
            byOption,
            byPoints.properties!.volume,
            [...byPoints.properties!.com] as V3,
            matrixOf(byPoints.properties!.unitInertia),
            1e-9,
          );
        },
      ),
      { numRuns: 200 },
    );
  });

  it("two disjoint boxes in one mesh: volumes add, centres of mass average, tensors add about the joint centre (parallel axes)", () => {
    fc.assert(
      fc.property(arbitraryVector, arbitraryVector, fc.double({ min: 0.1, max: 3, noNaN: true }), (lo1, lo2, size) => {
        const a = boxSolid(lo1, [lo1[0] + size, lo1[1] + 1, lo1[2] + 2]);
        // The second box starts past the first along x: disjoint.
        const start: V3 = [lo1[0] + size + 1 + Math.abs(lo2[0]), lo2[1], lo2[2]];
        const b = boxSolid(start, [start[0] + 1, start[1] + size, start[2] + 0.5]);
        const both: Solid = {
          positions: [...a.positions, ...b.positions],
          faces: [...a.faces, ...b.faces.map((f) => f.map((i) => i + a.positions.length))],
        };
        const [pa, pb] = [a, b].map((s) => meshMassProperties(meshOf(s), "m").properties!) as [
          MeshMassProperties,
          MeshMassProperties,
        ];
        const volume = pa.volume + pb.volume;
        const com = [0, 1, 2].map((k) => (pa.volume * pa.com[k]! + pb.volume * pb.com[k]!) / volume) as V3;
        const shifted = (p: MeshMassProperties): M3 => {
          const d = [0, 1, 2].map((k) => p.com[k]! - com[k]!);
          const dd = d[0]! ** 2 + d[1]! ** 2 + d[2]! ** 2;
          return matrixOf(p.unitInertia).map((row, i) =>
            row.map((v, j) => v + p.volume * ((i === j ? dd : 0) - d[i]! * d[j]!)),
          ) as M3;
        };
        const sum = shifted(pa).map((row, i) => row.map((v, j) => v + shifted(pb)[i]![j]!)) as M3;
        const r = meshMassProperties(meshOf(both), "m");
        expect(r.diagnostics).toEqual([]);
        expectProperties(r.properties, volume, com, sum, 1e-9);
      }),
      { numRuns: 100 },
    );
  });
});

describe("closedness, orientation and fallbacks", () => {
  const cube = boxSolid([0, 0, 0], [1, 2, 3]);

  it("an open mesh (a face missing) is MESH_NOT_CLOSED and falls back to its bounding box, named", () => {
    const open: Solid = { positions: cube.positions, faces: cube.faces.slice(1) };
    expect(checkClosedMesh(meshOf(open))).toMatchObject({ boundaryEdges: 4, closed: false });
    const r = meshMassProperties(meshOf(open), "open.stl");
    expect(r.diagnostics).toMatchObject([{ code: "MESH_NOT_CLOSED", severity: "warning", file: "open.stl" }]);
    expect(r.diagnostics[0]!.message).toContain("axis-aligned bounding box");
    expect(r.properties!.method).toBe("bounding-box");
    expect(r.properties!.volume).toBe(6);
    expect(r.properties!.com).toEqual([0.5, 1, 1.5]);
  });

  it("a face turned the wrong way, or a face repeated, is not closed", () => {
    const flipped: Solid = {
      positions: cube.positions,
      faces: [[...cube.faces[0]!].reverse(), ...cube.faces.slice(1)],
    };
    expect(checkClosedMesh(meshOf(flipped))).toMatchObject({ misorientedEdges: 4, closed: false });
    const doubled: Solid = { positions: cube.positions, faces: [...cube.faces, cube.faces[0]!] };
    expect(checkClosedMesh(meshOf(doubled))).toMatchObject({ nonManifoldEdges: 5, closed: false }); // the quad's four sides and its diagonal
    expect(meshMassProperties(meshOf(flipped), "m").diagnostics[0]!.code).toBe("MESH_NOT_CLOSED");
  });

  it("a mesh facing inward everywhere is flipped with MESH_INVERTED and measures as the solid", () => {
    const inward: Solid = { positions: cube.positions, faces: cube.faces.map((f) => [...f].reverse()) };
    const r = meshMassProperties(meshOf(inward), "in.obj");
    expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["MESH_INVERTED", "warning"]]);
    const [volume, com, inertia] = closed.box([0, 0, 0], [1, 2, 3]);
    expectProperties(r.properties, volume, com, inertia);
  });

  it("STL's repeated vertices are welded: a binary STL cube is closed", () => {
    expect(checkClosedMesh(readStl(toStlBinary(cube), "c.stl").mesh!).closed).toBe(true);
  });

  it("a zero scale or a flat closed mesh gives MESH_INVALID and no properties", () => {
    const flat: Solid = {
      positions: [
        [0, 0, 0],
        [1, 0, 0],
        [0, 1, 0],
      ],
      faces: [
        [0, 1, 2],
        [0, 2, 1],
      ],
    };
    for (const r of [
      meshMassProperties(meshOf(cube), "m", { scale: [1, 0, 1] }),
      meshMassProperties(meshOf(flat), "m"),
    ]) {
      expect(r.properties).toBeUndefined();
      expect(r.diagnostics.map((d) => [d.code, d.severity])).toEqual([["MESH_INVALID", "error"]]);
    }
  });
});
