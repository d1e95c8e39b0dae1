import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

import { tsImport } from "tsx/esm/api";
import { describe, expect, it } from "vitest";

import { compareRobots } from "../../src/import/compareRobots.js";
import { findRepeatedSubtrees, nameTokens } from "../../src/import/findRepeatedSubtrees.js";
import { isSolidLink, robotToTypeScript } from "../../src/import/robotToTypeScript.js";
import { robotToYaml } from "../../src/import/robotToYaml.js";
import { readRobotDocument } from "../../src/model/readRobotDocument.js";
import { solidLink } from "../../src/model/solidLink.js";
import { box, cylinder } from "../../src/model/shapes.js";
import type { Robot } from "../../src/model/Robot.js";
import { descriptionToModel } from "../../src/parse/descriptionToModel.js";
import { runCliProcess } from "../support/runCliProcess.js";
import { expandCase } from "../xacro/expandCase.js";
import { repoRoot, xacroCases } from "../xacro/xacroTestSet.js";

const realworld = resolve(repoRoot, "test", "data", "realworld");
const work = join(repoRoot, "tmp", "import-test");

function model(text: string, file: string): Robot {
  const r = descriptionToModel(text, file);
  if (r.robot === undefined) throw new Error(`${file}: ${r.diagnostics.map((d) => d.message).join("; ")}`);
  return r.robot;
}

