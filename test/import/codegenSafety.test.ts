import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

import { tsImport } from "tsx/esm/api";
import { beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";

import { compareRobots } from "../../src/import/compareRobots.js";
import { importExtras } from "../../src/import/importExtras.js";
import { importProblems } from "../../src/import/importProblems.js";
import { robotToTypeScript } from "../../src/import/robotToTypeScript.js";
import { robotToYaml } from "../../src/import/robotToYaml.js";
import type { Joint } from "../../src/model/Joint.js";
import type { Link } from "../../src/model/Link.js";
import type { Material } from "../../src/model/Material.js";
import type { Robot } from "../../src/model/Robot.js";
import { readRobotDocument } from "../../src/model/readRobotDocument.js";
import { box, cylinder } from "../../src/model/shapes.js";
import { solidLink } from "../../src/model/solidLink.js";
import { runCliProcess } from "../support/runCliProcess.js";
import { typeCheckModules } from "../support/typeCheckModules.js";
import { repoRoot } from "../xacro/xacroTestSet.js";

const work = join(repoRoot, "tmp", "codegen-safety");
let counter = 0;

/** Writes the module robotToTypeScript makes, imports it (tsx) and returns it with its text. */
async function load(
  robot: Robot,
  from = "robot.urdf",
  notes: string[] = [],
): Promise<{ file: string; text: string; robot: Robot }> {
  const file = join(work, `m${counter++}.ts`);
  const text = robotToTypeScript(robot, { from, notes, importFrom: "../../src/index.js" });
  writeFileSync(file, text);
  const mod = (await tsImport(pathToFileURL(file).href, import.meta.url)) as { robot: Robot };
  return { file, text, robot: mod.robot };
}

/** A base link with `count` copies of one part per group: each group's parts are named `${label}_${token}`. */
function robotWithParts(
  groups: readonly { label: string; tokens: readonly string[]; mass: number }[],
  materials: readonly Material[] = [],
): Robot {
  const links: Link[] = [
    solidLink("base", {
      shape: box(1, 0.5, 0.2),
      mass: 10,
      ...(materials[0] === undefined ? {} : { material: materials[0].name }),
    }),
  ];
  const joints: Joint[] = [];
  groups.forEach((g, gi) =>
    g.tokens.forEach((t, i) => {
      links.push(
        solidLink(`${g.label}_${t}`, {
          shape: cylinder(0.1, 0.05),
          mass: g.mass,
          ...(materials[gi + 1] === undefined ? {} : { material: materials[gi + 1]!.name }),
        }),
      );
      joints.push({
        name: `${g.label}_${t}_joint`,
        type: "continuous",
        parent: "base",
        child: `${g.label}_${t}`,
        origin: { xyz: [i * 0.1, gi * 0.1, 0], rpy: [0, 0, 0] },
        axis: [0, 0, 1],
      });
    }),
  );
  return { name: "r", materials: [...materials], links, joints };
}

beforeAll(() => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
});

