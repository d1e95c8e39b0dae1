// `robokit sim --runs` sweeps from the command line. The same runs give the same
// files whether run on one thread, on worker threads, or as shards merged afterwards.
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { readSweepVariation } from "../../src/sim/sweep/readSweepVariation.js";
import { sampleVariation } from "../../src/sim/sweep/sampleVariation.js";
import type { SweepVariation } from "../../src/sim/sweep/SweepVariation.js";
import { parseSweepCsv } from "../../src/sim/sweep/sweepTable.js";
import { runCliProcess } from "../support/runCliProcess.js";

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "robokit-sweep-cli-"));
  writeFileSync(
    join(dir, "vary.yaml"),
    "parameters:\n  mass:base_link: { uniform: [9, 11] }\n  friction: { normal: { mean: 1, std: 0.1, min: 0.7, max: 1.3 } }\n",
  );
  writeFileSync(join(dir, "other.yaml"), "parameters:\n  friction: { uniform: [0.5, 1] }\n");
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A folder's files and contents. */
function files(folder: string): Record<string, string> {
  return Object.fromEntries(
    readdirSync(folder)
      .sort()
      .map((f) => [f, readFileSync(join(folder, f), "utf8")]),
  );
}

const sweep = (out: string, ...extra: string[]) =>
  runCliProcess([
    "sim",
    "mario",
    "--scenario",
    "paper",
    "--duration",
    "0.5",
    "--runs",
    "3",
    "--seed",
    "7",
    "--vary",
    join(dir, "vary.yaml"),
    "--out",
    join(dir, out),
    ...extra,
  ]);

