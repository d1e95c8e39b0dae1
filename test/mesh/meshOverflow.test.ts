import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { meshMassProperties } from "../../src/parse/mesh/meshMassProperties.js";
import { readCollada } from "../../src/parse/mesh/readCollada.js";
import { readObj } from "../../src/parse/mesh/readObj.js";
import { readStl } from "../../src/parse/mesh/readStl.js";
import { cornerTetrahedron, toDae, toObj, toStlAscii } from "../support/meshFiles.js";

const text = (s: string): Uint8Array => new TextEncoder().encode(s);

/** Every number of a result's properties. */
function numbers(p: NonNullable<ReturnType<typeof meshMassProperties>["properties"]>): number[] {
  const u = p.unitInertia;
  return [p.volume, ...p.com, ...p.size, u.ixx, u.iyy, u.izz, u.ixy, u.ixz, u.iyz];
}

describe("mesh arithmetic that overflows is an input error", () => {
  it("coordinates of 1e100 in STL and OBJ: NUMBER_NOT_FINITE, no properties", () => {
    const huge = cornerTetrahedron(1e100, 1e100, 1e100);
    for (const read of [readStl(text(toStlAscii(huge)), "huge.stl"), readObj(text(toObj(huge)), "huge.obj")]) {
      const result = meshMassProperties(read.mesh!, "huge");
      expect(result.properties).toBeUndefined();
      expect(result.diagnostics.map((d) => [d.code, d.severity])).toContainEqual(["NUMBER_NOT_FINITE", "error"]);
    }
  });

  it("a COLLADA <scale> of 1e100, and scales whose product is infinite times zero, name the element", () => {
    const solid = cornerTetrahedron(1, 1, 1);
    const big = readCollada(text(toDae(solid, { nodeTransform: "<scale>1e100 1e100 1e100</scale>" })), "s.dae");
    const measured = big.mesh === undefined ? undefined : meshMassProperties(big.mesh, "s.dae");
    expect([...big.diagnostics, ...(measured?.diagnostics ?? [])].map((d) => d.code)).toContain("NUMBER_NOT_FINITE");
    expect(measured?.properties).toBeUndefined();
    const nan = readCollada(
      text(toDae(solid, { nodeTransform: "<scale>1e200 1e200 1e200</scale><scale>1e200 0 1</scale>" })),
      "nan.dae",
    );
    expect(nan.mesh).toBeUndefined();
    expect(nan.diagnostics.map((d) => d.code)).toEqual(["NUMBER_NOT_FINITE"]);
    expect(nan.diagnostics[0]?.line).toBeGreaterThan(0);
  });

  it("whatever the size and scale, the properties are finite or the answer is NUMBER_NOT_FINITE (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -300, max: 300 }),
        fc.integer({ min: -300, max: 300 }),
        fc.constantFrom(1, -1),
        (size, scale, mirror) => {
          const solid = cornerTetrahedron(10 ** size, 2 * 10 ** size, 3 * 10 ** size);
          const mesh = readObj(text(toObj(solid)), "t.obj").mesh!;
          const s = mirror * 10 ** scale;
          const result = meshMassProperties(mesh, "t.obj", { scale: [s, s, s] });
          if (result.properties === undefined)
            expect(result.diagnostics.map((d) => d.code)).toEqual(
              expect.arrayContaining([expect.stringMatching(/^(NUMBER_NOT_FINITE|MESH_INVALID)$/)]),
            );
          else expect(numbers(result.properties).every(Number.isFinite)).toBe(true);
        },
      ),
    );
  });
});
