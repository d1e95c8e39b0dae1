import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import { beforeAll, describe, expect, it } from "vitest";

import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { emitUrdf } from "../../src/emit/urdf/emitUrdf.js";
import { compareRobots } from "../../src/import/compareRobots.js";
import type { Robot } from "../../src/model/Robot.js";
import { descriptionToModel } from "../../src/parse/descriptionToModel.js";
import { runCliProcess } from "../support/runCliProcess.js";
import { haveTool, runTool } from "../support/tools.js";
import { repoRoot } from "../xacro/xacroTestSet.js";

const work = join(repoRoot, "tmp", "import-as-read");

/** A two-link URDF whose second link carries `inner` (inertial, visual, collision). */
function urdf(name: string, inner: string): string {
  return `<?xml version="1.0"?>
<robot name="${name}">
  <link name="base"/>
  <link name="arm">${inner}</link>
  <joint name="j" type="revolute"><parent link="base"/><child link="arm"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="5" velocity="2"/></joint>
</robot>
`;
}

const inertia = (t: string): string =>
  `<inertial><origin xyz="0 0 0" rpy="0 0 0"/><mass value="1"/><inertia ${t}/></inertial>`;
const unit = 'ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"';

/** What check_urdf accepts and robokit's authoring check refuses (or, for the material, misread). */
const cases: readonly { id: string; text: string; finding?: RegExp }[] = [
  {
    id: "anonymous_material",
    text: urdf(
      "anonymous_material",
      `${inertia(unit)}<visual><geometry><box size="1 1 1"/></geometry><material name=""><color rgba="0.25 0.5 0.75 1"/></material></visual><visual><geometry><sphere radius="0.5"/></geometry><material name=""><color rgba="1 0 0 1"/></material></visual>`,
    ),
  },
  {
    id: "zero_mass",
    text: urdf(
      "zero_mass",
      '<inertial><mass value="0"/><inertia ixx="0" ixy="0" ixz="0" iyy="0" iyz="0" izz="0"/></inertial>',
    ),
    finding: /inertial\.mass must be > 0/,
  },
  {
    id: "zero_box",
    text: urdf("zero_box", `${inertia(unit)}<collision><geometry><box size="0 0.2 0.3"/></geometry></collision>`),
    finding: /size\/0 must be > 0/,
  },
  {
    id: "not_pd",
    text: urdf("not_pd", inertia('ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0"')),
    finding: /positive definite/,
  },
];

