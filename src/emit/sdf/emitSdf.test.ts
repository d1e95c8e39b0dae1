import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { mario } from "../../../examples/mario/mario.js";
import { arbitraryRobot } from "../../../test/sdf/arbitraryRobot.js";
import { composePoses, invertPose, rotationFromRpy, type Pose } from "../../model/Pose.js";
import { linkPoses } from "../../model/linkPoses.js";
import type { Robot } from "../../model/Robot.js";
import { readXml } from "../../parse/readXml.js";
import { attr, child, childrenNamed, type XmlElement } from "../../parse/XmlDocument.js";
import { buildArtifacts } from "../buildArtifacts.js";
import { emitFormats } from "../emitFormats.js";
import { emitModelConfig } from "./emitModelConfig.js";
import { emitSdf } from "./emitSdf.js";
import { sdfBuildExtensions } from "./sdfBuildExtensions.js";
import { sdfFeatures } from "./sdfFeatures.js";
import { sdfLosses } from "./sdfLosses.js";
import { SDF_VERSIONS, UnsupportedSdfVersionError } from "./SdfVersion.js";

function parse(text: string): XmlElement {
  const { document, diagnostics } = readXml(text, "out.sdf");
  expect(diagnostics).toEqual([]);
  if (document.root === undefined) throw new Error("no root");
  return document.root;
}

function model(text: string): XmlElement {
  const root = parse(text);
  const models = childrenNamed(root, "model");
  expect(models).toHaveLength(1);
  return models[0]!;
}

function named(parent: XmlElement, tag: string, name: string): XmlElement {
  const el = childrenNamed(parent, tag).find((e) => attr(e, "name") === name);
  if (el === undefined) throw new Error(`no <${tag} name="${name}">`);
  return el;
}

function poseOf(el: XmlElement): Pose {
  const p = child(el, "pose");
  const v = (p?.text ?? "0 0 0 0 0 0").trim().split(/\s+/).map(Number);
  return { xyz: [v[0]!, v[1]!, v[2]!], rpy: [v[3]!, v[4]!, v[5]!] };
}

function expectSamePose(actual: Pose, expected: Pose): void {
  actual.xyz.forEach((x, i) => expect(x).toBeCloseTo(expected.xyz[i]!, 8));
  const ra = rotationFromRpy(actual.rpy).flat();
  const re = rotationFromRpy(expected.rpy).flat();
  ra.forEach((x, i) => expect(x).toBeCloseTo(re[i]!, 8));
}

const mimicRobot: Robot = {
  name: "gripper",
  links: [{ name: "palm" }, { name: "left" }, { name: "right" }],
  joints: [
    {
      name: "left_joint",
      type: "prismatic",
      parent: "palm",
      child: "left",
      axis: [0, 1, 0],
      limit: { lower: 0, upper: 0.04, effort: 20, velocity: 0.1 },
    },
    {
      name: "right_joint",
      type: "prismatic",
      parent: "palm",
      child: "right",
      axis: [0, -1, 0],
      limit: { lower: 0, upper: 0.04, effort: 20, velocity: 0.1 },
      mimic: { joint: "left_joint", multiplier: 1, offset: 0.001 },
    },
  ],
};