describe("import helpers", () => {
  it("recognises a shape-derived inertia only within 1e-9", () => {
    const link = solidLink("l", { shape: cylinder(0.1, 0.05), mass: 2 });
    expect(isSolidLink(link)).toBe(true);
    const off = {
      ...link,
      inertial: {
        ...link.inertial!,
        inertia: { ...link.inertial!.inertia, ixx: link.inertial!.inertia.ixx * (1 + 1e-6) },
      },
    };
    expect(isSolidLink(off)).toBe(false);
  });

  it("finds the token that names each instance, widened to whole words", () => {
    expect(nameTokens("front_left_wheel", "front_right_wheel")).toEqual(["left", "right"]);
    expect(nameTokens("FL_hip", "RR_hip")).toEqual(["FL", "RR"]);
    expect(nameTokens("wheel1", "wheel2")).toEqual(["wheel1", "wheel2"]);
  });

  it("turns four identical wheels into one function called four times", () => {
    const b = {
      name: "rover",
      links: [solidLink("base", { shape: box(1, 0.5, 0.2), mass: 10 })],
      joints: [] as Robot["joints"] & object[],
    } as { name: string; links: Robot["links"][number][]; joints: NonNullable<Robot["joints"]>[number][] };
    for (const [side, x, y] of [
      ["fl", 0.4, 0.3],
      ["fr", 0.4, -0.3],
      ["rl", -0.4, 0.3],
      ["rr", -0.4, -0.3],
    ] as const) {
      b.links.push(solidLink(`${side}_wheel`, { shape: cylinder(0.1, 0.05), mass: 1 }));
      b.joints.push({
        name: `${side}_wheel_joint`,
        type: "continuous",
        parent: "base",
        child: `${side}_wheel`,
        origin: { xyz: [x, y, 0], rpy: [-Math.PI / 2, 0, 0] },
        axis: [0, 0, 1],
      });
    }
    const groups = findRepeatedSubtrees(b);
    expect(groups).toHaveLength(1);
    expect(groups[0]!.label).toBe("wheel");
    expect(groups[0]!.instances.map((i) => i.token)).toEqual(["fl", "fr", "rl", "rr"]);
    const ts = robotToTypeScript(b, { from: "rover" });
    expect(ts.match(/^wheel\(b, /gm)).toHaveLength(4);
    expect(ts).toContain("solidLink(`${name}_wheel`, { shape: cylinder(0.1, 0.05), mass: 1 })");
  });

  it("a repeated part mimicking a joint outside it keeps that joint's name, even when the name holds the token", async () => {
    const limit = { lower: -1, upper: 1, effort: 1, velocity: 1 };
    const robot: Robot = {
      name: "gripper",
      links: [
        solidLink("base", { shape: box(1, 1, 1), mass: 1 }),
        solidLink("pulley_link", { shape: cylinder(0.1, 0.1), mass: 1 }),
        ...["l", "r"].map((t) => solidLink(`finger_${t}`, { shape: box(0.1, 0.1, 0.1), mass: 0.1 })),
      ],
      joints: [
        // Not the link's name: libsdformat refuses a joint and a link of one name.
        { name: "pulley", type: "revolute", parent: "base", child: "pulley_link", axis: [0, 0, 1], limit },
        ...["l", "r"].map((t, i) => ({
          name: `finger_${t}_joint`,
          type: "revolute" as const,
          parent: "base",
          child: `finger_${t}`,
          origin: { xyz: [i, 0, 0] as [number, number, number], rpy: [0, 0, 0] as [number, number, number] },
          axis: [0, 0, 1] as [number, number, number],
          limit,
          mimic: { joint: "pulley" },
        })),
      ],
    };
    expect(findRepeatedSubtrees(robot).map((g) => g.instances.map((i) => i.token))).toEqual([["l", "r"]]);
    mkdirSync(work, { recursive: true });
    const file = join(work, "mimic-outside.ts");
    writeFileSync(file, robotToTypeScript(robot, { from: "gripper.urdf", importFrom: "../../src/index.js" }));
    const mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as { robot: Robot };
    expect(compareRobots(robot, mod.robot)).toEqual([]);
  });
});

describe("robokit import: generated modules build the same robot and type-check", () => {
  it("round-trips a sample of real robots (URDF, SDF, xacro) exactly and the modules pass strict tsc", async () => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
    const inputs: { id: string; text: string }[] = [
      "ros+urdf_tutorial/urdf/07-physics.urdf",
      "ros-planning+moveit_resources/panda_description/urdf/panda.urdf",
      "Gepetto+example-robot-data/robots/solo_description/robots/solo12.urdf",
      "bulletphysics+bullet3/data/r2d2.urdf",
      "stack-of-tasks+pinocchio/models/simple_humanoid.sdf",
    ].map((p) => ({ id: p, text: readFileSync(join(realworld, p), "utf8") }));
    for (const id of ["unitree-go1", "ur2-ur5e", "franka-panda"]) {
      const c = xacroCases().find((x) => x.id === id)!;
      inputs.push({ id, text: expandCase(c).text! });
    }
    const files: { file: string; robot: Robot }[] = [];
    inputs.forEach(({ id, text }, i) => {
      const robot = model(text, id);
      const file = join(work, `m${i}.ts`);
      writeFileSync(file, robotToTypeScript(robot, { from: id }));
      files.push({ file, robot });
    });
    for (const { file, robot } of files) {
      const mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as { robot: Robot };
      expect(compareRobots(robot, mod.robot), file).toEqual([]);
    }
    writeFileSync(
      join(work, "tsconfig.json"),
      JSON.stringify({ extends: "../../tsconfig.json", compilerOptions: { noEmit: true }, include: ["*.ts"] }),
    );
    expect(() =>
      execFileSync(join(repoRoot, "node_modules", ".bin", "tsc"), ["-p", join(work, "tsconfig.json")], {
        encoding: "utf8",
        stdio: "pipe",
      }),
    ).not.toThrow();
  }, 180_000);

  it("--to yaml: the robot document reads back as the same robot (real robots, URDF, SDF and xacro)", () => {
    const inputs = [
      "ros+urdf_tutorial/urdf/07-physics.urdf",
      "ros-planning+moveit_resources/panda_description/urdf/panda.urdf",
      "Gepetto+example-robot-data/robots/solo_description/robots/solo12.urdf",
      "bulletphysics+bullet3/data/r2d2.urdf",
      "stack-of-tasks+pinocchio/models/simple_humanoid.sdf",
    ].map((p) => ({ id: p, text: readFileSync(join(realworld, p), "utf8") }));
    for (const id of ["unitree-go1", "ur2-ur5e"])
      inputs.push({ id, text: expandCase(xacroCases().find((x) => x.id === id)!).text! });
    for (const { id, text } of inputs) {
      const robot = model(text, id);
      const yaml = robotToYaml(robot, { from: id, notes: ["a note"] });
      expect(yaml.startsWith(`# ${robot.name}: imported by robokit import from ${id}\n# a note\n`)).toBe(true);
      const back = readRobotDocument(yaml, `${id}.yaml`);
      expect(
        back.diagnostics.filter((d) => d.severity === "error"),
        id,
      ).toEqual([]);
      expect(back.robot, id).toBeDefined();
      expect(compareRobots(robot, back.robot!), id).toEqual([]);
    }
  });

  it("the CLI writes the module atomically, and `robokit build` accepts it", () => {
    rmSync(join(repoRoot, "tmp", "import-cli"), { recursive: true, force: true });
    mkdirSync(join(repoRoot, "tmp", "import-cli"), { recursive: true });
    const out = "tmp/import-cli/go1.ts";
    const r = runCliProcess([
      "import",
      "test/data/xacro/unitreerobotics+unitree_ros/robots/go1_description/xacro/robot.xacro",
      "--arg",
      "DEBUG:=false",
      "--to",
      "ts",
      "--out",
      out,
    ]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/\d+ <transmission> blocks \(.*\) kept verbatim/);
    const ts = readFileSync(join(repoRoot, out), "utf8");
    expect(ts).toContain('from "robokit"');
    expect(ts).toMatch(/\* \d+ <transmission> blocks .* kept verbatim/);
    expect(ts).toContain('b.xmlBlock("urdf", `<transmission name="FL_hip_tran">');
    const built = runCliProcess(["build", out, "--out", "tmp/import-cli/go1-build"]);
    expect(built.status, built.stderr).toBe(0);
    const urdf = readFileSync(join(repoRoot, "tmp/import-cli/go1-build/urdf/go1.urdf"), "utf8");
    expect(urdf).toContain('<joint name="FL_hip_joint" type="revolute">');
    // The transmissions the model does not describe come back verbatim.
    expect(urdf).toContain('<transmission name="FL_hip_tran">');
    const yaml = runCliProcess([
      "import",
      "test/data/xacro/unitreerobotics+unitree_ros/robots/go1_description/xacro/robot.xacro",
      "--arg",
      "DEBUG:=false",
      "--to",
      "yaml",
    ]);
    expect(yaml.status, yaml.stderr).toBe(0);
    expect(yaml.stdout).toMatch(/^name: go1$/m);
  }, 120_000);
});
