import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { meshMassProperties } from "../../src/parse/mesh/meshMassProperties.js";
import { readStl } from "../../src/parse/mesh/readStl.js";
import { composePoses, pose } from "../../src/model/Pose.js";
import { box, mesh } from "../../src/model/shapes.js";
import { solidLink } from "../../src/model/solidLink.js";
import { boxSolid, toStlBinary } from "../support/meshFiles.js";

const close = (a: number, b: number): boolean => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

describe("solidLink with a mesh shape and its mass properties", () => {
  it("a box-shaped mesh gives the inertial of solidLink with the box shape at the mesh's centre (any placement)", () => {
    const size = fc.double({ min: 0.05, max: 3, noNaN: true });
    const coordinate = fc.double({ min: -5, max: 5, noNaN: true });
    const angle = fc.double({ min: -3, max: 3, noNaN: true });
    fc.assert(
      fc.property(
        fc.tuple(size, size, size),
        fc.tuple(coordinate, coordinate, coordinate),
        fc.tuple(coordinate, coordinate, coordinate),
        fc.tuple(angle, angle, angle),
        fc.double({ min: 0.1, max: 50, noNaN: true }),
        (s, lo, xyz, rpy, mass) => {
          const solid = boxSolid(lo, [lo[0] + s[0], lo[1] + s[1], lo[2] + s[2]]);
          const props = meshMassProperties(readStl(toStlBinary(solid), "b.stl").mesh!, "b.stl").properties!;
          const origin = pose(xyz, rpy);
          const fromMesh = solidLink("m", { shape: mesh("package://p/b.stl"), mass, origin, meshMassProperties: props })
            .inertial!;
          // The float32 box the STL holds, as a box shape placed at its centre.
          const corners = solid.positions.map((p) => p.map(Math.fround));
          const min = [0, 1, 2].map((k) => Math.min(...corners.map((p) => p[k]!)));
          const max = [0, 1, 2].map((k) => Math.max(...corners.map((p) => p[k]!)));
          const centre = [0, 1, 2].map((k) => (min[k]! + max[k]!) / 2) as [number, number, number];
          const asBox = solidLink("b", {
            shape: box(max[0]! - min[0]!, max[1]! - min[1]!, max[2]! - min[2]!),
            mass,
            origin: composePoses(origin, pose(centre)),
          }).inertial!;
          expect(fromMesh.mass).toBe(mass);
          fromMesh.origin!.xyz.forEach((v, k) =>
            expect(close(v, asBox.origin!.xyz[k]!), `xyz ${v} vs ${asBox.origin!.xyz[k]}`).toBe(true),
          );
          for (const key of ["ixx", "iyy", "izz", "ixy", "ixz", "iyz"] as const) {
            expect(Math.abs(fromMesh.inertia[key] - asBox.inertia[key]), key).toBeLessThanOrEqual(
              1e-9 * asBox.inertia.ixx + 1e-9 * asBox.inertia.iyy + 1e-9 * asBox.inertia.izz,
            );
          }
        },
      ),
      { numRuns: 100 },
    );
  });

  it("an explicit inertia wins; mesh properties for a non-mesh shape, or a mesh with neither, is API misuse (RangeError)", () => {
    const props = meshMassProperties(readStl(toStlBinary(boxSolid([0, 0, 0], [1, 1, 1])), "b.stl").mesh!, "b.stl")
      .properties!;
    const given = { ixx: 1, iyy: 1, izz: 1, ixy: 0, ixz: 0, iyz: 0 };
    expect(
      solidLink("m", { shape: mesh("b.stl"), mass: 2, inertia: given, meshMassProperties: props }).inertial!.inertia,
    ).toEqual(given);
    expect(() => solidLink("m", { shape: box(1, 1, 1), mass: 2, meshMassProperties: props })).toThrow(RangeError);
    expect(() => solidLink("m", { shape: mesh("b.stl"), mass: 2 })).toThrow(RangeError);
  });
});
