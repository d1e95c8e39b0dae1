import { readFileSync } from "node:fs";
import { join } from "node:path";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import type { Diagnostic } from "../../src/diagnostics/Diagnostic.js";
import type { ControllerDistro } from "../../src/validate/controllers/ControllerDefinitions.js";
import { checkControllerParameters } from "../../src/validate/controllers/checkControllerParameters.js";
import { loadControllerDefinitions } from "../../src/validate/controllers/loadControllerDefinitions.js";
import { lookupParameter, mergeSections } from "../../src/validate/controllers/lookupParameter.js";
import { type NodeBlock, type RosParam, readParameterFile } from "../../src/validate/controllers/readParameterFile.js";

const dir = join(import.meta.dirname, "..", "data", "controllers-realworld");

/** One launch's parameter files, as MANIFEST.tsv lists them (a file and the files launched with it). */
interface LaunchSet {
  readonly name: string;
  readonly distro: ControllerDistro;
  readonly files: readonly { path: string; text: string }[];
}

function manifest(): LaunchSet[] {
  const rows = readFileSync(join(dir, "MANIFEST.tsv"), "utf8").trim().split("\n").slice(1);
  return rows.map((row) => {
    const [file, , , , , distro, withFile] = row.split("\t");
    const names = [file!, ...(withFile ? withFile.split(",") : [])];
    return {
      name: file!,
      distro: distro as ControllerDistro,
      files: names.map((n) => ({ path: n, text: readFileSync(join(dir, n), "utf8") })),
    };
  });
}

/** The shapes the checks must hold on beside the files as written: a `/**` block repeated at the top level. */
function repeatedKeys(set: LaunchSet): LaunchSet {
  const wildcard = "/**:\n  ros__parameters:\n    use_sim_time: false\n";
  const [first, ...rest] = set.files;
  // After a leading document marker, so that the file stays one document.
  const head = /^---\n/.exec(first!.text)?.[0] ?? "";
  const body = first!.text.slice(head.length);
  return {
    ...set,
    name: `${set.name} (repeated /**)`,
    files: [{ ...first!, text: `${head}${wildcard}${body}\n${wildcard}` }, ...rest],
  };
}

const SETS = manifest();
const SHAPES = [...SETS, ...SETS.map(repeatedKeys)];

function check(set: LaunchSet): Diagnostic[] {
  return checkControllerParameters(set.files, { distro: set.distro });
}

describe("public robots' controller parameter files (test/data/controllers-realworld)", () => {
  it("are 15 to 30 launches of several vendors, for humble and jazzy", () => {
    expect(SETS.length).toBeGreaterThanOrEqual(15);
    expect(new Set(SETS.map((s) => s.distro))).toEqual(new Set(["humble", "jazzy"]));
  });

  it.each(SHAPES.map((s) => [s.name, s]))("%s has no error", (_, set) => {
    const errors = check(set).filter((d) => d.severity === "error");
    expect(errors.map((d) => `${d.file}:${d.line}: ${d.code} ${d.message}`)).toEqual([]);
  });
});

/** A mistake put into a file, and what must be found at its line. */
interface Seed {
  readonly kind: "key typo" | "integer for a double" | "validator bound" | "class typo" | "fractional update_rate";
  readonly file: string;
  readonly line: number;
  readonly column: number;
  /** Characters replaced at line:column, and by what. */
  readonly length: number;
  readonly text: string;
  readonly code: string;
}

const KINDS: readonly Seed["kind"][] = [
  "key typo",
  "integer for a double",
  "validator bound",
  "class typo",
  "fractional update_rate",
];

