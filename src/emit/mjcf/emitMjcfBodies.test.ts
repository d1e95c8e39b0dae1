import { describe, expect, it } from "vitest";

import type { Inertial } from "../../model/Inertial.js";
import type { Joint } from "../../model/Joint.js";
import type { Link } from "../../model/Link.js";
import type { Robot } from "../../model/Robot.js";
import { emitMjcf } from "./emitMjcf.js";
import { mjcfLosses } from "./mjcfLosses.js";
import { MJCF_PHYSICS } from "./mjcfPhysics.js";

const box = { type: "box", size: [0.1, 0.1, 0.1] } as const;
const heavy: Inertial = { mass: 1, inertia: { ixx: 0.01, ixy: 0, ixz: 0, iyy: 0.01, iyz: 0, izz: 0.01 } };
const link = (name: string, extra: Partial<Link> = {}): Link => ({ name, inertial: heavy, ...extra });
const fixed = (name: string, parent: string, child: string, z = 0.1): Joint => ({
  name,
  type: "fixed",
  parent,
  child,
  origin: { xyz: [0, 0, z], rpy: [0, 0, 0] },
});
const hinge = (name: string, parent: string, child: string, lower = -1, upper = 1): Joint => ({
  name,
  type: "revolute",
  parent,
  child,
  axis: [0, 0, 1],
  limit: { lower, upper, effort: 2, velocity: 3 },
});

/** The opening tag of the element named `name`. */
function tag(xml: string, element: string, name: string): string {
  return new RegExp(`<${element} name="${name}"[^>]*>`).exec(xml)?.[0] ?? "";
}

describe("MJCF base: free, bolted to a URDF world link, or fixed", () => {
  it("a robot bolted to the URDF world link has no free joint and no body named world (MuJoCo refuses it)", () => {
    const robot: Robot = {
      name: "arm",
      links: [{ name: "world" }, link("base", { collisions: [{ geometry: box }] }), link("arm")],
      joints: [fixed("bolt", "world", "base", 0.5), hinge("j1", "base", "arm")],
    };
    const xml = emitMjcf(robot);
    expect(xml).not.toContain("<freejoint");
    expect(xml).not.toContain('body name="world"');
    // Where the fixed joint puts it, not lifted onto the floor.
    expect(tag(xml, "body", "base")).toBe('<body name="base" pos="0 0 0.5">');
    expect(xml).toContain('name="floor"');
  });

  it("a floating joint from the world link is a free joint", () => {
    const robot: Robot = {
      name: "drone",
      links: [{ name: "world" }, link("base")],
      joints: [{ name: "float", type: "floating", parent: "world", child: "base" }],
    };
    const xml = emitMjcf(robot);
    expect(xml).toContain('<freejoint name="float"/>');
    expect(xml).not.toContain("float_x");
  });

  it("a mobile base gets a free joint; a robot with its own ground plane gets no second floor", () => {
    const mobile: Robot = { name: "rover", links: [link("base", { collisions: [{ geometry: box }] })] };
    expect(emitMjcf(mobile)).toMatch(/<body name="base"[^>]*>\s*<freejoint/);
    const grounded: Robot = {
      name: "scene",
      links: [
        { name: "world" },
        { name: "ground", collisions: [{ geometry: { type: "plane", normal: [0, 0, 1], size: [10, 10] } }] },
        link("base"),
      ],
      joints: [fixed("g", "world", "ground", 0), fixed("b", "world", "base")],
    };
    const xml = emitMjcf(grounded);
    expect(xml).not.toContain('name="floor"');
    // The robot's own ground takes contacts from its collision geoms (which skip each other).
    expect(xml).toMatch(/<geom name="ground_collision_0" class="collision" type="plane"[^>]* conaffinity="1"/);
  });
});

describe("MJCF inertials", () => {
  it("writes off-diagonal tensors as principal moments and axes, diagonal ones as given", () => {
    const tilted: Inertial = {
      mass: 2,
      origin: { xyz: [0.1, 0.2, 0.3], rpy: [0.1, 0.2, 0.3] },
      inertia: { ixx: 0.03, ixy: 0.004, ixz: -0.002, iyy: 0.02, iyz: 0.001, izz: 0.025 },
    };
    const xml = emitMjcf({ name: "r", links: [link("base", { inertial: tilted })] });
    const inertial = /<inertial [^>]*>/.exec(xml)?.[0] ?? "";
    expect(inertial).toMatch(/pos="0.1 0.2 0.3" quat="[^"]+" mass="2" diaginertia="[^"]+"/);
    const moments = /diaginertia="([^"]+)"/.exec(inertial)![1]!.split(" ").map(Number);
    // The trace is invariant under rotation.
    expect(moments.reduce((a, b) => a + b, 0)).toBeCloseTo(0.075, 12);
    expect(emitMjcf({ name: "r", links: [link("base")] })).toContain(
      '<inertial pos="0 0 0" mass="1" diaginertia="0.01 0.01 0.01"/>',
    );
  });

  it("gives a massless moving body the placeholder and names it; a massless welded frame gets nothing", () => {
    const robot: Robot = {
      name: "r",
      links: [link("base"), { name: "gimbal" }, link("arm"), { name: "tool" }],
      joints: [hinge("j1", "base", "gimbal"), hinge("j2", "gimbal", "arm"), fixed("t", "arm", "tool")],
    };
    const xml = emitMjcf(robot);
    expect(xml).toMatch(
      new RegExp(
        `<body name="gimbal"[^>]*>\\s*<joint[^>]*/>\\s*<inertial pos="0 0 0" mass="${MJCF_PHYSICS.placeholderMass}"`,
      ),
    );
    expect(xml).toMatch(/<body name="tool"[^>]*>\s*<\/body>|<body name="tool"[^>]*\/>/);
    const losses = mjcfLosses(robot).map((d) => d.message);
    expect(losses.filter((m) => m.includes("MuJoCo refuses a moving body"))).toEqual([
      expect.stringContaining('link "gimbal"'),
    ]);
  });

  it("a massless moving link with mass welded below it needs no placeholder", () => {
    const robot: Robot = {
      name: "r",
      links: [link("base"), { name: "flange" }, link("tool")],
      joints: [hinge("j1", "base", "flange"), fixed("t", "flange", "tool")],
    };
    expect(emitMjcf(robot)).not.toContain(`mass="${MJCF_PHYSICS.placeholderMass}"`);
  });

  it("raises the smaller moments of a tensor that breaks the triangle inequality, and says so", () => {
    const bad: Inertial = { mass: 1, inertia: { ixx: 0.01, ixy: 0, ixz: 0, iyy: 0.01, iyz: 0, izz: 0.05 } };
    const robot: Robot = { name: "r", links: [link("base", { inertial: bad })] };
    const moments = /diaginertia="([^"]+)"/.exec(emitMjcf(robot))![1]!.split(" ").map(Number);
    const [a, b, c] = [...moments].sort((x, y) => x - y) as [number, number, number];
    expect(a + b).toBeGreaterThanOrEqual(c);
    expect(c).toBe(0.05);
    expect(mjcfLosses(robot).map((d) => d.message)).toContainEqual(expect.stringContaining("triangle inequality"));
  });
});

