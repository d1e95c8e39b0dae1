import { describe, expect, it } from "vitest";

import type { Robot } from "../../model/Robot.js";
import { emitSdf } from "./emitSdf.js";
import { urdfConventionsForSdf } from "./urdfConventionsForSdf.js";

const fixedToWorld: Robot = {
  name: "arm",
  links: [{ name: "world" }, { name: "base" }, { name: "tool" }],
  joints: [
    { name: "anchor", type: "fixed", parent: "world", child: "base", origin: { xyz: [0, 0, 1], rpy: [0, 0, 0] } },
    {
      name: "tool",
      type: "revolute",
      parent: "base",
      child: "tool",
      axis: [0, 0, 1],
      limit: { lower: -1, upper: 1, effort: 1, velocity: 1 },
    },
  ],
};

describe("urdfConventionsForSdf (URDF idioms libsdformat's converter rewrites)", () => {
  it("drops an empty root link called world; its joints keep world as parent", () => {
    const r = urdfConventionsForSdf(fixedToWorld);
    expect(r.links.map((l) => l.name)).toEqual(["base", "tool"]);
    expect(r.joints?.[0]?.parent).toBe("world");
  });
  it("renames a joint that shares its name with a link (SDF 1.7+ sibling names are unique)", () => {
    expect(urdfConventionsForSdf(fixedToWorld).joints?.map((j) => j.name)).toEqual(["anchor", "tool_joint"]);
  });
  it("emitSdf writes such a robot (it threw RESERVED_NAME before): the world-fixed link is placed in the model frame", () => {
    const sdf = emitSdf(fixedToWorld);
    expect(sdf).not.toContain('<link name="world"');
    expect(sdf).toContain("<parent>world</parent>");
    expect(sdf).toMatch(/<link name="base">\s*<pose>0 0 1 0 0 0<\/pose>/);
    expect(sdf).toContain('<joint name="tool_joint" type="revolute">');
  });
  it("keeps a world link with content (then a RESERVED_NAME error as before)", () => {
    const r: Robot = {
      ...fixedToWorld,
      links: [
        { name: "world", inertial: { mass: 1, inertia: { ixx: 1, ixy: 0, ixz: 0, iyy: 1, iyz: 0, izz: 1 } } },
        { name: "base" },
        { name: "tool" },
      ],
    };
    expect(() => emitSdf(r)).toThrow(/reserved/);
  });
});
