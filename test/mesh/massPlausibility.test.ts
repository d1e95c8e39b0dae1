import { describe, expect, it } from "vitest";

import { massPlausibility } from "../../src/parse/mesh/massPlausibility.js";
import { meshMassProperties } from "../../src/parse/mesh/meshMassProperties.js";
import { readStl } from "../../src/parse/mesh/readStl.js";
import { boxSolid, toStlBinary } from "../support/meshFiles.js";

// A 200 × 100 × 50 mm part written in millimetres, as CAD tools export it.
const part = readStl(toStlBinary(boxSolid([0, 0, 0], [200, 100, 50])), "part.stl").mesh!;

describe("massPlausibility", () => {
  it("flags a mesh drawn in millimetres, and the density a real mass then gives", () => {
    const asMetres = meshMassProperties(part, "part.stl").properties!;
    const found = massPlausibility(asMetres, 2 / asMetres.volume, "part.stl");
    expect(found.map((d) => [d.code, d.severity])).toEqual([
      ["MESH_UNITS_SUSPECT", "warning"],
      ["DENSITY_IMPLAUSIBLE", "warning"],
    ]);
    expect(found[0]!.message).toContain("200 m across");
  });

  it("is silent for the same part scaled to metres with an aluminium-like mass, and flags densities past the bounds", () => {
    const scaled = meshMassProperties(part, "part.stl", { scale: [0.001, 0.001, 0.001] }).properties!;
    expect(scaled.volume).toBeCloseTo(0.001, 12);
    expect(massPlausibility(scaled, 2700, "part.stl")).toEqual([]);
    for (const ok of [100, 22_600]) expect(massPlausibility(scaled, ok, "part.stl")).toEqual([]);
    for (const bad of [99, 22_601])
      expect(massPlausibility(scaled, bad, "part.stl").map((d) => d.code)).toEqual(["DENSITY_IMPLAUSIBLE"]);
  });
});
