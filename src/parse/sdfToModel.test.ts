import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { arbitraryRobot } from "../../test/sdf/arbitraryRobot.js";
import { compareModels } from "../../test/sdf/compareModels.js";
import { emitSdf } from "../emit/sdf/emitSdf.js";
import { sdfLosses } from "../emit/sdf/sdfLosses.js";
import { SDF_VERSIONS, sdfAtLeast } from "../emit/sdf/SdfVersion.js";
import type { Joint } from "../model/Joint.js";
import type { Pose } from "../model/Pose.js";
import { rotationFromRpy } from "../model/Pose.js";
import type { Vec3 } from "../model/Vector.js";
import { sdfToModel } from "./sdfToModel.js";

/** SDF has no named materials, no safety controller or calibration; mimic only from 1.11. */
const sdfCarries = (version: (typeof SDF_VERSIONS)[number]) =>
  ({ materialNames: false, urdfOnly: false, mimic: sdfAtLeast(version, "1.11") }) as const;

function expectPose(actual: Pose | undefined, xyz: Vec3, rpy: Vec3): void {
  const p = actual ?? { xyz: [0, 0, 0], rpy: [0, 0, 0] };
  p.xyz.forEach((v, i) => expect(v).toBeCloseTo(xyz[i]!, 9));
  const a = rotationFromRpy(p.rpy).flat();
  rotationFromRpy(rpy)
    .flat()
    .forEach((v, i) => expect(a[i]).toBeCloseTo(v, 9));
}

function axisOf(joint: Joint | undefined): Vec3 | undefined {
  return joint !== undefined && "axis" in joint ? joint.axis : undefined;
}

function errors(text: string): string[] {
  return sdfToModel(text, "t.sdf")
    .diagnostics.filter((d) => d.severity === "error")
    .map((d) => `${d.code}@${d.line}:${d.column}`);
}

