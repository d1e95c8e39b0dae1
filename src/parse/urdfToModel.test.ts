import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { arbitraryRobot } from "../../test/sdf/arbitraryRobot.js";
import { compareModels } from "../../test/sdf/compareModels.js";
import { emitUrdf } from "../emit/urdf/emitUrdf.js";
import { urdfToModel } from "./urdfToModel.js";

const URDF_CARRIES = { surfaces: false } as const;

describe("urdfToModel", () => {
  it("reads MARIO's URDF back into the same model (names, order, origins, geometry, inertials, materials, limits, dynamics)", () => {
    const result = urdfToModel(emitUrdf(mario), "mario.urdf");
    expect(result.diagnostics).toEqual([]);
    expect(compareModels(mario, result.robot!, URDF_CARRIES)).toEqual([]);
    // Each link's collisions share one surface on MARIO, so the tyres' friction comes back too.
    expect(compareModels(mario, result.robot!, { surfaces: true })).toEqual([]);
  });

  it("writes a link's contact parameters as the <gazebo reference> block Gazebo reads (mu1, mu2, fdir1, kp, kd), from its first collision with a surface", () => {
    const surface = { mu: 0.8, mu2: 0.05, fdir1: [1, 0, 0] as [number, number, number], kp: 1e6, kd: 12.5 };
    const robot = {
      name: "r",
      links: [
        {
          name: "tyre",
          collisions: [
            { geometry: { type: "sphere" as const, radius: 0.1 }, surface },
            { geometry: { type: "box" as const, size: [0.1, 0.1, 0.1] as [number, number, number] } },
          ],
        },
      ],
    };
    const urdf = emitUrdf(robot);
    expect(urdf).toContain(
      '<gazebo reference="tyre">\n    <mu1>0.8</mu1>\n    <mu2>0.05</mu2>\n    <fdir1>1 0 0</fdir1>\n    <kp>1000000</kp>\n    <kd>12.5</kd>\n  </gazebo>',
    );
    // libsdformat (and robokit's reader) apply it to every collision of the link.
    expect(urdfToModel(urdf, "r.urdf").robot?.links[0]?.collisions?.map((c) => c.surface)).toEqual([surface, surface]);
    // A kept extension block that already gives the link's friction (robokit import) is not doubled.
    const kept = emitUrdf({
      ...robot,
      xmlBlocks: [{ format: "urdf", xml: '<gazebo reference="tyre"><mu1>0.8</mu1></gazebo>' }],
    });
    expect(kept.match(/<gazebo reference="tyre">/g)).toHaveLength(1);
  });

  it("round trips random robots (every joint type and geometry, mimic): model → URDF → model", () => {
    fc.assert(
      fc.property(arbitraryRobot(), (robot) => {
        const result = urdfToModel(emitUrdf(robot), "r.urdf");
        expect(result.diagnostics).toEqual([]);
        expect(compareModels(robot, result.robot!, URDF_CARRIES)).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it("is idempotent: emit(parse(emit(m))) === emit(m), byte for byte", () => {
    const text = emitUrdf(mario);
    expect(emitUrdf(urdfToModel(text, "m.urdf").robot!)).toBe(text);
    fc.assert(
      fc.property(arbitraryRobot(), (robot) => {
        const once = emitUrdf(robot);
        expect(emitUrdf(urdfToModel(once, "r.urdf").robot!)).toBe(once);
      }),
      { numRuns: 200 },
    );
  });

  it("keeps a fixed joint's <axis> and <limit> through URDF → model → URDF", () => {
    const text = `<robot name="r"><link name="a"/><link name="b"/>
<joint name="j" type="fixed"><parent link="a"/><child link="b"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="5" velocity="2"/></joint></robot>`;
    const robot = urdfToModel(text, "r.urdf").robot!;
    expect(robot.joints![0]).toMatchObject({
      type: "fixed",
      axis: [0, 0, 1],
      limit: { lower: -1, upper: 1, effort: 5, velocity: 2 },
    });
    const again = emitUrdf(robot);
    expect(again).toContain('<axis xyz="0 0 1"/>');
    expect(again).toContain('<limit lower="-1" upper="1" effort="5" velocity="2"/>');
    expect(urdfToModel(again, "r.urdf").robot!.joints![0]).toMatchObject({
      type: "fixed",
      axis: [0, 0, 1],
      limit: { lower: -1, upper: 1, effort: 5, velocity: 2 },
    });
    expect(emitUrdf(urdfToModel(again, "r.urdf").robot!)).toBe(again);
  });

  it("keeps any subset of a fixed joint's axis and limit attributes, and adds none (property)", () => {
    const value = fc.double({ min: -10, max: 10, noNaN: true }).map((v) => Math.round(v * 1000) / 1000 + 0); // + 0: no -0, which is written "0"
    const maybe = fc.option(value, { nil: undefined });
    fc.assert(
      fc.property(
        fc.option(fc.tuple(value, value, value), { nil: undefined }),
        fc.option(fc.record({ lower: maybe, upper: maybe, effort: maybe, velocity: maybe }), { nil: undefined }),
        (axis, limit) => {
          const attrs = limit === undefined ? undefined : Object.entries(limit).filter(([, v]) => v !== undefined);
          const text = `<robot name="r"><link name="a"/><link name="b"/><joint name="j" type="fixed"><parent link="a"/><child link="b"/>${
            axis === undefined ? "" : `<axis xyz="${axis.join(" ")}"/>`
          }${attrs === undefined ? "" : `<limit ${attrs.map(([k, v]) => `${k}="${String(v)}"`).join(" ")}/>`}</joint></robot>`;
          const joint = urdfToModel(text, "r.urdf").robot!.joints![0]!;
          expect(joint.type === "fixed" ? joint.axis : "moving").toEqual(axis);
          expect(joint.type === "fixed" ? joint.limit : "moving").toEqual(
            attrs === undefined ? undefined : Object.fromEntries(attrs),
          );
          const back = urdfToModel(emitUrdf(urdfToModel(text, "r.urdf").robot!), "r.urdf").robot!.joints![0]!;
          const kept = (j: typeof joint): unknown => (j.type === "fixed" ? [j.axis, j.limit] : "moving");
          expect(kept(back)).toEqual(kept(joint));
        },
      ),
      { numRuns: 200 },
    );
  });

  it("keeps safety controller, calibration and mimic defaults", () => {
    const text = `<robot name="r"><link name="a"/><link name="b"/><link name="c"/>
<joint name="j" type="revolute"><parent link="a"/><child link="b"/><limit lower="-1" upper="1" effort="2" velocity="3"/>
  <safety_controller soft_lower_limit="-0.9" k_velocity="10"/><calibration rising="0.1"/></joint>
<joint name="k" type="continuous"><parent link="b"/><child link="c"/><mimic joint="j"/></joint></robot>`;
    const robot = urdfToModel(text, "r.urdf").robot!;
    expect(robot.joints![0]).toMatchObject({
      safetyController: { softLowerLimit: -0.9, kVelocity: 10 },
      calibration: { rising: 0.1 },
    });
    expect(robot.joints![1]).toMatchObject({ type: "continuous", mimic: { joint: "j" } });
  });

  it("turns inline visual colours into named materials and reads <gazebo reference> friction and contact", () => {
    const text = `<robot name="r">
  <link name="a">
    <visual><geometry><box size="1 1 1"/></geometry><material name="red"><color rgba="1 0 0 1"/></material></visual>
    <collision><geometry><sphere radius="0.5"/></geometry></collision>
  </link>
  <gazebo reference="a"><mu1>0.7</mu1><mu2>0.6</mu2><kp>1000</kp><fdir1>0 1 0</fdir1></gazebo>
</robot>`;
    const robot = urdfToModel(text, "r.urdf").robot!;
    expect(robot.materials).toEqual([{ name: "red", rgba: [1, 0, 0, 1] }]);
    expect(robot.links[0]!.visuals![0]!.material).toBe("red");
    expect(robot.links[0]!.collisions![0]!.surface).toEqual({ mu: 0.7, mu2: 0.6, fdir1: [0, 1, 0], kp: 1000 });
  });

  it('reads <gazebo> contact values written as a value attribute (<kp value="1e6"/>, as Unitree\'s files do)', () => {
    const text = `<robot name="r"><link name="a"><collision><geometry><sphere radius="0.5"/></geometry></collision></link>
  <gazebo reference="a"><mu1>0.2</mu1><kp  value="1000000.0"/><kd value="1.0"/></gazebo></robot>`;
    const result = urdfToModel(text, "r.urdf");
    expect(result.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(result.robot!.links[0]!.collisions![0]!.surface).toEqual({ mu: 0.2, kp: 1000000, kd: 1 });
  });

  it("merges a cylinder and two end spheres back into a capsule only when they form one", () => {
    const capsule = urdfToModel(
      emitUrdf({
        name: "c",
        links: [{ name: "a", visuals: [{ name: "v", geometry: { type: "capsule", radius: 0.1, length: 0.5 } }] }],
      }),
      "c.urdf",
    ).robot!;
    expect(capsule.links[0]!.visuals).toEqual([
      {
        name: "v",
        origin: { xyz: [0, 0, 0], rpy: [0, 0, 0] },
        geometry: { type: "capsule", radius: 0.1, length: 0.5 },
      },
    ]);
    const notQuite = `<robot name="c"><link name="a">
<visual><geometry><cylinder radius="0.1" length="0.5"/></geometry></visual>
<visual><origin xyz="0 0 0.25"/><geometry><sphere radius="0.1"/></geometry></visual>
<visual><origin xyz="0 0 -0.3"/><geometry><sphere radius="0.1"/></geometry></visual></link></robot>`;
    expect(urdfToModel(notQuite, "c.urdf").robot!.links[0]!.visuals!.map((v) => v.geometry.type)).toEqual([
      "cylinder",
      "sphere",
      "sphere",
    ]);
  });

  it("reports malformed XML with its line and column and returns no robot", () => {
    const result = urdfToModel(`<robot name="r">\n  <link name="a">\n</robot>`, "bad.urdf");
    expect(result.robot).toBeUndefined();
    expect(result.diagnostics[0]).toMatchObject({ code: "XML_ERROR", severity: "error", file: "bad.urdf", line: 3 });
  });

  it("points at the attribute of a bad number, the joint of a missing limit, and the element checkRobot objects to", () => {
    const text = `<robot name="r">
  <link name="a"/>
  <link name="b"><visual><origin xyz="0 zero 0"/><geometry><box size="1 1 1"/></geometry></visual></link>
  <joint name="j" type="prismatic"><parent link="a"/><child link="b"/></joint>
</robot>`;
    const result = urdfToModel(text, "r.urdf");
    expect(result.robot).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.line, d.column])).toEqual([
      ["ATTRIBUTE_INVALID", 3, 34],
      ["JOINT_LIMIT_MISSING", 4, 3],
    ]);
    const dangling = urdfToModel(
      `<robot name="r">\n  <link name="a"/>\n  <joint name="j" type="fixed"><parent link="a"/><child link="ghost"/></joint>\n</robot>`,
      "d.urdf",
    );
    expect(dangling.robot).toBeUndefined();
    expect(dangling.diagnostics).toEqual([
      expect.objectContaining({
        code: "JOINT_CHILD_LINK_INVALID",
        file: "d.urdf",
        line: 3,
        column: 3,
        xmlPath: '/robot[@name="r"]/joint[@name="j"]',
      }),
    ]);
  });

  it("rejects unknown joint types and geometry, and a root that is not <robot>", () => {
    const bad = urdfToModel(
      `<robot name="r"><link name="a"><visual><geometry><cone/></geometry></visual></link><link name="b"/><joint name="j" type="hinge"><parent link="a"/><child link="b"/></joint></robot>`,
      "r.urdf",
    );
    expect(bad.diagnostics.map((d) => d.code)).toEqual(["ELEMENT_UNRECOGNIZED", "ATTRIBUTE_INVALID"]);
    expect(urdfToModel(`<sdf version="1.9"/>`, "x").diagnostics.map((d) => d.code)).toEqual(["VERSION_UNSUPPORTED"]);
  });

  it("never throws, and returns a robot only without errors, for any text (random and mutated URDF)", () => {
    const valid = emitUrdf(mario);
    const mutated = fc
      .tuple(fc.nat({ max: valid.length }), fc.nat({ max: 40 }), fc.string({ maxLength: 8 }))
      .map(([at, cut, insert]) => valid.slice(0, at) + insert + valid.slice(at + cut));
    fc.assert(
      fc.property(fc.oneof(fc.string(), mutated), (text) => {
        const result = urdfToModel(text, "f.urdf");
        expect(result.robot === undefined).toBe(result.diagnostics.some((d) => d.severity === "error"));
      }),
      { numRuns: 500 },
    );
  });
});
