import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";

import fc from "fast-check";
import ts from "typescript";
import { beforeAll, describe, expect, it } from "vitest";

import { compareRobots } from "../../src/import/compareRobots.js";
import { importProblems } from "../../src/import/importProblems.js";
import { robotToTypeScript } from "../../src/import/robotToTypeScript.js";
import { checkNames } from "../../src/model/checkNames.js";
import type { Joint } from "../../src/model/Joint.js";
import type { Link } from "../../src/model/Link.js";
import type { Material } from "../../src/model/Material.js";
import type { Robot } from "../../src/model/Robot.js";
import { RobotModelError } from "../../src/model/RobotModelError.js";
import { box, cylinder, sphere } from "../../src/model/shapes.js";
import { solidLink } from "../../src/model/solidLink.js";
import { type GeneratedModuleRun, runGeneratedModule } from "../support/runGeneratedModule.js";
import { typeCheckModules } from "../support/typeCheckModules.js";
import { repoRoot } from "../xacro/xacroTestSet.js";

const work = join(repoRoot, "tmp", "codegen-property");

/** Pieces of names the name rules (checkNames) allow, weighted towards what breaks generated code. */
const ALLOWED_PIECES = [
  "*/",
  "/*",
  "//",
  "*/globalThis.robokitPwned=1//",
  "*/process.exit(9)/*",
  "=",
  "(",
  ")",
  ",",
  ".",
  "[",
  "]",
  "!",
  "?",
  "#",
  "%",
  "^",
  "|",
  "~",
  ":",
  "-",
  "+",
  "@",
  "*",
  "box",
  "RobotBuilder",
  "solidLink",
  "robot",
  "name",
  "b",
  "class",
  "constructor",
  "__proto__",
  "toString",
  "let",
  "await",
  "NaN",
  "undefined",
  "0",
  "008",
  "_",
  "\u0085",
  "\u202e",
  "效果",
  "材质",
  "ロボット",
  "\u0645\u0641\u0635\u0644",
  "é",
  "e\u0301",
  "😀",
  "ß",
  "İ",
  "Ω",
];
/** Pieces the name rules reject (each alone makes a name invalid). */
const REJECTED_PIECES = [
  "\u2028",
  "\u2029",
  "${",
  "`",
  '"',
  "'",
  "\\",
  "</script>",
  "\n",
  "\r",
  "\t",
  "\u0000",
  "\u001b",
  "\ufeff",
  "\ud800",
  ";",
  "$",
  "{",
  "}",
  " ",
];
/** Text for the places the name rules do not check (visual names, URIs, file name, notes, kept XML). */
const HOSTILE_PIECES = [...REJECTED_PIECES, "*/", "\u0085", "\u202e"];

const allowedName = fc
  .array(fc.oneof(fc.constantFrom(...ALLOWED_PIECES), fc.stringMatching(/^[A-Za-z0-9_]{1,4}$/)), {
    minLength: 1,
    maxLength: 4,
  })
  .map((p) => p.join(""));
const hostileText = fc
  .array(fc.oneof(fc.constantFrom(...HOSTILE_PIECES, ...ALLOWED_PIECES), fc.string({ maxLength: 3 })), { maxLength: 5 })
  .map((p) => p.join(""));

interface Shape {
  readonly materials: string[];
  readonly groups: { label: string; tokens: string[]; tip: boolean }[];
  readonly singles: { name: string; visualName: string; uri: string }[];
  readonly blocks: string[];
}

const shapeArb: fc.Arbitrary<Shape> = fc.record({
  materials: fc.uniqueArray(allowedName, { maxLength: 3 }),
  groups: fc.array(
    fc.record({
      label: allowedName,
      tokens: fc.uniqueArray(allowedName, { minLength: 2, maxLength: 3 }),
      tip: fc.boolean(),
    }),
    { maxLength: 3 },
  ),
  singles: fc.array(fc.record({ name: allowedName, visualName: hostileText, uri: hostileText }), { maxLength: 3 }),
  blocks: fc.array(hostileText, { maxLength: 2 }),
});

/**
 * A robot that passes robokit's model check, built from generated names: repeated parts (a
 * link, maybe a tip below it) named `${label}_${token}…`, single links with hostile visual
 * names and mesh URIs, materials, and kept XML blocks. Names are made unique by an index.
 */