describe("MJCF joints", () => {
  it("writes a URDF 'no limit' range (lower not below upper) unlimited, and names it", () => {
    const robot: Robot = { name: "r", links: [link("base"), link("arm")], joints: [hinge("j", "base", "arm", 0, 0)] };
    expect(tag(emitMjcf(robot), "joint", "j")).toContain('limited="false"');
    expect(tag(emitMjcf(robot), "joint", "j")).not.toContain("range");
    expect(mjcfLosses(robot).map((d) => d.jsonPath)).toContain("/joints/0/limit");
  });

  it("couples a mimic joint by an equality, and names a mimic of a joint MJCF does not write", () => {
    const robot: Robot = {
      name: "r",
      links: [link("base"), link("a"), link("b"), link("c")],
      joints: [
        hinge("lead", "base", "a"),
        { ...hinge("follow", "base", "b"), mimic: { joint: "lead", multiplier: -2, offset: 0.5 } } as Joint,
        { ...hinge("lost", "base", "c"), mimic: { joint: "nowhere" } } as Joint,
      ],
    };
    const xml = emitMjcf(robot);
    expect(xml).toContain('<joint name="follow_mimic" joint1="follow" joint2="lead" polycoef="0.5 -2 0 0 0"/>');
    expect(xml).not.toContain('joint1="lost"');
    expect(mjcfLosses(robot).map((d) => d.jsonPath)).toContain("/joints/2/mimic");
  });
});

describe("MJCF fixed joints: welded or merged", () => {
  const robot: Robot = {
    name: "r",
    links: [
      link("base"),
      link("arm"),
      {
        name: "tool",
        sensors: [{ type: "imu", name: "imu", updateRate: 100, origin: { xyz: [0, 0, 0.05], rpy: [0, 0, 0] } }],
      },
    ],
    joints: [hinge("j1", "base", "arm"), fixed("t", "arm", "tool", 0.2)],
  };

  it("welds by default: every link is a body", () => {
    const xml = emitMjcf(robot);
    expect(xml).toMatch(/<body name="tool" pos="0 0 0.2">/);
  });

  it("merges on request: the frame becomes a site and the sensor keeps its pose", () => {
    const xml = emitMjcf(robot, { fixedJoints: "merge" });
    expect(xml).not.toContain('<body name="tool"');
    expect(xml).toContain('<site name="tool" pos="0 0 0.2" size="0.005"/>');
    expect(xml).toContain('<site name="imu_site" pos="0 0 0.25" size="0.01"/>');
    expect(xml).toContain("fixedJoints=merge");
  });
});

describe("MJCF geoms", () => {
  it("leaves out a zero-size shape MuJoCo refuses, names it, and gives same-named shapes distinct names", () => {
    const robot: Robot = {
      name: "r",
      links: [
        link("base", {
          visuals: [{ name: "body", geometry: box }, { geometry: { type: "sphere", radius: 0 } }],
          collisions: [{ name: "body", geometry: box }],
        }),
      ],
    };
    const xml = emitMjcf(robot);
    expect(xml).toContain('<geom name="base_body" class="visual"');
    expect(xml).toContain('<geom name="base_collision_body" class="collision"');
    expect(xml).not.toContain('type="sphere"');
    expect(mjcfLosses(robot).map((d) => d.jsonPath)).toContain("/links/0/visuals/1/geometry");
  });
});

describe("MJCF sensors", () => {
  it("a GPS reports position and velocity in the world frame (framepos, framelinvel), named as an approximation", () => {
    const robot: Robot = {
      name: "r",
      links: [link("base", { sensors: [{ type: "gps", name: "gps", updateRate: 10 }] })],
    };
    const xml = emitMjcf(robot);
    expect(xml).toContain('<framepos name="gps_framepos" objtype="site" objname="gps_site"/>');
    expect(xml).toContain('<framelinvel name="gps_framelinvel" objtype="site" objname="gps_site"/>');
    expect(mjcfLosses(robot).map((d) => [d.severity, d.jsonPath])).toEqual([["info", "/links/0/sensors/0"]]);
  });
});
