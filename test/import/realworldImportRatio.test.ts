import { readFileSync } from "node:fs";
import { join } from "node:path";

import ts from "typescript";
import { describe, expect, it } from "vitest";

import { hasErrors } from "../../src/diagnostics/Diagnostic.js";
import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { emitUrdf } from "../../src/emit/urdf/emitUrdf.js";
import { compareRobots } from "../../src/import/compareRobots.js";
import { importExtras } from "../../src/import/importExtras.js";
import { importFindings, markImportedAsRead } from "../../src/import/importFindings.js";
import { importProblems } from "../../src/import/importProblems.js";
import { robotToTypeScript } from "../../src/import/robotToTypeScript.js";
import { isSdfOnlyJoint } from "../../src/model/Joint.js";
import type { Robot } from "../../src/model/Robot.js";
import { descriptionRoot, descriptionToModel } from "../../src/parse/descriptionToModel.js";
import { parseXacroXml } from "../../src/parse/xacro/parseXacroXml.js";
import type { XacroElement } from "../../src/parse/xacro/XacroNode.js";
import { undeclaredPrefixes } from "../../src/import/withNamespaces.js";
import { validateFile } from "../../src/validate/validateFile.js";
import { runGeneratedModule } from "../support/runGeneratedModule.js";
import { realworldRoot } from "../support/testData.js";
import { expandCase } from "../xacro/expandCase.js";
import { xacroCases } from "../xacro/xacroTestSet.js";

const IMPORT_FROM = "../../src/index.js";

/** The files check_urdf (URDF) or libsdformat (SDF) accept: test/data/realworld/expectations.tsv. */
function acceptedFiles(): string[] {
  const out: string[] = [];
  for (const row of readFileSync(join(realworldRoot, "expectations.tsv"), "utf8").split("\n").slice(1)) {
    const [path = "", kind = "", , cuRc = "", scRc = ""] = row.split("\t");
    if (path !== "" && (kind === "urdf" ? cuRc === "0" : scRc === "0")) out.push(path);
  }
  return out;
}

function hasSdfOnlyFeatures(robot: Robot): boolean {
  const shapes = robot.links.flatMap((l) => [...(l.visuals ?? []), ...(l.collisions ?? [])]);
  return (robot.joints ?? []).some(isSdfOnlyJoint) || shapes.some((s) => s.geometry.type === "plane");
}

/** SDF has no named materials: compared without them (as scripts/import-report.ts does). */
function unnamed(r: Robot): Robot {
  return {
    ...r,
    xmlBlocks: [],
    materials: [],
    links: r.links.map((l) => ({
      ...l,
      ...(l.visuals === undefined ? {} : { visuals: l.visuals.map(({ material: _m, ...v }) => v) }),
    })),
  };
}

/** The attributes urdfdom reads, by element, below `<link>` and `<joint>` (others are other tools' extensions). */
const URDFDOM_ATTRIBUTES: Readonly<Record<string, readonly string[]>> = {
  inertial: [],
  origin: ["xyz", "rpy"],
  mass: ["value"],
  inertia: ["ixx", "ixy", "ixz", "iyy", "iyz", "izz"],
  visual: ["name"],
  collision: ["name"],
  geometry: [],
  material: ["name"],
  color: ["rgba"],
  texture: ["filename"],
  box: ["size"],
  cylinder: ["radius", "length"],
  sphere: ["radius"],
  mesh: ["filename", "scale"],
  parent: ["link"],
  child: ["link"],
  axis: ["xyz"],
  calibration: ["rising", "falling"],
  dynamics: ["damping", "friction"],
  limit: ["lower", "upper", "effort", "velocity"],
  safety_controller: ["soft_lower_limit", "soft_upper_limit", "k_position", "k_velocity"],
  mimic: ["joint", "multiplier", "offset"],
};

/** A visual or collision whose geometry urdfdom reads: a box, cylinder, sphere or mesh (3-number scale). */
function readableShape(el: XacroElement): boolean {
  const geometry = el.children.find((c): c is XacroElement => c.type === "element" && c.name === "geometry");
  const shape = geometry?.children.find((c): c is XacroElement => c.type === "element");
  if (shape === undefined || !["box", "cylinder", "sphere", "mesh"].includes(shape.name)) return false;
  const scale = shape.attrs.find(([k]) => k === "scale")?.[1];
  return scale === undefined || scale.trim().split(/\s+/).length === 3;
}

