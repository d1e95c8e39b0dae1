import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { InertiaTensor } from "../../src/model/Inertial.js";
import { meshMassProperties } from "../../src/parse/mesh/meshMassProperties.js";
import { readMesh } from "../../src/parse/mesh/readMesh.js";
import { MESH_LIMITS } from "../../src/parse/mesh/TriangleMesh.js";
import { cornerTetrahedron, toDae, type Solid } from "../support/meshFiles.js";

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

type M3 = number[][];

/** Rotation taking each COLLADA up axis to +z, written from the COLLADA axis conventions (not from the reader). */
const TO_Z: Record<"X_UP" | "Y_UP" | "Z_UP", M3> = {
  // Y_UP: x right, y up, z toward the viewer → (x, −z, y).
  Y_UP: [
    [1, 0, 0],
    [0, 0, -1],
    [0, 1, 0],
  ],
  // X_UP: −y right, x up → (−y, −z, x).
  X_UP: [
    [0, -1, 0],
    [0, 0, -1],
    [1, 0, 0],
  ],
  Z_UP: [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ],
};

const matrix = (i: InertiaTensor): M3 => [
  [i.ixx, i.ixy, i.ixz],
  [i.ixy, i.iyy, i.iyz],
  [i.ixz, i.iyz, i.izz],
];
const mul = (a: M3, b: M3): M3 => a.map((row) => b[0]!.map((_, j) => row.reduce((s, v, k) => s + v * b[k]![j]!, 0)));
const transpose = (a: M3): M3 => a[0]!.map((_, j) => a.map((row) => row[j]!));

/** A tetrahedron with its right-angle corner moved to `at` (products of inertia non-zero, off-centre). */
function tetrahedron(a: number, b: number, c: number, at: [number, number, number]): Solid {
  const t = cornerTetrahedron(a, b, c);
  return { positions: t.positions.map((p) => [p[0] + at[0], p[1] + at[1], p[2] + at[2]] as const), faces: t.faces };
}

describe("COLLADA <up_axis>: ignored vs applied", () => {
  it("changes the mass properties by exactly the up-axis rotation R: com → R·com, I → R·I·Rᵀ, volume kept (property)", () => {
    const side = fc.double({ min: 0.05, max: 3, noNaN: true });
    const offset = fc.double({ min: -2, max: 2, noNaN: true });
    fc.assert(
      fc.property(
        side,
        side,
        side,
        fc.tuple(offset, offset, offset),
        fc.constantFrom("X_UP", "Y_UP", "Z_UP"),
        fc.constantFrom(1, 0.001, 0.0254),
        (a, b, c, at, upAxis, meter) => {
          const bytes = text(toDae(tetrahedron(a, b, c, at), { upAxis, meter }));
          const ignored = readMesh(bytes, "t.dae", MESH_LIMITS, { upAxis: "ignore" });
          const applied = readMesh(bytes, "t.dae", MESH_LIMITS, { upAxis: "apply" });
          const pi = meshMassProperties(ignored.mesh!, "t.dae").properties!;
          const pa = meshMassProperties(applied.mesh!, "t.dae").properties!;
          const r = TO_Z[upAxis];
          const scale = Math.max(a, b, c, ...at.map(Math.abs));
          expect(pa.volume).toBeCloseTo(pi.volume, 12);
          expect(pi.volume).toBeCloseTo((a * b * c) / 6, 9);
          const com = r.map((row) => row.reduce((s, v, k) => s + v * pi.com[k]!, 0));
          com.forEach((v, k) => expect(Math.abs(v - pa.com[k]!)).toBeLessThan(1e-9 * scale));
          const rotated = mul(mul(r, matrix(pi.unitInertia)), transpose(r));
          const got = matrix(pa.unitInertia);
          const size = Math.max(...matrix(pi.unitInertia).flat().map(Math.abs));
          for (let i = 0; i < 3; i++)
            for (let j = 0; j < 3; j++)
              expect(Math.abs(rotated[i]![j]! - got[i]![j]!)).toBeLessThanOrEqual(1e-9 * size);
        },
      ),
    );
  });
});