function robotOf(s: Shape): Robot {
  const materials: Material[] = s.materials.map((name, i) => ({
    name,
    rgba: [0.1 * i, 0.5, 0.5, 1],
    texture: `tex/${name}.png`,
  }));
  const mat = (i: number): { material?: string } =>
    materials.length === 0 ? {} : { material: materials[i % materials.length]!.name };
  const links: Link[] = [solidLink("base", { shape: box(1, 0.5, 0.2), mass: 10, ...mat(0) })];
  const joints: Joint[] = [];
  const seen = new Set<string>(["base"]);
  const unique = (n: string, i: number): string => (seen.has(n) ? `${n}~${i}` : n);
  s.groups.forEach((g, gi) => {
    const tokens = g.tokens.map((t) => `${t}${gi}`);
    tokens.forEach((t, ti) => {
      const part = unique(`${g.label}_${t}`, links.length);
      seen.add(part);
      links.push(solidLink(part, { shape: cylinder(0.1, 0.05 + gi / 100), mass: 1 + gi, ...mat(gi + 1) }));
      const jn = unique(`${g.label}_${t}_joint`, links.length);
      seen.add(jn);
      joints.push({
        name: jn,
        type: "revolute",
        parent: "base",
        child: part,
        origin: { xyz: [ti * 0.2, gi * 0.2, 0], rpy: [0, 0, ti] },
        axis: [0, 1, 0],
        limit: { lower: -1, upper: 1, effort: 5, velocity: 2 },
      });
      if (g.tip) {
        const tip = unique(`${g.label}_${t}_tip`, links.length);
        seen.add(tip);
        links.push(solidLink(tip, { shape: sphere(0.02), mass: 0.1 }));
        const tj = unique(`${g.label}_${t}_tip_joint`, links.length);
        seen.add(tj);
        joints.push({
          name: tj,
          type: "fixed",
          parent: part,
          child: tip,
          origin: { xyz: [0, 0, 0.1], rpy: [0, 0, 0] },
        });
      }
    });
  });
  s.singles.forEach((l, i) => {
    const name = unique(l.name, links.length);
    seen.add(name);
    links.push({
      name,
      visuals: [{ name: l.visualName, geometry: { type: "mesh", uri: `m${l.uri}`, scale: [1, 1, 2] }, ...mat(i) }],
      collisions: [{ name: l.visualName, geometry: { type: "box", size: [0.1, 0.1, 0.1] }, surface: { mu: 0.5 } }],
      inertial: { mass: 1, inertia: { ixx: 0.01, ixy: 0, ixz: 0, iyy: 0.01, iyz: 0, izz: 0.01 } },
    });
    const jn = unique(`${l.name}_joint`, links.length);
    seen.add(jn);
    joints.push({ name: jn, type: "fixed", parent: "base", child: name, origin: { xyz: [0, 0, i], rpy: [0, 0, 0] } });
  });
  return {
    name: "r",
    materials,
    links,
    joints,
    ...(s.blocks.length === 0 ? {} : { xmlBlocks: s.blocks.map((xml) => ({ format: "urdf" as const, xml })) }),
  };
}

beforeAll(() => {
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
});

/** Runs a generated module after TypeScript transpiles it (test/support/runGeneratedModule.ts). */
function loadModule(text: string): GeneratedModuleRun {
  const js = ts.transpileModule(text, {
    compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
  }).outputText;
  return runGeneratedModule(js, IMPORT_FROM);
}

const IMPORT_FROM = "../../src/index.js";

describe("robokit import --to ts: any allowed name, any hostile text", () => {
  it("gives a module that loads with no side effect and builds the same robot; all modules pass strict tsc", () => {
    const files: string[] = [];
    let run = 0;
    fc.assert(
      fc.property(shapeArb, hostileText, fc.array(hostileText, { maxLength: 3 }), (shape, from, notes) => {
        const robot = robotOf(shape);
        // The generator's names are ones import accepts: the module must build them.
        expect(importProblems(robot)).toEqual([]);
        const file = join(work, `p${run++}.ts`);
        const text = robotToTypeScript(robot, { from, notes, importFrom: IMPORT_FROM });
        writeFileSync(file, text);
        files.push(file);
        const loaded = loadModule(text);
        expect(loaded.newGlobals).toEqual([]);
        expect(loaded.error).toBeUndefined();
        expect(compareRobots(robot, loaded.robot!)).toEqual([]);
      }),
      { numRuns: 40 },
    );
    // One program for all modules: type-checking is the slow part.
    expect(typeCheckModules(files)).toEqual([]);
  }, 300_000);

  it("names the rules reject (line separators, quotes, backticks, ${) still give a module that type-checks and only fails robokit's name check", () => {
    const files: string[] = [];
    let run = 0;
    const hostileName = fc
      .tuple(allowedName, fc.constantFrom(...REJECTED_PIECES), allowedName)
      .map(([a, h, b]) => `${a}${h}${b}`);
    fc.assert(
      fc.property(fc.uniqueArray(hostileName, { minLength: 1, maxLength: 4 }), (names) => {
        const shape: Shape = {
          materials: names.slice(0, 1),
          groups: [{ label: names[0]!, tokens: ["1", "2"], tip: true }],
          singles: names.map((name) => ({ name, visualName: name, uri: name })),
          blocks: [],
        };
        const robot = robotOf(shape);
        expect(checkNames(robot).length).toBeGreaterThan(0);
        const file = join(work, `h${run++}.ts`);
        const text = robotToTypeScript(robot, { from: names[0]!, notes: names, importFrom: IMPORT_FROM });
        writeFileSync(file, text);
        files.push(file);
        const loaded = loadModule(text);
        expect(loaded.newGlobals).toEqual([]);
        expect(loaded.error).toBeInstanceOf(RobotModelError);
        const codes = (loaded.error as RobotModelError).diagnostics
          .filter((d) => d.severity === "error")
          .map((d) => d.code);
        expect(new Set(codes)).toEqual(new Set(["NAME_INVALID"]));
      }),
      { numRuns: 20 },
    );
    expect(typeCheckModules(files)).toEqual([]);
  }, 300_000);
});
