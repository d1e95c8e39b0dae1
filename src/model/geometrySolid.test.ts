import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { equivalentInertiaBox } from "./equivalentInertiaBox.js";
import { geometrySolid, type MeshMeasurer } from "./geometrySolid.js";
import { boxInertia, combineInertials, cylinderInertia, sphereInertia } from "./inertia.js";
import type { Link } from "./Link.js";
import type { MeshMassProperties } from "./MeshMassProperties.js";
import { rotateVector } from "./Pose.js";
import type { Robot } from "./Robot.js";
import { linkInertiaBoxes } from "./linkInertiaBoxes.js";
import type { Vec3 } from "./Vector.js";

const noMeshes: MeshMeasurer = () => undefined;
const unitTensor = { ixx: 1, ixy: 0, ixz: 0, iyy: 1, iyz: 0, izz: 1 };
const side = fc.double({ min: 0.02, max: 2, noNaN: true });
const angle = fc.double({ min: -Math.PI, max: Math.PI, noNaN: true });
const coordinate = fc.double({ min: -1, max: 1, noNaN: true });

/** What a mesh reader reports for a closed box of `size` whose centre lies at `com` in the mesh's axes. */
function boxMesh(size: Vec3, com: Vec3): MeshMassProperties {
  const volume = size[0] * size[1] * size[2];
  return { volume, com, size, unitInertia: boxInertia(volume, size), method: "closed-mesh" };
}

describe("geometrySolid", () => {
  it("a box collision anywhere: the solid is that box, with the link's mass, and its equivalent box is the shape", () => {
    fc.assert(
      fc.property(
        fc.tuple(side, side, side),
        fc.tuple(coordinate, coordinate, coordinate),
        fc.tuple(angle, angle, angle),
        fc.double({ min: 0.01, max: 100, noNaN: true }),
        (size, xyz, rpy, mass) => {
          const link: Link = {
            name: "l",
            inertial: { mass, inertia: unitTensor },
            collisions: [{ origin: { xyz, rpy }, geometry: { type: "box", size } }],
          };
          const solid = geometrySolid(link, noMeshes);
          expect(solid?.source).toBe("collision");
          expect((solid?.density ?? 0) / (mass / (size[0] * size[1] * size[2]))).toBeCloseTo(1, 12);
          const box = solid === undefined ? undefined : equivalentInertiaBox(solid.inertial);
          for (let k = 0; k < 3; k++) expect(box?.center[k]).toBeCloseTo(xyz[k]!, 12);
          const bySize = (a: number, b: number): number => a - b;
          expect([...(box?.size ?? [])].sort(bySize)).toEqual([...size].sort(bySize).map((s) => expect.closeTo(s, 9)));
        },
      ),
    );
  });

  it("a mesh is placed by its centroid and the shape's pose, and agrees with the same box given as a primitive", () => {
    fc.assert(
      fc.property(
        fc.tuple(side, side, side),
        fc.tuple(coordinate, coordinate, coordinate),
        fc.tuple(coordinate, coordinate, coordinate),
        fc.tuple(angle, angle, angle),
        (size, com, xyz, rpy) => {
          const mesh: Link = {
            name: "m",
            inertial: { mass: 2, inertia: unitTensor },
            collisions: [{ origin: { xyz, rpy }, geometry: { type: "mesh", uri: "package://p/box.stl" } }],
          };
          const asMesh = geometrySolid(mesh, (g) => (g.uri === "package://p/box.stl" ? boxMesh(size, com) : undefined));
          // The same box as a primitive whose origin is the mesh's centroid.
          const c = rotateVector(rpy, com);
          const at: Vec3 = [xyz[0] + c[0], xyz[1] + c[1], xyz[2] + c[2]];
          const primitive = geometrySolid(
            { ...mesh, collisions: [{ origin: { xyz: at, rpy }, geometry: { type: "box", size } }] },
            noMeshes,
          );
          const a = asMesh?.inertial;
          const b = primitive?.inertial;
          for (let k = 0; k < 3; k++) expect(a?.origin?.xyz[k]).toBeCloseTo(b?.origin?.xyz[k] ?? Number.NaN, 12);
          for (const key of ["ixx", "ixy", "ixz", "iyy", "iyz", "izz"] as const)
            expect(a?.inertia[key]).toBeCloseTo(b?.inertia[key] ?? Number.NaN, 12);
        },
      ),
    );
  });

  it("several shapes add by the parallel-axis theorem; visuals stand in only without collisions", () => {
    const link: Link = {
      name: "l",
      inertial: { mass: 3, inertia: unitTensor },
      visuals: [{ geometry: { type: "sphere", radius: 5 } }],
      collisions: [
        { origin: { xyz: [0, 0, 0.5], rpy: [0, 0, 0] }, geometry: { type: "cylinder", radius: 0.1, length: 0.4 } },
        { origin: { xyz: [0.3, 0, 0], rpy: [0, 0, 0] }, geometry: { type: "sphere", radius: 0.2 } },
      ],
    };
    const vc = Math.PI * 0.01 * 0.4;
    const vs = (4 / 3) * Math.PI * 0.008;
    const expected = combineInertials([
      {
        mass: (3 * vc) / (vc + vs),
        origin: { xyz: [0, 0, 0.5], rpy: [0, 0, 0] },
        inertia: cylinderInertia((3 * vc) / (vc + vs), 0.1, 0.4),
      },
      {
        mass: (3 * vs) / (vc + vs),
        origin: { xyz: [0.3, 0, 0], rpy: [0, 0, 0] },
        inertia: sphereInertia((3 * vs) / (vc + vs), 0.2),
      },
    ]);
    const solid = geometrySolid(link, noMeshes);
    expect(solid?.volume).toBeCloseTo(vc + vs, 12);
    expect(
      solid?.inertial.origin?.xyz.map((v, k) => v - (expected.origin?.xyz[k] ?? 0)).every((d) => Math.abs(d) < 1e-12),
    ).toBe(true);
    expect(solid?.inertial.inertia.ixx).toBeCloseTo(expected.inertia.ixx, 12);
    expect(solid?.inertial.inertia.izz).toBeCloseTo(expected.inertia.izz, 12);
    const visualOnly = geometrySolid({ ...link, collisions: [] }, noMeshes);
    expect(visualOnly?.source).toBe("visual");
    expect(visualOnly?.volume).toBeCloseTo((4 / 3) * Math.PI * 125, 9);
  });

  it("nothing when a shape cannot be measured, the link has no inertial, or no shapes; an open mesh is marked", () => {
    const base: Link = {
      name: "l",
      inertial: { mass: 1, inertia: unitTensor },
      collisions: [{ geometry: { type: "box", size: [1, 1, 1] } }, { geometry: { type: "mesh", uri: "missing.stl" } }],
    };
    expect(geometrySolid(base, noMeshes)).toBeUndefined();
    const { inertial: _, ...massless } = base;
    expect(geometrySolid(massless, () => boxMesh([1, 1, 1], [0, 0, 0]))).toBeUndefined();
    expect(geometrySolid({ name: "empty", inertial: base.inertial! }, noMeshes)).toBeUndefined();
    const open = geometrySolid(base, () => ({ ...boxMesh([1, 1, 1], [0, 0, 0]), method: "bounding-box" }));
    expect(open?.exact).toBe(false);
  });
});