describe("emitSdf", () => {
  it.each(SDF_VERSIONS)(
    "writes MARIO as SDF %s: one model, every link and joint in declaration order, fixed joints kept",
    (version) => {
      const text = emitSdf(mario, { version });
      const root = parse(text);
      expect(attr(root, "version")).toBe(version);
      const m = model(text);
      expect(attr(m, "name")).toBe("mario");
      expect(childrenNamed(m, "link").map((l) => attr(l, "name"))).toEqual(mario.links.map((l) => l.name));
      const continuousAs = sdfFeatures(version).continuousJoint ? "continuous" : "revolute";
      expect(
        childrenNamed(m, "joint").map((j) => [
          attr(j, "name"),
          attr(j, "type"),
          child(j, "parent")?.text,
          child(j, "child")?.text,
        ]),
      ).toEqual(
        (mario.joints ?? []).map((j) => [j.name, j.type === "continuous" ? continuousAs : j.type, j.parent, j.child]),
      );
      expect(childrenNamed(m, "joint").filter((j) => attr(j, "type") === "fixed").length).toBe(
        (mario.joints ?? []).filter((j) => j.type === "fixed").length,
      );
    },
  );

  it("defaults to SDF 1.9 and rejects versions it does not write", () => {
    expect(attr(parse(emitSdf(mario)), "version")).toBe("1.9");
    for (const bad of ["1.5", "1.12", "2.0", "", "1.9 "])
      expect(() => emitSdf(mario, { version: bad })).toThrow(UnsupportedSdfVersionError);
  });

  it("1.6: every link pose is its pose in the model frame and joints keep the child-link frame", () => {
    const m = model(emitSdf(mario, { version: "1.6" }));
    const poses = linkPoses(mario);
    for (const link of mario.links) {
      const el = named(m, "link", link.name);
      expect(attr(child(el, "pose")!, "relative_to")).toBeUndefined();
      expectSamePose(poseOf(el), poses.get(link.name)!);
    }
    for (const j of childrenNamed(m, "joint")) expect(child(j, "pose")).toBeUndefined();
  });

  it.each(SDF_VERSIONS.filter((v) => v !== "1.6"))(
    "%s: joint poses are the URDF origins relative_to the parent link; child links sit on their joint",
    (version) => {
      const m = model(emitSdf(mario, { version }));
      for (const joint of mario.joints ?? []) {
        const j = named(m, "joint", joint.name);
        expect(attr(child(j, "pose")!, "relative_to")).toBe(joint.parent);
        expectSamePose(poseOf(j), joint.origin!);
        const l = named(m, "link", joint.child);
        expect(attr(child(l, "pose")!, "relative_to")).toBe(joint.name);
        expectSamePose(poseOf(l), { xyz: [0, 0, 0], rpy: [0, 0, 0] });
      }
    },
  );

  it("1.6 and 1.9 place every link at the same pose in the model frame", () => {
    const m16 = model(emitSdf(mario, { version: "1.6" }));
    const m19 = model(emitSdf(mario, { version: "1.9" }));
    const jointPose = new Map((mario.joints ?? []).map((j) => [j.child, j] as const));
    const world19 = (name: string): Pose => {
      const j = jointPose.get(name);
      if (j === undefined) return poseOf(named(m19, "link", name));
      return composePoses(world19(j.parent), poseOf(named(m19, "joint", j.name)));
    };
    for (const link of mario.links) {
      const p16 = poseOf(named(m16, "link", link.name));
      expectSamePose(composePoses(invertPose(p16), world19(link.name)), { xyz: [0, 0, 0], rpy: [0, 0, 0] });
    }
  });

  it("writes the axis, limits and dynamics of revolute and continuous joints", () => {
    const m = model(emitSdf(mario));
    const servo = named(m, "joint", "servo1");
    const axis = child(servo, "axis")!;
    expect(child(axis, "xyz")?.text).toBe("0 0 1");
    const limit = child(axis, "limit")!;
    const servoJoint = mario.joints!.find((j) => j.name === "servo1")!;
    if (servoJoint.type !== "revolute") throw new Error("servo1 is revolute in MARIO");
    expect(Number(child(limit, "lower")?.text)).toBeCloseTo(servoJoint.limit.lower, 8);
    expect(Number(child(limit, "upper")?.text)).toBeCloseTo(servoJoint.limit.upper, 8);
    expect(Number(child(limit, "effort")?.text)).toBe(servoJoint.limit.effort);
    expect(Number(child(child(axis, "dynamics")!, "damping")?.text)).toBe(servoJoint.dynamics?.damping);
    const motor = child(named(m, "joint", "motor1"), "axis")!;
    expect(Number(child(child(motor, "limit")!, "velocity")?.text)).toBe(2);
  });

  it("writes continuous joints as revolute with ±1e16 limits before 1.10 (as libsdformat's URDF converter does) and as continuous from 1.10", () => {
    for (const version of SDF_VERSIONS) {
      const motor = named(model(emitSdf(mario, { version })), "joint", "motor1");
      const limit = child(child(motor, "axis")!, "limit")!;
      if (sdfFeatures(version).continuousJoint) {
        expect(attr(motor, "type")).toBe("continuous");
        expect(child(limit, "lower")).toBeUndefined();
      } else {
        expect(attr(motor, "type")).toBe("revolute");
        expect([Number(child(limit, "lower")?.text), Number(child(limit, "upper")?.text)]).toEqual([-1e16, 1e16]);
      }
      expect(Number(child(limit, "effort")?.text)).toBe(30);
    }
    expect(sdfFeatures("1.9").continuousJoint).toBe(false);
    expect(sdfFeatures("1.10").continuousJoint).toBe(true);
  });

  it("writes visual colours as ambient and diffuse, and collision friction", () => {
    const m = model(emitSdf(mario));
    const wheel = named(m, "link", "link11");
    const material = child(childrenNamed(wheel, "visual")[0]!, "material")!;
    expect(child(material, "diffuse")?.text).toBe("0.1 0.1 0.1 1");
    expect(child(material, "ambient")?.text).toBe("0.1 0.1 0.1 1");
    const ode = child(child(child(childrenNamed(wheel, "collision")[0]!, "surface")!, "friction")!, "ode")!;
    expect([child(ode, "mu")?.text, child(ode, "mu2")?.text]).toEqual(["1", "1"]);
  });

  it("writes surface contact stiffness and damping only where the model sets them", () => {
    const robot: Robot = {
      name: "puck",
      links: [
        {
          name: "base",
          collisions: [{ geometry: { type: "sphere", radius: 0.1 }, surface: { kp: 1e6, kd: 100, fdir1: [1, 0, 0] } }],
        },
      ],
    };
    const surface = child(childrenNamed(named(model(emitSdf(robot)), "link", "base"), "collision")[0]!, "surface")!;
    const contact = child(child(surface, "contact")!, "ode")!;
    expect([child(contact, "kp")?.text, child(contact, "kd")?.text]).toEqual(["1000000", "100"]);
    const friction = child(child(surface, "friction")!, "ode")!;
    expect(child(friction, "mu")).toBeUndefined();
    expect(child(friction, "fdir1")?.text).toBe("1 0 0");
  });

  it("writes //axis/mimic from 1.11 and reports it as unsupported below", () => {
    for (const version of SDF_VERSIONS) {
      const text = emitSdf(mimicRobot, { version });
      const axis = child(named(model(text), "joint", "right_joint"), "axis")!;
      const mimic = child(axis, "mimic");
      const losses = sdfLosses(mimicRobot, version).filter((d) => d.jsonPath === "/joints/1/mimic");
      if (version === "1.11") {
        expect(attr(mimic!, "joint")).toBe("left_joint");
        expect([
          child(mimic!, "multiplier")?.text,
          child(mimic!, "offset")?.text,
          child(mimic!, "reference")?.text,
        ]).toEqual(["1", "0.001", "0"]);
        expect(losses).toEqual([]);
      } else {
        expect(mimic).toBeUndefined();
        expect(losses).toHaveLength(1);
        expect(losses[0]).toMatchObject({ code: "FEATURE_UNSUPPORTED", severity: "warning" });
        expect(text).toContain(
          `<!-- robokit warning FEATURE_UNSUPPORTED: joint "right_joint": SDF ${version} has no //axis/mimic`,
        );
      }
    }
  });

  it("writes a capsule from 1.8 and a cylinder with two end spheres before", () => {
    const robot: Robot = {
      name: "c",
      links: [
        {
          name: "base",
          visuals: [
            {
              name: "body",
              geometry: { type: "capsule", radius: 0.1, length: 0.4 },
              origin: { xyz: [0, 0, 1], rpy: [0, 0, 0] },
            },
          ],
        },
      ],
    };
    for (const version of SDF_VERSIONS) {
      const visuals = childrenNamed(named(model(emitSdf(robot, { version })), "link", "base"), "visual");
      if (version === "1.6" || version === "1.7") {
        expect(
          visuals.map((v) => [
            attr(v, "name"),
            child(child(v, "geometry")!, "cylinder") !== undefined,
            child(v, "pose")?.text,
          ]),
        ).toEqual([
          ["body_0", true, "0 0 1 0 0 0"],
          ["body_1", false, "0 0 1.2 0 0 0"],
          ["body_2", false, "0 0 0.8 0 0 0"],
        ]);
        expect(sdfLosses(robot, version).map((d) => d.severity)).toEqual(["info"]);
      } else {
        expect(visuals).toHaveLength(1);
        expect(child(child(visuals[0]!, "geometry")!, "capsule")).toBeDefined();
        expect(sdfLosses(robot, version)).toEqual([]);
      }
    }
  });

  it("leaves floating and planar joints out (SDF has neither) and places the child link free, reporting both", () => {
    const robot: Robot = {
      name: "f",
      links: [{ name: "a" }, { name: "b" }, { name: "c" }],
      joints: [
        { name: "float", type: "floating", parent: "a", child: "b", origin: { xyz: [1, 0, 0], rpy: [0, 0, 0] } },
        { name: "plane", type: "planar", parent: "b", child: "c", origin: { xyz: [0, 2, 0], rpy: [0, 0, 0] } },
      ],
    };
    const m9 = model(emitSdf(robot, { version: "1.9" }));
    expect(childrenNamed(m9, "joint")).toEqual([]);
    expect(attr(child(named(m9, "link", "b"), "pose")!, "relative_to")).toBe("a");
    expect(child(named(m9, "link", "c"), "pose")?.text).toBe("0 2 0 0 0 0");
    expect(child(named(model(emitSdf(robot, { version: "1.6" })), "link", "c"), "pose")?.text).toBe("1 2 0 0 0 0");
    expect(sdfLosses(robot, "1.9").map((d) => [d.jsonPath, d.severity])).toEqual([
      ["/joints/0", "info"],
      ["/joints/1", "warning"],
    ]);
  });

  it("warns when a joint has a link's name (legal in URDF; libsdformat rejects it in SDF)", () => {
    const robot: Robot = {
      name: "clash",
      links: [{ name: "base" }, { name: "wheel" }],
      joints: [{ name: "wheel", type: "continuous", parent: "base", child: "wheel" }],
    };
    for (const version of SDF_VERSIONS) {
      expect(sdfLosses(robot, version).map((d) => [d.code, d.severity, d.jsonPath])).toEqual([
        ["DUPLICATE_NAME", "warning", "/joints/0/name"],
      ]);
    }
    expect(sdfLosses(mario, "1.9")).toEqual([]);
  });

  it("names unnamed visuals and collisions visual_<k> / collision_<k> (SDF requires names)", () => {
    const base = model(emitSdf(mario));
    const link = named(base, "link", "base_link");
    // The chassis box and the two sensor masts (visual only).
    expect(childrenNamed(link, "visual").map((v) => attr(v, "name"))).toEqual(["visual_0", "visual_1", "visual_2"]);
    expect(childrenNamed(link, "collision").map((v) => attr(v, "name"))).toEqual(["collision_0"]);
  });

  it("runs link extensions once per link in order and model extensions after the joints, with the version", () => {
    const seen: string[] = [];
    const text = emitSdf(mario, {
      version: "1.7",
      linkExtensions: [
        (el, link, ctx) => {
          seen.push(`${link.name}@${ctx.version}`);
          if (link.sensors !== undefined) el.ele("sensor", { name: link.sensors[0]!.name, type: "imu" });
        },
      ],
      modelExtensions: [
        (el, robot, ctx) =>
          void el.ele("plugin", { name: `${robot.name}_${ctx.features.axisMimic ? "m" : "n"}`, filename: "p.so" }),
      ],
    });
    expect(seen).toEqual(mario.links.map((l) => `${l.name}@1.7`));
    const m = model(text);
    expect(childrenNamed(named(m, "link", "imu_link"), "sensor").map((s) => attr(s, "name"))).toEqual(["imu"]);
    expect(m.children.at(-1)?.name).toBe("plugin");
    expect(attr(m.children.at(-1)!, "name")).toBe("mario_n");
  });

  it("is deterministic: two emissions of any robot at any version are byte-identical", () => {
    fc.assert(
      fc.property(arbitraryRobot(), fc.constantFrom(...SDF_VERSIONS), (robot, version) => {
        expect(emitSdf(robot, { version })).toBe(emitSdf(robot, { version }));
      }),
      { numRuns: 100 },
    );
  });

  it("is registered as `emit --format sdf` (reading sdfVersion) and as the sdf/<robot>/ model directory of `build`", () => {
    expect(emitFormats["sdf"]!.emit(mario, { sdfVersion: "1.7" })).toBe(
      emitSdf(mario, { ...sdfBuildExtensions({ target: "gz", distro: "jazzy" }), version: "1.7" }),
    );
    expect(() => emitFormats["sdf"]!.emit(mario, { sdfVersion: "9" })).toThrow(UnsupportedSdfVersionError);
    const files = buildArtifacts(mario, { sdfVersion: "1.6" });
    expect(files.find((f) => f.path === "sdf/mario/model.sdf")?.content).toBe(
      emitSdf(mario, { ...sdfBuildExtensions({ target: "gz", distro: "jazzy" }), version: "1.6" }),
    );
    expect(files.find((f) => f.path === "sdf/mario/model.config")?.content).toBe(emitModelConfig(mario, "1.6"));
  });
});

describe("emitModelConfig", () => {
  it("names the model, its SDF file and version, and takes version, author and description from robot.package", () => {
    const root = parse(emitModelConfig(mario, "1.9"));
    expect(root.name).toBe("model");
    expect(child(root, "name")?.text).toBe("mario");
    expect(child(root, "version")?.text).toBe(mario.package?.version);
    const sdf = child(root, "sdf")!;
    expect([sdf.text, attr(sdf, "version")]).toEqual(["model.sdf", "1.9"]);
    expect(child(child(root, "author")!, "name")?.text).toBe(mario.package?.maintainer?.name);
    expect(child(child(root, "author")!, "email")?.text).toBe(mario.package?.maintainer?.email);
    expect(child(root, "description")?.text).toBe(mario.package?.description);
  });

  it("leaves out what robot.package does not give", () => {
    const root = parse(emitModelConfig({ name: "bare", links: [{ name: "a" }] }, "1.6"));
    expect(root.children.map((c) => c.name)).toEqual(["name", "sdf"]);
  });
});