describe("robokit sim --runs (sweeps)", () => {
  it("--jobs 1, --jobs 2 and shards merged write the same files", () => {
    for (const [out, extra] of [
      ["j1", ["--jobs", "1"]],
      ["j2", ["--jobs", "2"]],
      ["s0", ["--jobs", "1", "--shard", "0/2"]],
      ["s1", ["--jobs", "1", "--shard", "1/2"]],
    ] as const) {
      const r = sweep(out, ...extra);
      expect(r.stderr, out).toBe(""); // no progress line without a TTY
      expect(r.status, out).toBe(0);
    }
    const one = files(join(dir, "j1"));
    expect(Object.keys(one)).toEqual(["manifest.json", "runs.csv", "summary.json", "summary.md"]);
    const csv = (one["runs.csv"] ?? "").trimEnd().split("\n");
    expect(csv[0]).toMatch(/^run,seed,mass:base_link,friction,vx_error_odometry_pct,/);
    expect(csv.slice(1).map((l) => l.split(",").slice(0, 2).join(","))).toEqual(["0,7", "1,8", "2,9"]);
    // The drawn parameters differ between runs (seeded per run) and stay in their bounds.
    const masses = csv.slice(1).map((l) => Number(l.split(",")[2]));
    expect(new Set(masses).size).toBe(3);
    for (const m of masses) expect(m >= 9 && m <= 11).toBe(true);
    expect(files(join(dir, "j2"))).toEqual(one);
    expect(files(join(dir, "s0"))["runs.csv"]).not.toEqual(one["runs.csv"]);
    const m = runCliProcess(["sim", "merge", join(dir, "s1"), join(dir, "s0"), "--out", join(dir, "merged")]);
    expect(m.stderr).toBe("");
    expect(m.status).toBe(0);
    expect(files(join(dir, "merged"))).toEqual(one);
    const summary = JSON.parse(one["summary.json"] ?? "") as { columns: Record<string, { n: number; mean: number }> };
    expect(summary.columns["mass:base_link"]?.n).toBe(3);
    expect(summary.columns["mass:base_link"]?.mean).toBeCloseTo(masses.reduce((a, b) => a + b, 0) / 3, 9);
  }, 600_000);

  it("merge refuses a missing shard, a doubled one and a different variation (exit 1, writing nothing)", () => {
    const missing = runCliProcess(["sim", "merge", join(dir, "s0"), "--out", join(dir, "bad1")]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/missing runs: 1/);
    const doubled = runCliProcess([
      "sim",
      "merge",
      join(dir, "s0"),
      join(dir, "s1"),
      join(dir, "s1"),
      "--out",
      join(dir, "bad2"),
    ]);
    expect(doubled.status).toBe(1);
    expect(doubled.stderr).toMatch(/run 1 is in both/);
    const r = runCliProcess([
      "sim",
      "mario",
      "--scenario",
      "paper",
      "--duration",
      "0.5",
      "--runs",
      "3",
      "--seed",
      "7",
      "--vary",
      join(dir, "other.yaml"),
      "--shard",
      "1/2",
      "--jobs",
      "1",
      "--out",
      join(dir, "o1"),
    ]);
    expect(r.status).toBe(0);
    const mixed = runCliProcess(["sim", "merge", join(dir, "s0"), join(dir, "o1"), "--out", join(dir, "bad3")]);
    expect(mixed.status).toBe(1);
    expect(mixed.stderr).toMatch(/variationSha256/);
    expect(readdirSync(dir).filter((f) => f.startsWith("bad"))).toEqual([]);
  }, 600_000);

  it("failing runs are rows: all files written, exit 1 with one line, no progress text off a terminal", () => {
    writeFileSync(join(dir, "slippery.yaml"), "parameters:\n  friction: { uniform: [-0.5, 1.5] }\n");
    const read = readSweepVariation(readFileSync(join(dir, "slippery.yaml"), "utf8"), "slippery.yaml");
    const variation = read.variation as SweepVariation;
    // Runs whose μ is drawn below 0: applyVariation refuses their plant.
    const bad = [0, 1, 2, 3, 4, 5].filter((r) => (sampleVariation(variation, 3 + r)[0] as number) < 0);
    expect(bad.length).toBeGreaterThan(0);
    expect(bad.length).toBeLessThan(6);
    const slippery = (out: string, ...extra: string[]) =>
      runCliProcess([
        "sim",
        "mario",
        "--scenario",
        "paper",
        "--duration",
        "0.2",
        "--runs",
        "6",
        "--seed",
        "3",
        "--vary",
        join(dir, "slippery.yaml"),
        "--out",
        join(dir, out),
        ...extra,
      ]);
    for (const [out, extra, total] of [
      ["f1", ["--jobs", "1"], 6],
      ["f2", ["--jobs", "2"], 6],
      ["fs0", ["--jobs", "1", "--shard", "0/2"], 3],
      ["fs1", ["--jobs", "1", "--shard", "1/2"], 3],
    ] as const) {
      const r = slippery(out, ...extra);
      const failed = bad.filter((b) => total === 6 || b % 2 === Number(out.at(-1))).length;
      expect(r.status, out).toBe(failed > 0 ? 1 : 0);
      // stderr is a pipe here: no progress line, only the verdict.
      expect(r.stderr, out).not.toMatch(/runs,/);
      expect(r.stderr, out).toBe(
        failed > 0 ? `robokit: sim: ${failed} of ${total} runs failed (see the error column of runs.csv)\n` : "",
      );
    }
    const one = files(join(dir, "f1"));
    expect(Object.keys(one)).toEqual(["manifest.json", "runs.csv", "summary.json", "summary.md"]);
    const lines = (one["runs.csv"] ?? "").trimEnd().split("\n");
    expect(lines[0]).toMatch(/^run,seed,friction,vx_error_odometry_pct,.*,duration_s,error$/);
    // The message holds a comma: the cell is quoted as CSV.
    expect(one["runs.csv"]).toContain(',"RangeError: friction: a friction coefficient must be ≥ 0, got -');
    const table = parseSweepCsv(one["runs.csv"] ?? "");
    expect([...table.errors.keys()]).toEqual(bad);
    for (const run of bad)
      expect(table.errors.get(run)).toMatch(/^RangeError: friction: a friction coefficient must be ≥ 0, got -0\.\d+$/);
    expect(JSON.parse(one["summary.json"] ?? "").failedRuns).toEqual(bad);
    expect(one["summary.md"]).toContain(`${bad.length} run${bad.length === 1 ? "" : "s"} failed: ${bad.join(", ")}.`);
    expect(files(join(dir, "f2"))).toEqual(one);
    const m = runCliProcess(["sim", "merge", join(dir, "fs0"), join(dir, "fs1"), "--out", join(dir, "fmerged")]);
    // As the unsharded sweep: every file written, exit 1 saying how many runs failed.
    expect(m.status).toBe(1);
    expect(m.stderr).toContain(`sim merge: ${bad.length} of 6 runs failed`);
    expect(files(join(dir, "fmerged"))).toEqual(one);
  }, 600_000);

  it("usage errors exit 2: a bad --shard, --runs or --view with a sweep", () => {
    expect(sweep("x", "--shard", "2/2").status).toBe(2);
    expect(sweep("x", "--runs", "0").status).toBe(2);
    expect(sweep("x", "--view").status).toBe(2);
  });

  it("run counts and seeds have stated limits: --runs past 1,000,000 and seeds past 2^32 − 1 are usage errors", () => {
    // A billion runs crashed Node natively (exit 133); seeds were reduced modulo 2^32, so
    // --seed 1 and --seed 4294967297 gave the same sweep.
    const many = sweep("x", "--runs", "1000000000");
    expect(many.status).toBe(2);
    expect(many.stderr).toContain("--runs must be a whole number from 1 to 1000000");
    expect(sweep("x", "--seed", "4294967297").status).toBe(2);
    expect(sweep("x", "--seed", "-1").status).toBe(2);
    const last = sweep("x", "--seed", "4294967294");
    expect(last.status).toBe(2);
    expect(last.stderr).toContain("seeds up to 4294967296");
  });

  it("a --vary naming a link the robot lacks is invalid input (exit 1), before any run", () => {
    writeFileSync(join(dir, "nolink.yaml"), "parameters:\n  mass:nope: { uniform: [1, 2] }\n");
    const r = runCliProcess([
      "sim",
      "mario",
      "--scenario",
      "paper",
      "--runs",
      "2",
      "--vary",
      join(dir, "nolink.yaml"),
      "--out",
      join(dir, "nolink"),
    ]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/nolink\.yaml: mass:nope: robot "mario" has no link "nope"/);
  });

  it("the shipped joystick scenario draws a drive per seed: rows differ across seeds, a seed replays alone", () => {
    const run = (out: string, runs: string, seed: string) =>
      runCliProcess([
        "sim",
        "mario",
        "--scenario",
        "joystick",
        "--duration",
        "2",
        "--runs",
        runs,
        "--seed",
        seed,
        "--jobs",
        "1",
        "--out",
        join(dir, out),
      ]);
    for (const [out, runs, seed] of [
      ["joy", "3", "1"],
      ["joy2", "1", "2"],
    ] as const) {
      const r = run(out, runs, seed);
      expect(r.stderr, out).toBe("");
      expect(r.status, out).toBe(0);
    }
    const rows = (out: string) =>
      (files(join(dir, out))["runs.csv"] ?? "")
        .trimEnd()
        .split("\n")
        .slice(1)
        .map((l) => l.split(","));
    const three = rows("joy");
    expect(three.map((r) => r[1])).toEqual(["1", "2", "3"]);
    // Without --vary only the seed changes between runs, and the drive it draws changes the metrics.
    const metrics = three.map((r) => r.slice(2).join(","));
    expect(new Set(metrics).size).toBe(3);
    expect(rows("joy2")[0]?.slice(1)).toEqual(three[1]?.slice(1));
  }, 600_000);
});