/** `tag@attribute` paths below an element that urdfdom reads, e.g. `limit@lower`, `visual/geometry/box@size`. */
function attributePaths(el: XacroElement, prefix = ""): string[] {
  return el.children.flatMap((c) => {
    const read = c.type === "element" ? URDFDOM_ATTRIBUTES[c.name] : undefined;
    // urdfdom reads a material in a visual only.
    if (c.type !== "element" || read === undefined || (c.name === "material" && !prefix.endsWith("visual/"))) return [];
    // A shape urdfdom cannot read (a <plane>, <cdf> or 4-number scale) is dropped by urdfdom too.
    if ((c.name === "visual" || c.name === "collision") && !readableShape(c)) return [];
    // A visual's named material is the robot's: its colour is written once, at the top.
    if (c.name === "material" && prefix.endsWith("visual/")) return [`${prefix}material@name`];
    const here = `${prefix}${c.name}`;
    return [...c.attrs.flatMap(([k]) => (read.includes(k) ? [`${here}@${k}`] : [])), ...attributePaths(c, `${here}/`)];
  });
}

/**
 * The attributes of a link's or joint's elements in the file that the URDF robokit writes
 * does not have (`joint "j": limit@lower`): what urdfdom reads from the file but not from
 * robokit's output. Other tools' extension elements inside links and joints (PyBullet's
 * `<contact>`, `<joint_properties>`) are not part of robokit's model and are not counted.
 */
function lostAttributes(original: XacroElement, written: XacroElement): string[] {
  const byName = (root: XacroElement): Map<string, XacroElement> =>
    new Map(
      root.children.flatMap((c) =>
        c.type === "element" && (c.name === "link" || c.name === "joint")
          ? [[`${c.name} "${c.attrs.find(([k]) => k === "name")?.[1] ?? ""}"`, c] as const]
          : [],
      ),
    );
  const out = byName(written);
  const lost: string[] = [];
  for (const [name, el] of byName(original)) {
    const have = new Set(attributePaths(out.get(name) ?? el));
    for (const p of attributePaths(el)) if (!have.has(p)) lost.push(`${name}: ${p}`);
  }
  return [...new Set(lost)];
}

interface Verdict {
  readonly why?: string;
  readonly world?: boolean;
  readonly sdfOnly?: boolean;
}

/**
 * What is wrong with the URDF robokit writes for an imported file, if anything: a namespace
 * prefix without its declaration (namespace-aware parsers refuse the file), or, for a URDF,
 * an error of robokit's validator that the original file does not have.
 */
function writtenProblem(original: string, path: string, emitted: string): string | undefined {
  const parsed = parseXacroXml(emitted, "emitted.urdf");
  if ("error" in parsed) return `not well-formed XML: ${parsed.error.message}`;
  const unbound = undeclaredPrefixes(parsed.root);
  if (unbound.length > 0) return `namespace prefix ${unbound.join(", ")} is not declared`;
  // An SDF's errors are SDF's: only a URDF is held to the errors it had and the attributes it wrote.
  if (descriptionRoot(original) !== "robot") return undefined;
  const source = parseXacroXml(original, path);
  if ("error" in source) return undefined;
  const lost = lostAttributes(source.root, parsed.root);
  if (lost.length > 0) return `${lost.slice(0, 3).join(", ")} not written back`;
  const errors = (text: string, file: string): Set<string> =>
    new Set(validateFile(text, file).flatMap((d) => (d.severity === "error" ? [d.code] : [])));
  const before = errors(original, path);
  const added = [...errors(emitted, path)].filter((c) => !before.has(c));
  return added.length === 0 ? undefined : `the validator finds ${added.join(", ")}, which the file does not have`;
}

/**
 * Why one real file does not come back exactly, or undefined when it does: imported as
 * `robokit import` imports it, the module built (transpiled, run against src), and the robot
 * through URDF, or through SDF when it has what only SDF holds, read back (1e-9).
 * "world" for a world without one robot to read.
 */