describe("robokit import keeps what a file says", () => {
  beforeAll(() => {
    rmSync(work, { recursive: true, force: true });
    mkdirSync(work, { recursive: true });
  });

  it.each(cases)(
    "$id: imports (exit 0), the module builds, and the URDF it writes reads back as the file's robot, which check_urdf accepts",
    (c) => {
      {
        const file = join(work, `${c.id}.urdf`);
        writeFileSync(file, c.text);
        const original = descriptionToModel(c.text, file).robot;
        expect(original, c.id).toBeDefined();
        const out = join(work, `${c.id}.ts`);
        const imported = runCliProcess(["import", file, "--to", "ts", "--out", out]);
        expect(imported.status, `${c.id}: ${imported.stderr}`).toBe(0);
        if (c.finding !== undefined) {
          // The finding is a warning on stderr and is kept, for the reader, in the module.
          expect(imported.stderr).toMatch(new RegExp(`warning.*${c.finding.source}`));
          // Once, even when the reader has said the same.
          expect(imported.stderr.match(new RegExp(c.finding.source, "g"))).toHaveLength(1);
          expect(readFileSync(out, "utf8")).toContain("b.importedAsRead([");
        }
        const built = runCliProcess(["build", out, "--out", join(work, `${c.id}-build`)]);
        expect(built.status, `${c.id}: ${built.stderr}`).toBe(0);
        const written = readFileSync(join(work, `${c.id}-build`, "urdf", `${c.id}.urdf`), "utf8");
        const back = descriptionToModel(written, "back.urdf").robot;
        expect(back, c.id).toBeDefined();
        expect(compareRobots(original!, back!), c.id).toEqual([]);
        if (haveTool("check_urdf", "check_urdf accepts the URDF robokit writes back")) {
          const checked = runTool("check_urdf", [join(work, `${c.id}-build`, "urdf", `${c.id}.urdf`)]);
          expect(checked.status, `${c.id}: ${checked.stdout}${checked.stderr}`).toBe(0);
        }
      }
    },
    120_000,
  );

  it("keeps an anonymous material on its visual, through URDF and SDF", () => {
    const c = cases[0]!;
    const robot = descriptionToModel(c.text, "a.urdf").robot!;
    const visuals = robot.links.find((l) => l.name === "arm")!.visuals!;
    expect(visuals.map((v) => v.inlineMaterial?.rgba)).toEqual([
      [0.25, 0.5, 0.75, 1],
      [1, 0, 0, 1],
    ]);
    expect(robot.materials ?? []).toEqual([]);
    expect(emitUrdf(robot)).toContain('<material name="">');
    const sdf = emitSdf(robot);
    expect(sdf).toContain("<diffuse>0.25 0.5 0.75 1</diffuse>");
    expect(sdf).toContain("<diffuse>1 0 0 1</diffuse>");
  });

  it("says a finding the reader already reported once (a robot name no ROS package can carry)", () => {
    const file = join(work, "dotted.urdf");
    mkdirSync(work, { recursive: true });
    writeFileSync(file, urdf("robot.urdf", inertia(unit)));
    const r = runCliProcess(["import", file, "--to", "ts"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr.match(/warning NAME_INVALID: robot "robot\.urdf"/g)).toHaveLength(1);
    expect(r.stdout).toContain("b.importedAsRead([");
  });

  it("refuses with an error what no consumer loads (a negative mass)", () => {
    const file = join(work, "negative.urdf");
    mkdirSync(work, { recursive: true });
    writeFileSync(
      file,
      urdf(
        "negative",
        '<inertial><mass value="-1"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial>',
      ),
    );
    const r = runCliProcess(["import", file, "--to", "ts"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/inertial\.mass must be > 0 \(got -1\)/);
  });
});

describe("a model read from an SDF world keeps its pose", () => {
  const world = `<?xml version="1.0"?>
<sdf version="1.9"><world name="w">
  <model name="small"><link name="s"/></model>
  <model name="rover"><pose>1 2 0.5 0 0 1.5</pose>
    <link name="base"><inertial><mass>1</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial></link>
    <link name="top"><pose>0 0 1 0 0 0</pose><inertial><mass>1</mass><inertia><ixx>1</ixx><iyy>1</iyy><izz>1</izz></inertia></inertial></link>
    <joint name="j" type="fixed"><parent>base</parent><child>top</child></joint>
  </model>
</world></sdf>
`;

  it("reads the pose, writes it on <model><pose> and reads it back", () => {
    const robot = descriptionToModel(world, "w.sdf").robot as Robot;
    expect(robot.name).toBe("rover");
    expect(robot.pose).toEqual({ xyz: [1, 2, 0.5], rpy: [0, 0, 1.5] });
    const sdf = emitSdf(robot);
    expect(sdf).toMatch(/<model name="rover">\s*<pose>1 2 0.5 0 0 1.5<\/pose>/);
    const back = descriptionToModel(sdf, "back.sdf").robot!;
    expect(back.pose).toEqual(robot.pose);
    expect(compareRobots(robot, back)).toEqual([]);
    // The comparison sees the pose: a robot placed elsewhere differs.
    expect(compareRobots(robot, { ...back, pose: { xyz: [0, 0, 0], rpy: [0, 0, 0] } })).not.toEqual([]);
  });

  it("convert --to urdf says the pose is lost; import keeps it in the module", () => {
    mkdirSync(work, { recursive: true });
    const file = join(work, "world.sdf");
    writeFileSync(file, world);
    const r = runCliProcess(["convert", file, "--to", "urdf"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stderr).toMatch(/warning.*URDF has no pose in the world/);
    const m = runCliProcess(["import", file, "--to", "ts"]);
    expect(m.status, m.stderr).toBe(0);
    expect(m.stdout).toContain("b.pose({ xyz: [1, 2, 0.5], rpy: [0, 0, 1.5] });");
  });
});
