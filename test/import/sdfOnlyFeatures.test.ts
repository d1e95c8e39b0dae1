import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import fc from "fast-check";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

import { mjcfLosses } from "../../src/emit/mjcf/mjcfLosses.js";
import { lumpedLink } from "../../src/emit/gazebo/lumpedLink.js";
import { emitMjcf } from "../../src/emit/mjcf/emitMjcf.js";
import { passiveJoints } from "../../src/emit/ros2-control/controllerPlan.js";
import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { SDF_VERSIONS } from "../../src/emit/sdf/SdfVersion.js";
import { emitUrdf } from "../../src/emit/urdf/emitUrdf.js";
import { urdfLosses } from "../../src/emit/urdf/urdfLosses.js";
import { compareRobots } from "../../src/import/compareRobots.js";
import { robotToTypeScript } from "../../src/import/robotToTypeScript.js";
import { robotToYaml } from "../../src/import/robotToYaml.js";
import { checkRobot } from "../../src/model/checkRobot.js";
import { linkPoses } from "../../src/model/linkPoses.js";
import { readRobotDocument } from "../../src/model/readRobotDocument.js";
import { lumpFixedJoints } from "../../src/model/lumpFixedJoints.js";
import type { Robot } from "../../src/model/Robot.js";
import { RobotBuilder } from "../../src/model/RobotBuilder.js";
import { ballJoint, gearboxJoint, revolute2Joint, screwJoint, universalJoint } from "../../src/model/sdfJoints.js";
import { box, plane } from "../../src/model/shapes.js";
import { solidLink } from "../../src/model/solidLink.js";
import { descriptionToModel } from "../../src/parse/descriptionToModel.js";
import { arbitraryRobot, SDF_ONLY_JOINTS, SDF_ONLY_SHAPES } from "../sdf/arbitraryRobot.js";
import { runGeneratedModule } from "../support/runGeneratedModule.js";
import { haveTool, runTool } from "../support/tools.js";
import { repoRoot } from "../support/testData.js";
import { typeCheckModules } from "../support/typeCheckModules.js";

const work = join(repoRoot, "tmp", "sdf-only-test");
const IMPORT_FROM = "../../src/index.js";

beforeAll(() => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
});

/** One link per SDF-only joint type, a gearbox between two revolute joints, and a tilted plane. */
function sdfOnlyRobot(): Robot {
  const b = new RobotBuilder("sdf_only");
  const part = (name: string): void => {
    b.link(solidLink(name, { shape: box(0.1, 0.1, 0.1), mass: 1 }));
  };
  b.link({
    name: "base",
    collisions: [{ origin: { xyz: [0, 0, -0.5], rpy: [0, 0, 0] }, geometry: plane([0.6, 0, 0.8], [10, 20]) }],
    visuals: [{ name: "ground", geometry: plane() }],
    inertial: { mass: 5, inertia: { ixx: 1, ixy: 0, ixz: 0, iyy: 1, iyz: 0, izz: 1 } },
  });
  for (const n of ["ball_link", "bare_ball_link", "universal_link", "revolute2_link", "screw_link", "in", "out"])
    part(n);
  const at = (x: number) => ({ xyz: [x, 0, 0.2] as const, rpy: [0.1, -0.2, 0.3] as const });
  b.joint({ ...ballJoint({ name: "ball", parent: "base", child: "ball_link", origin: at(1) }), axis: [0, -1, 0] });
  b.joint(
    ballJoint({ name: "bare_ball", parent: "base", child: "bare_ball_link", dynamics: { damping: 0.01, friction: 0 } }),
  );
  b.joint(
    universalJoint({ name: "universal", parent: "base", child: "universal_link", origin: at(2) }, [1, 0, 0], {
      xyz: [0, 1, 0],
      limit: { lower: -1e16, upper: 1e16 },
    }),
  );
  b.joint(
    revolute2Joint(
      { name: "revolute2", parent: "base", child: "revolute2_link", dynamics: { damping: 0.1, friction: 0.2 } },
      [0, 0, 1],
      {
        xyz: [0, 1, 0],
        limit: { lower: -1, upper: 1, effort: 0.5, velocity: 200 },
        dynamics: { damping: 0.3, friction: 0 },
      },
      { lower: -0.5, upper: 0.5, effort: 123.4, velocity: 12 },
    ),
  );
  b.joint(
    screwJoint({ name: "screw", parent: "base", child: "screw_link", origin: at(3) }, [0, 0, 1], 20, {
      lower: -1,
      upper: 1,
    }),
  );
  const revolute = (name: string, child: string) => ({
    name,
    type: "revolute" as const,
    parent: "base",
    child,
    axis: [0, 0, 1] as const,
    limit: { lower: -1, upper: 1, effort: 1, velocity: 1 },
  });
  b.joint(revolute("in_joint", "in")).joint(revolute("out_joint", "out"));
  b.joint(gearboxJoint({ name: "gear", parent: "in", child: "out" }, "base", 5, [0, 0, 1], { xyz: [0, 0, 1] }));
  return b.build();
}