function verdict(path: string, text = readFileSync(join(realworldRoot, path), "utf8")): Verdict {
  const read = descriptionToModel(text, path);
  const problems = read.robot === undefined ? [] : importProblems(read.robot);
  if (read.robot === undefined || hasErrors(read.diagnostics) || problems.length > 0) {
    const why = [...read.diagnostics, ...problems].find((d) => d.severity === "error")?.message ?? "not a robot";
    return /not a (whole )?<world>/.test(why) ? { world: true, why } : { why };
  }
  const extras = importExtras(text, path, read.robot);
  const asRead = markImportedAsRead(extras.robot ?? read.robot, importFindings(read.robot));
  const robot: Robot = extras.blocks.length === 0 ? asRead : { ...asRead, xmlBlocks: extras.blocks };
  const js = ts.transpileModule(
    robotToTypeScript(robot, { from: path, notes: extras.notes, importFrom: IMPORT_FROM }),
    {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022, verbatimModuleSyntax: false },
    },
  ).outputText;
  const built = runGeneratedModule(js, IMPORT_FROM);
  if (built.robot === undefined) return { why: `the module does not build: ${String(built.error)}` };
  const moduleDiff = compareRobots(robot, built.robot);
  if (moduleDiff.length > 0) return { why: `module: ${moduleDiff[0]}` };
  const sdfOnly = hasSdfOnlyFeatures(robot);
  if (sdfOnly) {
    const back = descriptionToModel(emitSdf(built.robot), "emitted.sdf").robot;
    const diff = back === undefined ? ["SDF does not read back"] : compareRobots(unnamed(robot), unnamed(back));
    return diff.length === 0 ? { sdfOnly } : { why: `SDF: ${diff[0]}`, sdfOnly };
  }
  const emitted = emitUrdf(built.robot);
  const written = writtenProblem(text, path, emitted);
  if (written !== undefined) return { why: `URDF: ${written}` };
  const back = descriptionToModel(emitted, "emitted.urdf").robot;
  // URDF has no pose in the world (a declared loss).
  const { pose: _pose, ...unplaced } = robot;
  const diff =
    back === undefined
      ? ["URDF does not read back"]
      : compareRobots({ ...unplaced, xmlBlocks: [] }, { ...back, xmlBlocks: [] });
  return diff.length === 0 ? {} : { why: `URDF: ${diff[0]}` };
}

describe("real robots the reference tools accept import, build and come back exactly", () => {
  it("at least 95 % of them; every SDF-only robot that imports comes back through SDF", () => {
    const results = acceptedFiles().map((path) => ({ path, ...verdict(path) }));
    const robots = results.filter((r) => r.world !== true);
    const exact = robots.filter((r) => r.why === undefined);
    const failed = robots.filter((r) => r.why !== undefined).map((r) => `${r.path}: ${r.why}`);
    // The failures are printed, so a regression names its file.
    expect(exact.length / robots.length, failed.join("\n")).toBeGreaterThanOrEqual(0.95);
    // What only SDF holds is judged on SDF: none that imports may differ there.
    expect(robots.filter((r) => r.sdfOnly === true && r.why !== undefined).map((r) => r.path)).toEqual([]);
    expect(robots.filter((r) => r.sdfOnly === true).length).toBeGreaterThan(0);
  }, 600_000);
});

describe("real URDFs import, build and come back exactly, as valid namespaced XML", () => {
  it("at least 98 % of the accepted real-world URDFs and the xacro test set", () => {
    const realworld = acceptedFiles()
      .filter((p) => p.endsWith(".urdf"))
      .map((path) => ({ path, ...verdict(path) }));
    const xacro = xacroCases().flatMap((c) => {
      const text = expandCase(c).text;
      return text === undefined ? [] : [{ path: c.id, ...verdict(c.id, text) }];
    });
    const all = [...realworld, ...xacro];
    const failed = all.filter((r) => r.why !== undefined).map((r) => `${r.path}: ${r.why}`);
    expect(all.length).toBeGreaterThan(250);
    expect((all.length - failed.length) / all.length, failed.join("\n")).toBeGreaterThanOrEqual(0.98);
  }, 600_000);
});