/** The plain or quoted scalar that starts at a place of a text. */
function tokenAt(text: string, line: number, column: number): { offset: number; token: string } {
  const lines = text.split("\n");
  const offset = lines.slice(0, line - 1).reduce((n, l) => n + l.length + 1, 0) + column - 1;
  const rest = text.slice(offset);
  const quoted = /^(["'])[^"'\n]*\1/.exec(rest);
  const token = quoted?.[0] ?? /^[^\s,\]}#]+/.exec(rest)?.[0] ?? "";
  return { offset, token };
}

/** The controllers of a launch that ros2_controllers' classes check, with their blocks' parameters. */
function checkedControllers(set: LaunchSet): { type: RosParam; params: RosParam[]; cls: string }[] {
  const defs = loadControllerDefinitions(set.distro);
  const clean = check(set);
  const blocks: (NodeBlock & { file: string })[] = set.files.flatMap((f) =>
    readParameterFile(f.text, f.path).blocks.map((b) => ({ ...b, file: f.path })),
  );
  const types = new Map<string, RosParam>();
  for (const b of blocks)
    for (const p of b.params) {
      const m = /^([^.]+)\.type$/.exec(p.name);
      if (b.nodeName === "controller_manager" && m !== null) types.set(m[1]!, p);
      if (b.nodeName !== "controller_manager" && !b.wildcard && p.name === "type") types.set(b.nodeName, p);
    }
  const out: { type: RosParam; params: RosParam[]; cls: string }[] = [];
  for (const [name, type] of types) {
    const cls = type.value.type === "string" ? type.value.value : "";
    if ((defs.classes[cls]?.sets.length ?? 0) === 0) continue;
    // A block judged another package's gets one warning, not its parameters checked.
    if (clean.some((d) => d.code === "CONTROLLER_PACKAGE_MISMATCH" && d.message.includes(`controller "${name}"`)))
      continue;
    const params = blocks.filter((b) => !b.wildcard && b.nodeName === name).flatMap((b) => b.params);
    out.push({ type, params, cls });
  }
  return out;
}

const places = new Map<string, Seed[]>();

/** Every place of a launch where a mistake of `kind` can be put, with what must be found there (once per launch and kind). */
function candidates(set: LaunchSet, kind: Seed["kind"]): Seed[] {
  const key = `${set.name}\u0000${kind}`;
  let seeds = places.get(key);
  if (seeds === undefined) {
    seeds = findCandidates(set, kind);
    places.set(key, seeds);
  }
  return seeds;
}

function findCandidates(set: LaunchSet, kind: Seed["kind"]): Seed[] {
  const defs = loadControllerDefinitions(set.distro);
  const textOf = (file: string): string => set.files.find((f) => f.path === file)!.text;
  const seeds: Seed[] = [];
  const replace = (p: { file: string; line: number; column: number }, text: string, code: string, length?: number) => {
    const { token } = tokenAt(textOf(p.file), p.line, p.column);
    seeds.push({ kind, file: p.file, line: p.line, column: p.column, length: length ?? token.length, text, code });
  };
  for (const c of checkedControllers(set)) {
    const tree = mergeSections(defs.classes[c.cls]!.sets.map((s) => defs.sets[s] ?? {}));
    if (kind === "class typo") {
      const { token } = tokenAt(textOf(c.type.at.file), c.type.at.line, c.type.at.column);
      const slash = token.indexOf("/");
      // The class's first letter doubled: JointTrajectoryController -> JJointTrajectoryController.
      replace(
        c.type.at,
        `${token.slice(0, slash + 1)}${token[slash + 1]}${token.slice(slash + 1)}`,
        "CONTROLLER_TYPE_UNKNOWN",
      );
    }
    for (const p of c.params) {
      const found = lookupParameter(tree, p.name);
      if (found.kind !== "param") continue;
      if (kind === "key typo") {
        const key = tokenAt(textOf(p.key.file), p.key.line, p.key.column).token.replace(/:$/, "");
        if (/^["']/.test(key)) continue;
        replace(p.key, `${key[0]}${key}`, "PARAMETER_UNDECLARED", key.length);
      }
      if (kind === "integer for a double" && found.def.t === "double" && p.value.type === "double")
        replace(p.at, "3", "PARAMETER_TYPE_MISMATCH");
      if (kind === "validator bound") {
        const bound = (found.def.v ?? []).find(([name]) => /^(gt|gt_eq|lower_bounds|bounds)(<>)?$/.test(name));
        if (bound !== undefined && (p.value.type === "double" || p.value.type === "int"))
          replace(p.at, p.value.type === "double" ? "-1000000.0" : "-1000000", "PARAMETER_VALUE_INVALID");
        const oneOf = (found.def.v ?? []).some(([name]) => /^one_of(<>)?$/.test(name));
        if (oneOf && p.value.type === "string") replace(p.at, "not_a_choice", "PARAMETER_VALUE_INVALID");
      }
    }
  }
  if (kind === "fractional update_rate")
    for (const f of set.files)
      for (const b of readParameterFile(f.text, f.path).blocks)
        for (const p of b.params)
          if (p.name === "update_rate" && p.value.type === "int" && b.nodeName === "controller_manager")
            replace(p.at, "100.5", "PARAMETER_TYPE_MISMATCH");
  return seeds;
}

function inject(set: LaunchSet, seed: Seed): LaunchSet {
  return {
    ...set,
    files: set.files.map((f) => {
      if (f.path !== seed.file) return f;
      const { offset } = tokenAt(f.text, seed.line, seed.column);
      return { ...f, text: f.text.slice(0, offset) + seed.text + f.text.slice(offset + seed.length) };
    }),
  };
}

describe("seeded mistakes in public robots' parameter files", () => {
  it("every kind of mistake has places in most launches, of every shape", () => {
    for (const kind of KINDS) {
      const withPlaces = SHAPES.filter((s) => candidates(s, kind).length > 0);
      expect(withPlaces.length, kind).toBeGreaterThanOrEqual(kind === "validator bound" ? 10 : 20);
    }
  });

  it("finds one mistake of each kind, put at a random place, at its line (property)", () => {
    const found: Record<string, [number, number]> = {};
    fc.assert(
      fc.property(fc.nat(), fc.nat(), fc.constantFrom(...KINDS), (s, c, kind) => {
        const set = SHAPES[s % SHAPES.length]!;
        const places = candidates(set, kind);
        if (places.length === 0) return;
        const seed = places[c % places.length]!;
        const ds = check(inject(set, seed));
        const hit = ds.some((d) => d.file === seed.file && d.line === seed.line && d.code === seed.code);
        const tally = (found[kind] ??= [0, 0]);
        tally[1]++;
        if (hit) tally[0]++;
        expect(
          hit,
          `${kind} in ${set.name} at ${seed.file}:${seed.line}:${seed.column} (${seed.text}): ${ds.map((d) => `${d.line}:${d.code}`).join(", ")}`,
        ).toBe(true);
      }),
      { numRuns: 100 },
    );
    expect(Object.keys(found).sort()).toEqual([...KINDS].sort());
  });
});