describe("linkInertiaBoxes", () => {
  it("gives each link with an inertial its file box, and the geometry box where the shapes measure", () => {
    const robot: Robot = {
      name: "r",
      links: [
        { name: "frame" },
        {
          name: "body",
          // The file says 10 kg in a 1 m cube; the collision is a 0.1 m cube: the geometry box is 10 times smaller.
          inertial: { mass: 10, inertia: boxInertia(10, [1, 1, 1]) },
          collisions: [{ geometry: { type: "mesh", uri: "cube.stl" } }],
        },
        {
          name: "shell",
          inertial: { mass: 1, inertia: boxInertia(1, [0.2, 0.2, 0.2]) },
          visuals: [{ geometry: { type: "mesh", uri: "gone.stl" } }],
        },
      ],
    };
    const boxes = linkInertiaBoxes(robot, (g) =>
      g.uri === "cube.stl" ? boxMesh([0.1, 0.1, 0.1], [0, 0, 0]) : undefined,
    );
    expect(boxes.map((b) => b.link)).toEqual(["body", "shell"]);
    const body = boxes[0];
    body?.file.size.forEach((s) => expect(s).toBeCloseTo(1, 12));
    body?.geometry?.size.forEach((s) => expect(s).toBeCloseTo(0.1, 12));
    expect(body?.geometry?.density).toBeCloseTo(10_000, 6);
    expect(boxes[1]?.geometry).toBeUndefined();
  });
});