describe("robokit import --to ts: input cannot become code", () => {
  it("a part token holding `*/` cannot end the part's doc comment and run code on load", async () => {
    // The names pass the name rules (checkNames): `*`, `/`, `=` and `.` are allowed.
    const tokens = [1, 2].map((k) => `${k}*/globalThis.robokitBreakout=${k}//${k}`);
    const robot = robotWithParts([{ label: "wheel", tokens, mass: 1 }]);
    expect(importProblems(robot)).toEqual([]);
    const g = globalThis as { robokitBreakout?: unknown };
    delete g.robokitBreakout;
    const m = await load(robot);
    expect(m.text).toMatch(/^function wheel\(/m); // the repeated part did become a function
    expect(g.robokitBreakout).toBeUndefined();
    expect(compareRobots(robot, m.robot)).toEqual([]);
    expect(typeCheckModules([m.file])).toEqual([]);
  });

  it("the file name and notes stay inside the header comment", async () => {
    const g = globalThis as { robokitHeader?: unknown };
    delete g.robokitHeader;
    const robot = robotWithParts([]);
    const m = await load(robot, "a\u2028*/globalThis.robokitHeader=1//.urdf", [
      "note */ globalThis.robokitHeader=2 /*",
      "line\nbreak\u2029 @deprecated",
    ]);
    expect(g.robokitHeader).toBeUndefined();
    const header = m.text.slice(0, m.text.indexOf("*/") + 2);
    expect(header).toContain("from a\\u2028*\\/globalThis.robokitHeader=1//.urdf.");
    expect(header).not.toMatch(/[\u2028\u2029]/);
    expect(header).toContain("\\@deprecated");
    expect(compareRobots(robot, m.robot)).toEqual([]);
  });

  it("a repeated part named like an imported helper (box, RobotBuilder, solidLink, robot, name) gives a module that loads and type-checks", async () => {
    const labels = ["box", "RobotBuilder", "solidLink", "robot", "name", "b"];
    const robot = robotWithParts(labels.map((label, i) => ({ label, tokens: ["1", "2"], mass: 1 + i })));
    const m = await load(robot);
    // Each label did become a part function, under an identifier the module does not import.
    expect(m.text.match(/^function \w+\(b: RobotBuilder/gm)).toHaveLength(labels.length);
    expect(m.text).not.toMatch(/^function (box|RobotBuilder|solidLink|robot|name|b)\(/m);
    expect(compareRobots(robot, m.robot)).toEqual([]);
    expect(typeCheckModules([m.file])).toEqual([]);
  });

  it("materials named in Chinese or starting with a digit get valid identifiers", async () => {
    const materials: Material[] = ["008_effect", "效果", "材质", "8", "effect"].map((name, i) => ({
      name,
      rgba: [i / 5, 0.5, 0.5, 1],
    }));
    const robot = robotWithParts(
      [
        { label: "wheel", tokens: ["l", "r"], mass: 1 },
        { label: "arm", tokens: ["l", "r"], mass: 2 },
        { label: "leg", tokens: ["l", "r"], mass: 3 },
        { label: "fin", tokens: ["l", "r"], mass: 4 },
      ],
      materials,
    );
    const m = await load(robot);
    const ids = [...m.text.matchAll(/^const (\S+) = \{ name:/gm)].map((x) => x[1]);
    expect(ids).toHaveLength(materials.length);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z_][A-Za-z0-9_]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(compareRobots(robot, m.robot)).toEqual([]);
    expect(typeCheckModules([m.file])).toEqual([]);
  });
});

describe("robokit import --to yaml: input cannot add keys", () => {
  it("a line break in the file name or a note stays in the header comment", () => {
    const robot = robotWithParts([{ label: "wheel", tokens: ["l", "r"], mass: 1 }]);
    for (const brk of ["\n", "\r", "\r\n", "\u0085", "\u2028", "\u2029"]) {
      const yaml = robotToYaml(robot, {
        from: `r.urdf${brk}plugins: [evil]${brk}`,
        notes: [`kept${brk}gazebo: injected`],
      });
      const header = yaml.slice(0, yaml.indexOf("name: r\n"));
      for (const line of header.split("\n").slice(0, -1))
        expect(line.startsWith("# "), JSON.stringify(line)).toBe(true);
      expect(header).not.toMatch(/[\r\u0085\u2028\u2029]/);
      const data = parse(yaml) as Record<string, unknown>;
      expect(Object.keys(data).sort(), JSON.stringify(brk)).toEqual(Object.keys(robot).sort());
      const back = readRobotDocument(yaml, "r.yaml");
      expect(compareRobots(robot, back.robot!)).toEqual([]);
    }
  });

  it("names and kept XML with line separators, controls and YAML 1.1 words read back the same in YAML 1.1 and 1.2", () => {
    const names = ["on", "yes", "a\u2028b", "n\u0085m", "x\u202ey", "1:20", "#c", "- d"];
    const robot: Robot = {
      name: "r",
      links: names.map((name) => ({
        name,
        visuals: [{ name: `v ${name}`, geometry: { type: "mesh", uri: `package://p/${name}.dae` } }],
      })),
      xmlBlocks: [
        { format: "urdf", xml: `<gazebo reference="a">\n  <plugin name="p\u2028q" filename="\u0085"/>\n</gazebo>` },
      ],
    };
    const yaml = robotToYaml(robot, { from: "r.urdf" });
    expect(yaml).not.toMatch(/[\u0085\u2028\u202e]/);
    expect(parse(yaml)).toEqual(JSON.parse(JSON.stringify(robot)));
    expect(parse(yaml, { version: "1.1" })).toEqual(JSON.parse(JSON.stringify(robot)));
  });
});

describe("import notes", () => {
  it("a kept block's name with a terminal escape sequence is shown visibly (it reaches stderr and comments)", () => {
    // The XML reader keeps a raw ESC in an attribute (it turns line breaks into spaces).
    const urdf = `<robot name="r"><link name="a"/><gazebo reference="x\u001b[31my\u0007"><plugin name="p" filename="f"/></gazebo></robot>`;
    const { notes, blocks } = importExtras(urdf, "r.urdf");
    expect(blocks).toHaveLength(1);
    expect(notes).toHaveLength(1);
    expect(notes[0]).not.toMatch(/[\u001b\u0007]/);
    expect(notes[0]).toContain("(x\\u001B[31my\\u0007)");
  });
});

describe("robokit import (CLI) with hostile names and file names", () => {
  it("the module `robokit build` runs does nothing the names wrote; --to yaml keeps the file name in the comment", () => {
    const dir = join(work, "cli");
    mkdirSync(dir, { recursive: true });
    const t = (k: number): string => `${k}*/process.exit(7)//${k}`;
    const urdf = [
      `<robot name="hostile">`,
      `  <link name="base"><inertial><mass value="10"/><inertia ixx="1" ixy="0" ixz="0" iyy="1" iyz="0" izz="1"/></inertial><visual><geometry><sphere radius="0.1"/></geometry></visual></link>`,
      ...[1, 2].flatMap((k) => [
        `  <link name="wheel_${t(k)}"><inertial><mass value="1"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial></link>`,
        `  <joint name="joint_${t(k)}" type="continuous"><parent link="base"/><child link="wheel_${t(k)}"/><origin xyz="${k} 0 0"/><axis xyz="0 0 1"/></joint>`,
      ]),
      `  <gazebo reference="base"><plugin name="p" filename="libp.so"><topic>\`\${x}\`*/</topic></plugin></gazebo>`,
      `</robot>`,
    ].join("\n");
    const input = join(dir, "robot\nplugin: injected\n#.urdf");
    writeFileSync(input, urdf);
    const ts = runCliProcess(["import", input, "--to", "ts", "--out", join(dir, "robot.ts")]);
    expect(ts.status, ts.stderr).toBe(0);
    // The note about the kept <gazebo> block names the file on one stderr line.
    expect(ts.stderr).toContain("robokit: ");
    for (const line of ts.stderr.trimEnd().split("\n")) expect(line).toMatch(/^robokit: /);
    expect(readFileSync(join(dir, "robot.ts"), "utf8")).toMatch(/^function wheel\(/m);
    const built = runCliProcess(["build", join(dir, "robot.ts"), "--out", join(dir, "build")]);
    expect(built.status, built.stderr).toBe(0);
    const emitted = readFileSync(join(dir, "build", "urdf", "hostile.urdf"), "utf8");
    expect(emitted).toContain(`<link name="wheel_${t(2)}">`);
    expect(emitted).toContain("<topic>`${x}`*/</topic>");
    const yaml = runCliProcess(["import", input, "--to", "yaml"]);
    expect(yaml.status, yaml.stderr).toBe(0);
    expect(Object.keys(parse(yaml.stdout) as object)).not.toContain("plugin");
    expect(yaml.stdout.split("\n")[0]).toBe(
      "# hostile: imported by robokit import from robot\\u000Aplugin: injected\\u000A#.urdf",
    );
  }, 120_000);
});