/** Module text → robot, through TypeScript's transpiler and robokit's loaded source. */
function buildModule(text: string): Robot {
  const js = ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  }).outputText;
  const run = runGeneratedModule(js, IMPORT_FROM);
  if (run.robot === undefined) throw run.error;
  return run.robot;
}

describe("SDF-only joints and planes: part of the model, written by SDF, reported by URDF and MJCF", () => {
  it("the builder's robot is valid: the gearbox is no tree edge, SDF-only joints stay at their origin", () => {
    const robot = sdfOnlyRobot();
    expect(checkRobot(robot)).toEqual([]);
    // "out" keeps its revolute parent: at zero positions it is where that joint puts it.
    expect(linkPoses(robot).get("out")?.xyz).toEqual([0, 0, 0]);
    // A ball joint has no scalar position: asking for one moves nothing.
    const moved = linkPoses(robot, new Map([["ball", 1]])).get("ball_link")!;
    const still = linkPoses(robot).get("ball_link")!;
    [...moved.xyz, ...moved.rpy].forEach((v, i) => expect(v).toBeCloseTo([...still.xyz, ...still.rpy][i]!, 12));
  });

  it.each(SDF_VERSIONS)("builder → SDF %s → import → the same model", (version) => {
    const robot = sdfOnlyRobot();
    const read = descriptionToModel(emitSdf(robot, { version }), "sdf_only.sdf");
    expect(read.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(compareRobots(robot, read.robot!)).toEqual([]);
  });

  it("import → TypeScript module → the same model, and the module type-checks", () => {
    const read = descriptionToModel(emitSdf(sdfOnlyRobot()), "sdf_only.sdf").robot!;
    const text = robotToTypeScript(read, { from: "sdf_only.sdf", importFrom: IMPORT_FROM });
    expect(text).toContain("plane([0.6, 0, 0.8], [10, 20])");
    expect(compareRobots(read, buildModule(text))).toEqual([]);
    const file = join(work, "sdf_only.ts");
    writeFileSync(file, text);
    expect(typeCheckModules([file])).toEqual([]);
  }, 120_000);

  it("the robot document (--to yaml) holds them: the regenerated schema accepts them and they read back", () => {
    const robot = sdfOnlyRobot();
    const back = readRobotDocument(robotToYaml(robot, { from: "sdf_only.sdf" }), "sdf_only.yaml");
    expect(back.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    expect(compareRobots(robot, back.robot!)).toEqual([]);
    // The schema still refuses what the model does not have.
    const bad = robotToYaml(robot, { from: "x" }).replace("type: ball", "type: hinge");
    expect(readRobotDocument(bad, "bad.yaml").robot).toBeUndefined();
  });

  it("random robots with SDF-only joints and planes round-trip through SDF and the module (property)", () => {
    fc.assert(
      fc.property(
        arbitraryRobot({
          jointTypes: ["fixed", "revolute", ...SDF_ONLY_JOINTS],
          geometries: ["box", "sphere", ...SDF_ONLY_SHAPES],
          mimic: false,
        }),
        fc.constantFrom(...SDF_VERSIONS),
        (robot, version) => {
          const back = descriptionToModel(emitSdf(robot, { version }), "r.sdf");
          expect(back.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
          // SDF has no named materials and no dynamics on a fixed joint: compared without them.
          const bare = (r: Robot): Robot => ({
            ...r,
            materials: [],
            joints: (r.joints ?? []).map((j) => (j.type === "fixed" ? { ...j, dynamics: {} } : j)),
            links: r.links.map((l) => ({
              ...l,
              ...(l.visuals === undefined ? {} : { visuals: l.visuals.map(({ material: _m, ...v }) => v) }),
            })),
          });
          expect(compareRobots(bare(robot), bare(back.robot!), 1e-12)).toEqual([]);
          const text = robotToTypeScript(robot, { from: "r", importFrom: IMPORT_FROM });
          expect(compareRobots(robot, buildModule(text), 0)).toEqual([]);
        },
      ),
      { numRuns: 60 },
    );
  });

  it("URDF: each SDF-only joint and plane is a FEATURE_UNSUPPORTED warning; the tree stays whole", () => {
    const robot = sdfOnlyRobot();
    const losses = urdfLosses(robot);
    expect(losses.map((d) => d.jsonPath).sort()).toEqual(
      [
        "/joints/0",
        "/joints/1",
        "/joints/2",
        "/joints/3",
        "/joints/4",
        "/joints/7",
        "/links/0/collisions/0/geometry",
        "/links/0/visuals/0/geometry",
      ].sort(),
    );
    expect(losses.every((d) => d.code === "FEATURE_UNSUPPORTED" && d.severity === "warning")).toBe(true);
    const back = descriptionToModel(emitUrdf(robot), "sdf_only.urdf");
    expect(back.diagnostics.filter((d) => d.severity === "error")).toEqual([]);
    const types = Object.fromEntries((back.robot?.joints ?? []).map((j) => [j.name, j.type]));
    expect(types).toEqual({
      ball: "fixed",
      bare_ball: "fixed",
      universal: "fixed",
      revolute2: "fixed",
      screw: "fixed",
      in_joint: "revolute",
      out_joint: "revolute",
    });
    if (haveTool("check_urdf", "urdfdom reads the URDF of a robot with SDF-only joints")) {
      const file = join(work, "sdf_only.urdf");
      writeFileSync(file, emitUrdf(robot));
      expect(runTool("check_urdf", [file]).status).toBe(0);
    }
  });

  it("SDF: libsdformat accepts what robokit writes for every version it checks", () => {
    if (!haveTool("ign", "libsdformat checks the SDF of SDF-only joints and planes")) return;
    for (const version of ["1.6", "1.7", "1.8", "1.9"] as const) {
      const file = join(work, `sdf_only_${version}.sdf`);
      writeFileSync(file, emitSdf(sdfOnlyRobot(), { version }));
      const run = runTool("ign", ["sdf", "-k", file]);
      expect(`${run.status} ${run.stdout}`, version).toMatch(/^0 [\s\S]*Valid/);
    }
  });

  it("MJCF: ball and two-axis joints are written, screw and gearbox reported; MuJoCo compiles it", () => {
    const robot = sdfOnlyRobot();
    // "/joints": the limits of joints no actuator drives, which a MuJoCo joint cannot hold.
    expect(mjcfLosses(robot, "none").map((d) => d.jsonPath)).toEqual(["/joints/4", "/joints/7", "/joints"]);
    // On the default floor the robot is free: MuJoCo takes no plane in a moving body.
    expect(mjcfLosses(robot).map((d) => d.jsonPath)).toEqual([
      "/joints/4",
      "/joints/7",
      "/joints",
      "/links/0/visuals/0/geometry",
      "/links/0/collisions/0/geometry",
    ]);
    const xml = emitMjcf(robot, { world: "none" });
    expect(xml).toContain('<joint name="ball" type="ball"');
    expect(xml).toContain('<joint name="universal_1" type="hinge" axis="1 0 0"');
    expect(xml).toContain('<joint name="universal_2" type="hinge" axis="0 1 0"');
    expect(xml).toMatch(/type="plane"/);
    expect(emitMjcf(robot)).not.toMatch(/<geom[^>]*type="plane"[^>]*class=/);
    if (haveTool("mujoco-compile", "MuJoCo 2.2.2 compiles the MJCF of SDF-only joints and planes")) {
      for (const [name, text] of [
        ["none", xml],
        ["plane", emitMjcf(robot)],
      ] as const) {
        const file = join(work, `sdf_only_${name}.xml`);
        writeFileSync(file, text);
        const run = runTool("mujoco-compile", [file, join(work, `sdf_only_${name}.mjb`)]);
        expect(`${run.status} ${run.stdout}${run.stderr}`, name).toMatch(/^0 /);
      }
    }
  });

  it("Gazebo and ROS 2 outputs follow the URDF: SDF-only joints are fixed there, a gearbox is no parent", () => {
    const robot = sdfOnlyRobot();
    // Fixed in the URDF, so libsdformat lumps the ball's child into the base…
    expect(lumpedLink(robot, "ball_link")).toBe("base");
    // …but "out" hangs from its revolute joint, not from the gearbox declared after it.
    expect(lumpedLink(robot, "out")).toBe("out");
    // No joint state for joints the URDF has as fixed or not at all.
    expect(passiveJoints(robot)).toEqual(["in_joint", "out_joint"]);
    // A fixed child of the gearbox's child lumps into it, whatever the gearbox says.
    const b = { ...robot, links: [...robot.links, { name: "tip" }] };
    const withTip: Robot = {
      ...b,
      joints: [
        ...(robot.joints ?? []),
        { name: "tip_joint", type: "fixed", parent: "out", child: "tip" },
        { ...gearboxJoint({ name: "gear2", parent: "in", child: "tip" }, "base", 2, [0, 0, 1], {}) },
      ],
    };
    expect(lumpFixedJoints(withTip).lumped.map((l) => l.link)).toEqual(["tip"]);
  });

  it("an actuator on an SDF-only joint is refused with a clear message", () => {
    const robot = sdfOnlyRobot();
    const joints = (robot.joints ?? []).map((j) =>
      j.name === "ball" ? { ...j, actuator: { command: "position" as const } } : j,
    );
    const found = checkRobot({ ...robot, joints });
    expect(found.map((d) => [d.code, d.jsonPath])).toEqual([["FEATURE_UNSUPPORTED", "/joints/0/actuator"]]);
    expect(found[0]?.message).toMatch(/ball joint cannot be actuated/);
  });
});
