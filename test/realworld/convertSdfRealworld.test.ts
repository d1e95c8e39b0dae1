import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { descriptionToModel } from "../../src/parse/descriptionToModel.js";
import { haveTool } from "../support/tools.js";
import { realworldRoot } from "./realworld.js";

// issue 10 item 4: robokit convert --to sdf on every distinct real URDF that urdfdom and libsdformat load.
const rows = readFileSync(join(realworldRoot, "expectations.tsv"), "utf8").trim().split("\n").slice(1).map((l) => l.split("\t"));
const dupOf = new Map(readFileSync(join(realworldRoot, "MANIFEST.tsv"), "utf8").trim().split("\n").slice(1).map((l) => l.split("\t")).map((c) => [c[0] ?? "", c[6] ?? ""]));
const urdfs = rows.filter(([path = "", kind, , cu, sc]) => kind === "urdf" && cu === "0" && sc === "0" && (dupOf.get(path) ?? "") === "").map(([path = ""]) => path);

/** Runs `ign sdf <flag> file` for every file, two at a time; returns exit code and output per file. */
async function ignAll(flag: string, files: readonly string[]): Promise<Map<string, { rc: number; out: string; err: string }>> {
  const results = new Map<string, { rc: number; out: string; err: string }>();
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < files.length) {
      const file = files[next++] ?? "";
      results.set(file, await new Promise((resolve) => {
        const p = spawn("ign", ["sdf", flag, file]);
        let out = "";
        let err = "";
        p.stdout.on("data", (d: Buffer) => (out += d.toString()));
        p.stderr.on("data", (d: Buffer) => (err += d.toString()));
        p.on("close", (rc) => resolve({ rc: rc ?? -1, out, err }));
      }));
    }
  };
  await Promise.all([worker(), worker()]);
  return results;
}

/** Non-fixed joints as name → type, continuous read as revolute (SDF < 1.10 writes it so). */
function movingJoints(sdf: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const m of sdf.matchAll(/<joint\s+name=['"]([^'"]+)['"]\s+type=['"]([^'"]+)['"]/g)) {
    const type = m[2] === "continuous" ? "revolute" : (m[2] ?? "");
    if (type !== "fixed") out.set(m[1] ?? "", type);
  }
  return out;
}

const dir = mkdtempSync(join(tmpdir(), "robokit-convert-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(haveTool("ign", "libsdformat's ign sdf -k / -p on converted real URDFs"))("convert --to sdf on the real URDFs of ../shared/realworld", () => {
  it("ign sdf -k accepts the output; non-fixed joints and their types agree with ign sdf -p", { timeout: 180_000 }, async () => {
    const written: { path: string; sdf: string; urdf: string }[] = [];
    const unread: string[] = [];
    urdfs.forEach((path, i) => {
      const urdf = join(realworldRoot, path);
      const robot = descriptionToModel(readFileSync(urdf, "utf8"), path).robot;
      if (robot === undefined) return void unread.push(path);
      const sdf = join(dir, `${i}.sdf`);
      writeFileSync(sdf, emitSdf(robot, { stamp: { from: path } }));
      written.push({ path, sdf, urdf });
    });
    const checked = await ignAll("-k", written.map((w) => w.sdf));
    const printed = await ignAll("-p", written.map((w) => w.urdf));
    const rejected = written.filter((w) => checked.get(w.sdf)?.rc !== 0).map((w) => `${w.path}: ${(checked.get(w.sdf)?.err ?? "").split("\n").find((l) => /^Error/.test(l.replace(/\u001b\[[0-9;]*m/g, ""))) ?? ""}`);
    const jointDiffs = written.filter((w) => {
      const ours = movingJoints(readFileSync(w.sdf, "utf8"));
      const theirs = movingJoints(printed.get(w.urdf)?.out ?? "");
      return [...theirs].some(([n, t]) => ours.get(n) !== t) || [...ours].some(([n, t]) => theirs.get(n) !== t);
    }).map((w) => w.path);
    // Measured 2026-11-23: 175 written (1 not read: a link name with a space), 166 accepted. The 9 rejected are libsdformat Error Code 18
    // (invalid inertia): links whose URDF inertia is not physical (all-equal tensor entries,
    // triangle inequality violated), which libsdformat's own converter lumps away through fixed joints.
    expect(written.length).toBeGreaterThanOrEqual(175);
    for (const r of rejected) expect(r).toMatch(/invalid inertia/);
    expect(rejected.length, rejected.join("\n")).toBeLessThanOrEqual(9);
    // Measured: 171/175 have the same non-fixed joints and types (continuous read as revolute) as ign sdf -p.
    expect(jointDiffs.length, jointDiffs.join("\n")).toBeLessThanOrEqual(4);
    process.stdout.write(`convert realworld: ${written.length - rejected.length}/${written.length} accepted by ign sdf -k; ${written.length - jointDiffs.length}/${written.length} same non-fixed joints and types as ign sdf -p; ${unread.length} not read\n${jointDiffs.join("\n")}\n`);
  });
});