describe("sdfToModel", () => {
  it.each(SDF_VERSIONS)("reads MARIO's SDF %s back into the same model", (version) => {
    const result = sdfToModel(emitSdf(mario, { version }), "mario.sdf");
    expect(result.diagnostics).toEqual([]);
    expect(compareModels(mario, result.robot!, sdfCarries(version))).toEqual([]);
  });

  it.each(SDF_VERSIONS)("round trips random robots (no floating/planar: SDF has neither) through SDF %s", (version) => {
    fc.assert(
      fc.property(arbitraryRobot({ jointTypes: ["fixed", "revolute", "continuous", "prismatic"] }), (robot) => {
        const result = sdfToModel(emitSdf(robot, { version }), "r.sdf");
        expect(result.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
        expect(compareModels(robot, result.robot!, sdfCarries(version))).toEqual([]);
      }),
      { numRuns: 100 },
    );
  });

  // Poses before SDF 1.7 are composed into the model frame and back through rotation
  // matrices, and roll-pitch-yaw read back near pitch ±π/2 loses digits (1e-12 rad at 1.45
  // rad pitch); ~1e-19 is left where an angle is 0. The rounding is absolute (about 1e-16 of
  // the matrix entries), so a small angle keeps few significant digits: 3.9e-8 rad came back
  // 9e-16 off (fast-check seed 1772314981). Numbers agree within 1e-9 (relative above 1),
  // everything else byte for byte: `text` with each number close to `reference`'s written as
  // that one, so a failure shows only what differs.
  const NUMBER = /-?\d+(?:\.\d+)?(?:e[-+]?\d+)?/g;
  const asIn = (text: string, reference: string): string => {
    const theirs = reference.match(NUMBER) ?? [];
    let i = 0;
    return text.replace(NUMBER, (n) => {
      const r = theirs[i++];
      if (r === undefined) return n;
      const [a, b] = [Number(n), Number(r)];
      return Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)) ? r : n;
    });
  };
  it.each(SDF_VERSIONS)(
    "is idempotent at SDF %s: emit(parse(emit(m))) === emit(m), byte for byte but numbers within 1e-9 (every joint type)",
    (version) => {
      const text = emitSdf(mario, { version });
      expect(asIn(emitSdf(sdfToModel(text, "m.sdf").robot!, { version }), text)).toBe(text);
      fc.assert(
        fc.property(arbitraryRobot(), (robot) => {
          const once = emitSdf(robot, { version });
          const twice = emitSdf(sdfToModel(once, "r.sdf").robot!, { version });
          // A lossy first emission lists its losses in comments; the re-read model no longer has
          // those features, so only the comments may differ.
          const lossless = sdfLosses(robot, version).every((d) => d.severity === "info");
          const expected = lossless ? once : withoutLossComments(once);
          expect(asIn(twice, expected)).toBe(expected);
        }),
        { numRuns: 100 },
      );
    },
  );

  it("turns a free link back into a floating joint from the link its pose is relative to", () => {
    const robot = sdfToModel(
      emitSdf({
        name: "f",
        links: [{ name: "a" }, { name: "b" }],
        joints: [
          { name: "float", type: "floating", parent: "a", child: "b", origin: { xyz: [1, 2, 3], rpy: [0, 0, 1] } },
        ],
      }),
      "f.sdf",
    ).robot!;
    expect(robot.joints).toEqual([
      {
        name: "b_floating_joint",
        type: "floating",
        parent: "a",
        child: "b",
        origin: { xyz: [1, 2, 3], rpy: [0, 0, 1] },
      },
    ]);
  });

  it("re-expresses a link in its joint's frame when the joint pose is not the identity (default: relative to the child link)", () => {
    const robot = sdfToModel(
      `<sdf version="1.9"><model name="m">
  <link name="base"/>
  <link name="arm"><pose>1 0 0 0 0 0</pose>
    <inertial><pose>0 0 0.2 0 0 0</pose><mass>2</mass></inertial>
    <visual name="v"><pose>0 0 0.5 0 0 0</pose><geometry><sphere><radius>0.1</radius></sphere></geometry></visual></link>
  <joint name="j" type="revolute"><pose>0 0 1 0 0 0</pose><parent>base</parent><child>arm</child>
    <axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper><effort>3</effort><velocity>4</velocity></limit></axis></joint>
</model></sdf>`,
      "m.sdf",
    ).robot!;
    expectPose(robot.joints![0]!.origin, [1, 0, 1], [0, 0, 0]);
    expectPose(robot.links[1]!.visuals![0]!.origin, [0, 0, -0.5], [0, 0, 0]);
    expectPose(robot.links[1]!.inertial!.origin, [0, 0, -0.8], [0, 0, 0]);
    expect(robot.links[1]!.inertial!.inertia).toEqual({ ixx: 1, ixy: 0, ixz: 0, iyy: 1, iyz: 0, izz: 1 });
    expect(robot.joints![0]).toMatchObject({
      type: "revolute",
      limit: { lower: -1, upper: 1, effort: 3, velocity: 4 },
    });
  });

  it("resolves relative_to through <frame>s, degrees, quaternions and axis expressed_in (1.9)", () => {
    const robot = sdfToModel(
      `<sdf version="1.9"><model name="m">
  <frame name="mount" attached_to="base"><pose degrees="true">0 0 2 0 0 90</pose></frame>
  <link name="base"/>
  <link name="arm"><pose relative_to="mount" rotation_format="quat_xyzw">1 0 0 0.7071067811865476 0 0 0.7071067811865476</pose></link>
  <joint name="j" type="continuous"><pose relative_to="arm"/><parent>base</parent><child>arm</child>
    <axis><xyz expressed_in="__model__">1 0 0</xyz></axis></joint>
</model></sdf>`,
      "m.sdf",
    );
    expect(robot.diagnostics.filter((d) => d.severity !== "info")).toEqual([]);
    const joint = robot.robot!.joints![0]!;
    // base_T_arm = mount (z 2, yaw 90°) ∘ (x 1, roll 90°): the arm sits at (0, 1, 2).
    expectPose(joint.origin, [0, 1, 2], [Math.PI / 2, 0, Math.PI / 2]);
    // Model x expressed in the arm frame (yaw 90° then roll 90°): R^T·x = (0, 0, 1).
    axisOf(joint)!.forEach((v, i) => expect(v).toBeCloseTo([0, 0, 1][i]!, 9));
  });

  it("1.6: links are posed in the model frame and use_parent_model_frame puts the axis in the model frame", () => {
    const robot = sdfToModel(
      `<sdf version="1.6"><model name="m">
  <link name="base"><pose>0 0 1 0 0 0</pose></link>
  <link name="arm"><pose>1 0 1 0 0 1.5707963267948966</pose></link>
  <joint name="j" type="prismatic"><parent>base</parent><child>arm</child>
    <axis><xyz>1 0 0</xyz><use_parent_model_frame>true</use_parent_model_frame><limit><lower>0</lower><upper>1</upper><effort>1</effort><velocity>1</velocity></limit></axis></joint>
</model></sdf>`,
      "m.sdf",
    ).robot!;
    expectPose(robot.joints![0]!.origin, [1, 0, 0], [0, 0, Math.PI / 2]);
    axisOf(robot.joints![0])!.forEach((v, i) => expect(v).toBeCloseTo([0, -1, 0][i]!, 9));
  });

  it("reads SDF 1.10+ infinite limits: ±inf position limits make a revolute joint continuous, inf effort is unlimited", () => {
    const result = sdfToModel(
      `<sdf version="1.10"><model name="m"><link name="a"/><link name="b"/><link name="c"/>
  <joint name="spin" type="revolute"><parent>a</parent><child>b</child><axis><xyz>0 0 1</xyz><limit><lower>-inf</lower><upper>inf</upper><effort>inf</effort><velocity>2</velocity></limit></axis></joint>
  <joint name="arm" type="revolute"><parent>b</parent><child>c</child><axis><xyz>0 1 0</xyz><limit><lower>-1</lower><upper>1</upper><effort>inf</effort><velocity>2</velocity></limit></axis></joint>
</model></sdf>`,
      "m.sdf",
    );
    expect(result.robot!.joints![0]).toMatchObject({ name: "spin", type: "continuous" });
    expect(result.robot!.joints![0]).not.toHaveProperty("limit");
    expect(result.robot!.joints![1]).toMatchObject({
      type: "revolute",
      limit: { lower: -1, upper: 1, effort: 0, velocity: 2 },
    });
    expect(result.diagnostics.map((d) => [d.code, d.severity])).toEqual([["FEATURE_UNSUPPORTED", "warning"]]);
  });

  it("reads 1.11 mimic, folding the reference into the offset", () => {
    const robot = sdfToModel(
      `<sdf version="1.11"><model name="m"><link name="a"/><link name="b"/><link name="c"/>
  <joint name="j" type="continuous"><parent>a</parent><child>b</child><axis><xyz>0 0 1</xyz></axis></joint>
  <joint name="k" type="continuous"><parent>b</parent><child>c</child><axis><xyz>0 0 1</xyz>
    <mimic joint="j"><multiplier>2</multiplier><offset>0.5</offset><reference>0.1</reference></mimic></axis></joint>
</model></sdf>`,
      "m.sdf",
    ).robot!;
    expect(robot.joints![1]).toMatchObject({ mimic: { joint: "j", multiplier: 2, offset: 0.3 } });
  });

  it("reports what it cannot convert: world joints and nested models (warnings), unknown joint types and heightmaps (errors), sensors (info)", () => {
    const result = sdfToModel(
      `<sdf version="1.9"><model name="m">
  <link name="a"><sensor name="s" type="imu"/></link>
  <link name="b"><collision name="c"><geometry><heightmap><uri>h.png</uri></heightmap></geometry></collision></link>
  <joint name="fix" type="fixed"><parent>world</parent><child>a</child></joint>
  <joint name="hinge" type="hinge"><parent>a</parent><child>b</child></joint>
  <model name="inner"><link name="x"/></model>
</model></sdf>`,
      "m.sdf",
    );
    expect(result.robot).toBeUndefined();
    expect(result.diagnostics.map((d) => [d.code, d.severity, d.line])).toEqual([
      ["FEATURE_UNSUPPORTED", "warning", 6],
      ["FEATURE_UNSUPPORTED", "warning", 4],
      ["FEATURE_UNSUPPORTED", "error", 5],
      ["FEATURE_UNSUPPORTED", "info", 2],
      ["FEATURE_UNSUPPORTED", "error", 3],
      ["FEATURE_UNSUPPORTED", "info", 3],
    ]);
  });

  it("points at bad poses, unknown relative_to frames, pose cycles and dangling joint links", () => {
    expect(
      errors(`<sdf version="1.9"><model name="m">\n<link name="a"><pose>0 0 x 0 0 0</pose></link>\n</model></sdf>`),
    ).toEqual(["ELEMENT_INVALID@2:16"]);
    expect(
      errors(
        `<sdf version="1.9"><model name="m">\n<link name="a"/><link name="b"><pose relative_to="nowhere">0 0 1 0 0 0</pose></link>\n<joint name="j" type="fixed"><parent>a</parent><child>b</child></joint></model></sdf>`,
      ),
    ).toEqual(["POSE_RELATIVE_TO_INVALID@2:38"]);
    expect(
      errors(
        `<sdf version="1.9"><model name="m">\n<link name="a"><pose relative_to="b">1 0 0 0 0 0</pose></link>\n<link name="b"><pose relative_to="a">1 0 0 0 0 0</pose></link>\n<joint name="j" type="fixed"><parent>a</parent><child>b</child></joint></model></sdf>`,
      ),
    ).toContain("POSE_RELATIVE_TO_CYCLE@2:16");
    expect(
      errors(
        `<sdf version="1.9"><model name="m">\n<link name="a"/>\n<joint name="j" type="fixed"><parent>a</parent><child>ghost</child></joint></model></sdf>`,
      ),
    ).toEqual(["JOINT_CHILD_LINK_INVALID@3:48"]);
    expect(errors(`<sdf version="1.9"><world name="w"/></sdf>`)).toEqual(["FEATURE_UNSUPPORTED@1:20"]);
    expect(errors(`<sdf version="2.0"><model name="m"/></sdf>`)).toEqual(["VERSION_UNSUPPORTED@1:1"]);
  });

  it("shares one object among poses and vectors of the same text (the model is immutable), and still reports each bad one", () => {
    const link = (n: string, pose: string) =>
      `<link name="${n}"><visual name="v"><pose>${pose}</pose><geometry><box><size>0.1 0.2 0.3</size></box></geometry></visual></link>`;
    const ok = sdfToModel(
      `<sdf version="1.9"><model name="m">${link("a", "0 0 0.05 0 0 0")}${link("b", "0 0 0.05 0 0 0")}${link("c", "0 0 0.05 0 0 1")}</model></sdf>`,
      "m.sdf",
    ).robot;
    const [a, b, c] = (ok?.links ?? []).map((l) => l.visuals?.[0]);
    expect(a?.origin).toBe(b?.origin);
    expect(a?.origin).not.toBe(c?.origin);
    expect(c?.origin).toStrictEqual({ xyz: [0, 0, 0.05], rpy: [0, 0, 1] });
    expect(a?.geometry.type === "box" && b?.geometry.type === "box" && a.geometry.size === b.geometry.size).toBe(true);
    const bad = sdfToModel(
      `<sdf version="1.9"><model name="m">${link("a", "0 0 x 0 0 0")}${link("b", "0 0 x 0 0 0")}</model></sdf>`,
      "m.sdf",
    );
    expect(bad.diagnostics.filter((d) => d.code === "ELEMENT_INVALID").map((d) => d.xmlPath)).toStrictEqual([
      '/sdf/model[@name="m"]/link[@name="a"]/visual[@name="v"]/pose',
      '/sdf/model[@name="m"]/link[@name="b"]/visual[@name="v"]/pose',
    ]);
  });

  it("reports an ignored SDF 1.6 <pose frame> once per pose, however often frames are resolved through it", () => {
    const box = `<geometry><box><size>1 1 1</size></box></geometry>`;
    const text = `<sdf version="1.6"><model name="m">
<link name="a"><pose frame="b">0 0 1 0 0 0</pose><visual name="v"><pose frame="a">0 0 0 0 0 0</pose>${box}</visual></link>
<link name="b"><pose frame="a">0 0 0 0 0 0</pose><visual name="v">${box}</visual></link>
<joint name="j" type="revolute"><parent>a</parent><child>b</child><pose frame="a">0 0 0 0 0 0</pose><axis><xyz>0 0 1</xyz></axis></joint>
</model></sdf>`;
    const where = sdfToModel(text, "m.sdf")
      .diagnostics.filter((d) => /pose frame=/.test(d.message))
      .map((d) => `${d.line}:${d.column}`);
    // Each <pose frame> once (its attribute's place); link b's pose was reported 6 times before.
    expect(where.sort()).toStrictEqual(["2:22", "2:73", "3:22", "4:73"]);
  });

  it("reads a three-number colour as libsdformat does (alpha 1) (my_lrauv in test/data/realworld was refused)", () => {
    const r = sdfToModel(
      `<sdf version="1.6"><model name="m"><link name="l"><visual name="v"><geometry><sphere><radius>1</radius></sphere></geometry><material><diffuse>1.0 0.5 1.0</diffuse></material></visual></link></model></sdf>`,
      "c.sdf",
    );
    expect(r.robot?.materials?.[0]?.rgba).toEqual([1, 0.5, 1, 1]);
  });

  it("refuses a model made only of nested models at the <model> element, and names nested links as such", () => {
    const r = sdfToModel(
      `<sdf version="1.8">\n  <model name="outer">\n    <model name="inner"><link name="l"/></model>\n  </model>\n</sdf>`,
      "n.sdf",
    );
    expect(r.robot).toBeUndefined();
    const e = r.diagnostics.find((d) => d.severity === "error");
    expect(e).toMatchObject({ code: "FEATURE_UNSUPPORTED", line: 2, column: 3 });
    expect(e?.message).toContain("only nested or included models");
    const j = sdfToModel(
      `<sdf version="1.8"><model name="m"><link name="a"/><model name="n"><link name="b"/></model><joint name="j" type="fixed"><parent>a</parent><child>n::b</child></joint></model></sdf>`,
      "j.sdf",
    );
    expect(j.diagnostics.find((d) => d.severity === "error")?.message).toContain(
      "a nested model's, which robokit does not convert",
    );
  });

  describe("a <world>: one inline model is read (convert and import of world files)", () => {
    const robotModel = (name: string, links: number, at = "") =>
      `<model name="${name}">${at}${Array.from({ length: links }, (_, i) => `<link name="l${i}"/>`).join("")}${Array.from({ length: links - 1 }, (_, i) => `<joint name="j${i}" type="revolute"><parent>l${i}</parent><child>l${i + 1}</child><axis><xyz>0 0 1</xyz><limit><lower>-1</lower><upper>1</upper><effort>1</effort><velocity>1</velocity></limit></axis></joint>`).join("")}</model>`;
    const world = (...models: string[]) =>
      `<sdf version="1.9">\n<world name="w">\n${models.join("\n")}\n</world>\n</sdf>`;

    it("reads the inline model with the most links, with a warning at that model naming what is left out", () => {
      const r = sdfToModel(world(robotModel("ground", 1), robotModel("arm", 3)), "w.sdf");
      expect(r.robot?.name).toBe("arm");
      expect(r.robot?.links.map((l) => l.name)).toEqual(["l0", "l1", "l2"]);
      const note = r.diagnostics.find((d) => d.message.includes('model "arm" of world "w"'));
      expect(note).toMatchObject({ severity: "warning", line: 4, column: 1 });
      expect(note?.message).toContain("(ground)");
      expect(note?.message).toContain("--model NAME");
    });

    it("--model picks any inline model, or a top-level one; an unknown name is an error listing the models", () => {
      expect(
        sdfToModel(world(robotModel("ground", 1), robotModel("arm", 3)), "w.sdf", { model: "ground" }).robot?.name,
      ).toBe("ground");
      const top = `<sdf version="1.9">${robotModel("a", 1)}${robotModel("b", 2)}</sdf>`;
      expect(sdfToModel(top, "t.sdf").robot?.name).toBe("a");
      expect(sdfToModel(top, "t.sdf", { model: "b" }).robot?.name).toBe("b");
      const missing = sdfToModel(world(robotModel("arm", 2)), "w.sdf", { model: "leg" });
      expect(missing.robot).toBeUndefined();
      expect(missing.diagnostics.find((d) => d.severity === "error")?.message).toContain("(it has: arm)");
    });

    it("counts the models of a world too big for a spread call (150,000 inline models) without throwing", () => {
      const r = sdfToModel(world(Array.from({ length: 150_000 }, (_, i) => `<model name="m${i}"/>`).join("")), "w.sdf");
      expect(r.diagnostics.find((d) => d.severity === "error")?.message).toContain("no inline <model> with links");
    });

    it("refuses a world whose largest inline models tie, or that has none with links, at the <world> element", () => {
      const tie = sdfToModel(world(robotModel("a", 2), robotModel("b", 2), robotModel("c", 1)), "w.sdf");
      expect(tie.robot).toBeUndefined();
      const e = tie.diagnostics.find((d) => d.severity === "error");
      expect(e).toMatchObject({ code: "FEATURE_UNSUPPORTED", line: 2, column: 1 });
      expect(e?.message).toContain('"a", "b" have 2 links each: --model NAME picks one');
      const empty = sdfToModel(world(`<include><uri>model://x</uri></include>`), "w.sdf");
      expect(empty.diagnostics.find((d) => d.severity === "error")?.message).toContain("no inline <model> with links");
    });
  });

  it("never throws, and returns a robot only without errors, for any text (random and mutated SDF)", () => {
    const valid = emitSdf(mario, { version: "1.9" });
    const mutated = fc
      .tuple(fc.nat({ max: valid.length }), fc.nat({ max: 40 }), fc.string({ maxLength: 8 }))
      .map(([at, cut, insert]) => valid.slice(0, at) + insert + valid.slice(at + cut));
    fc.assert(
      fc.property(fc.oneof(fc.string(), mutated), (text) => {
        const result = sdfToModel(text, "f.sdf");
        expect(result.robot === undefined).toBe(result.diagnostics.some((d) => d.severity === "error"));
      }),
      { numRuns: 500 },
    );
  });
});

function withoutLossComments(text: string): string {
  return text
    .split("\n")
    .filter((line) => !line.startsWith("<!-- robokit warning "))
    .join("\n");
}
