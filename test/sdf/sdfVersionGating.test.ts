import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { SDF_VERSIONS, type SdfVersion } from "../../src/emit/sdf/SdfVersion.js";
import type { Robot } from "../../src/model/Robot.js";
import { readXml } from "../../src/parse/readXml.js";
import { arbitraryRobot } from "./arbitraryRobot.js";
import { loadSpec, outsideSpec, type SpecElement } from "./sdfSpec.js";

const everything: Robot = {
  name: "everything",
  materials: [{ name: "tex", rgba: [1, 0.5, 0, 1], texture: "model://everything/materials/t.png" }],
  links: [
    {
      name: "base",
      inertial: {
        mass: 2,
        origin: { xyz: [0, 0, 0.1], rpy: [0, 0, 0] },
        inertia: { ixx: 0.1, ixy: 0, ixz: 0, iyy: 0.1, iyz: 0, izz: 0.1 },
      },
      visuals: [
        { geometry: { type: "capsule", radius: 0.1, length: 0.3 }, material: "tex" },
        { geometry: { type: "mesh", uri: "model://everything/meshes/m.dae", scale: [2, 2, 2] } },
      ],
      collisions: [
        {
          geometry: { type: "box", size: [1, 1, 1] },
          surface: { mu: 0.5, mu2: 0.4, fdir1: [0, 1, 0], kp: 1e5, kd: 10 },
        },
      ],
    },
    { name: "arm" },
    { name: "finger" },
  ],
  joints: [
    {
      name: "shoulder",
      type: "revolute",
      parent: "base",
      child: "arm",
      axis: [0, 1, 0],
      limit: { lower: -1, upper: 1, effort: 5, velocity: 1 },
      dynamics: { damping: 0.1, friction: 0.2 },
    },
    {
      name: "slide",
      type: "prismatic",
      parent: "arm",
      child: "finger",
      limit: { lower: 0, upper: 0.1, effort: 5, velocity: 1 },
      mimic: { joint: "shoulder", multiplier: 0.5 },
    },
  ],
};

/** Every element and attribute robokit writes exists in that version's official spec files. */
describe.each(SDF_VERSIONS)("SDF %s output stays inside the %s spec", (version: SdfVersion) => {
  let spec: SpecElement;
  beforeAll(() => {
    spec = loadSpec(version);
  });
  const check = (robot: Robot): string[] => {
    const root = readXml(emitSdf(robot, { version }), "x.sdf").document.root;
    if (root === undefined) throw new Error("no root");
    return outsideSpec(spec, root);
  };

  it("MARIO", () => expect(check(mario)).toEqual([]));
  it("a robot using every feature the writer has (capsule, mesh, texture, surface, mimic, dynamics)", () =>
    expect(check(everything)).toEqual([]));
  it("random robots with every joint type and geometry", () => {
    fc.assert(
      fc.property(arbitraryRobot(), (robot) => {
        expect(check(robot)).toEqual([]);
      }),
      { numRuns: 60 },
    );
  });
});

describe("the spec walker", () => {
  it("flags elements and attributes a version does not have (so the gating test can fail)", () => {
    const text = (version: string): string =>
      `<sdf version="${version}"><model name="m"><link name="a"><pose relative_to="b">0 0 0 0 0 0</pose><visual name="v"><geometry><capsule><radius>1</radius><length>1</length></capsule></geometry></visual></link>` +
      `<joint name="j" type="revolute"><parent>a</parent><child>b</child><axis><xyz expressed_in="a">1 0 0</xyz><mimic joint="k"><multiplier>1</multiplier><offset>0</offset><reference>0</reference></mimic></axis></joint></model></sdf>`;
    const walk = (version: string): string[] =>
      outsideSpec(loadSpec(version), readXml(text(version), "t.sdf").document.root!);
    expect(walk("1.6")).toEqual([
      '/sdf/model[@name="m"]/link[@name="a"]/pose/@relative_to',
      '/sdf/model[@name="m"]/link[@name="a"]/visual[@name="v"]/geometry/capsule',
      '/sdf/model[@name="m"]/joint[@name="j"]/axis/xyz/@expressed_in',
      '/sdf/model[@name="m"]/joint[@name="j"]/axis/mimic',
    ]);
    expect(walk("1.10")).toEqual(['/sdf/model[@name="m"]/joint[@name="j"]/axis/mimic']);
    expect(walk("1.11")).toEqual([]);
  });
});
