// sweeps (robokit sim --runs/--vary/--jobs/--shard, robokit sim merge). The core is
// pure (src/sim/sweep); these tests check the parts that make a sweep trustworthy: draws are
// deterministic per seed and stay in their bounds, every run's row is the same whichever
// process runs it, and merging shards gives the unsharded files byte for byte.
import { readFileSync } from "node:fs";
import { join } from "node:path";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { applyVariation } from "../../src/sim/sweep/applyVariation.js";
import { mergeSweeps, type SweepPart } from "../../src/sim/sweep/mergeSweeps.js";
import { readSweepVariation } from "../../src/sim/sweep/readSweepVariation.js";
import { sampleVariation } from "../../src/sim/sweep/sampleVariation.js";
import { shardRuns, type SweepManifest } from "../../src/sim/sweep/SweepManifest.js";
import type { SweepRow } from "../../src/sim/sweep/SweepRow.js";
import { sweepStatistics } from "../../src/sim/sweep/sweepSummary.js";
import { formatSweepTable, parseSweepCsv, sweepCsv } from "../../src/sim/sweep/sweepTable.js";
import type { SweepVariation } from "../../src/sim/sweep/SweepVariation.js";
import { sha256, sweepArtifacts } from "../../src/cli/simSweep.js";
import { formatNumber } from "../../src/util/formatNumber.js";

const VARY = `parameters:
  mass:base_link: { uniform: [9, 11] }
  friction: { normal: { mean: 1, std: 0.2, min: 0.7, max: 1.3 } }
  wheelRadius: { uniform: [0.098, 0.102] }
  velocity:servo*: { uniform: [2.5, 3] }
  effort:motor*: { normal: { mean: 20, std: 2, min: 15, max: 25 } }
`;

function variation(text = VARY): SweepVariation {
  const r = readSweepVariation(text, "vary.yaml");
  expect(r.diagnostics).toEqual([]);
  return r.variation as SweepVariation;
}

describe("--vary files", () => {
  it("reads uniform and bounded normal distributions in file order", () => {
    const v = variation();
    expect(v.parameters.map((p) => p.name)).toEqual([
      "mass:base_link",
      "friction",
      "wheelRadius",
      "velocity:servo*",
      "effort:motor*",
    ]);
    expect(v.parameters[1]?.distribution).toEqual({ type: "normal", mean: 1, std: 0.2, min: 0.7, max: 1.3 });
  });

  it("reports bad entries at file:line:col with their JSON pointer", () => {
    const r = readSweepVariation(
      "parameters:\n  colour: { uniform: [1, 2] }\n  friction: { uniform: [2, 1] }\n  wheelRadius: { normal: { mean: 1, std: 0.1 } }\n",
      "v.yaml",
    );
    expect(r.variation).toBeUndefined();
    const where = r.diagnostics.map((d) => `${d.line}:${d.jsonPath}`);
    expect(where).toContain("2:/parameters/colour");
    expect(where).toContain("3:/parameters/friction/uniform");
    expect(where.some((w) => w.startsWith("4:/parameters/wheelRadius/normal"))).toBe(true);
  });

  it("refuses a uniform range wider than a double (its draws were infinite), and draws finite values from any it reads (property)", () => {
    const wide = readSweepVariation("parameters:\n  friction: { uniform: [-1e308, 1e308] }\n", "v.yaml");
    expect(wide.variation).toBeUndefined();
    expect(wide.diagnostics.map((d) => `${d.line}:${d.jsonPath}`)).toEqual(["2:/parameters/friction/uniform"]);
    const bound = fc.double({ noNaN: true, noDefaultInfinity: true });
    fc.assert(
      fc.property(bound, bound, fc.integer({ min: 0, max: 2 ** 32 - 1 }), (a, b, seed) => {
        const read = readSweepVariation(
          `parameters:\n  friction: { uniform: [${Math.min(a, b)}, ${Math.max(a, b)}] }\n`,
          "v.yaml",
        );
        if (read.variation === undefined) return;
        expect(sampleVariation(read.variation, seed).every(Number.isFinite)).toBe(true);
      }),
    );
  });

  it("draws are deterministic per seed, differ across seeds, and stay within their bounds (property)", () => {
    const v = variation();
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (seed) => {
        const a = sampleVariation(v, seed);
        expect(sampleVariation(v, seed)).toEqual(a);
        v.parameters.forEach((p, i) => {
          const x = a[i] as number;
          expect(x).toBeGreaterThanOrEqual(p.distribution.min);
          expect(x).toBeLessThanOrEqual(p.distribution.max);
        });
        expect(sampleVariation(v, seed + 1)).not.toEqual(a);
      }),
      { numRuns: 300 },
    );
  });

  it("a parameter's draws do not depend on the other parameters in the file", () => {
    const all = variation();
    const alone = variation("parameters:\n  friction: { normal: { mean: 1, std: 0.2, min: 0.7, max: 1.3 } }\n");
    for (const seed of [1, 2, 3, 42]) expect(sampleVariation(alone, seed)[0]).toBe(sampleVariation(all, seed)[1]);
  });

  it("normal draws have about the stated mean and spread", () => {
    const v = variation("parameters:\n  friction: { normal: { mean: 1, std: 0.1, min: 0, max: 2 } }\n");
    const xs = Array.from({ length: 4000 }, (_, s) => sampleVariation(v, s)[0] as number);
    const mean = xs.reduce((a, b) => a + b, 0) / xs.length;
    const std = Math.sqrt(xs.reduce((a, b) => a + (b - mean) ** 2, 0) / (xs.length - 1));
    expect(Math.abs(mean - 1)).toBeLessThan(0.01);
    expect(Math.abs(std - 0.1)).toBeLessThan(0.01);
  });

  it("applies the values to the plant model: mass (inertia scaled), friction, wheel radius, joint limits", () => {
    const v = variation();
    const plant = applyVariation(mario, v, [10, 0.8, 0.099, 2.75, 18]);
    const base = plant.links.find((l) => l.name === "base_link");
    const nominal = mario.links.find((l) => l.name === "base_link");
    expect(base?.inertial?.mass).toBe(10);
    expect(base?.inertial?.inertia.ixx).toBeCloseTo(
      ((nominal?.inertial?.inertia.ixx ?? 0) * 10) / (nominal?.inertial?.mass ?? 1),
      12,
    );
    const wheel = plant.links.find((l) => l.name === "link11");
    expect(wheel?.collisions?.[0]?.surface?.mu).toBe(0.8);
    expect(wheel?.collisions?.[0]?.geometry).toMatchObject({ radius: 0.099 });
    for (const j of plant.joints ?? []) {
      if (j.name.startsWith("servo") && j.type === "revolute") expect(j.limit.velocity).toBe(2.75);
      if (j.name.startsWith("motor") && j.type === "continuous") expect(j.limit?.effort).toBe(18);
    }
    // The nominal model is untouched.
    expect(mario.links.find((l) => l.name === "link11")?.collisions?.[0]?.surface?.mu).toBe(1);
  });

  it("the documented plant variation reads clean and spans MARIO's nominal mass, friction and wheel radius", () => {
    const file = join(import.meta.dirname, "..", "..", "examples", "mario", "plant-variation.yaml");
    const v = variation(readFileSync(file, "utf8"));
    expect(() => applyVariation(mario, v, sampleVariation(v, 1))).not.toThrow();
    const base = mario.links.find((l) => l.name === "base_link")?.inertial?.mass;
    const wheel = mario.links.find((l) => l.name === "link11")?.collisions?.[0];
    const value: Record<string, number | undefined> = {
      "mass:base_link": base,
      friction: wheel?.surface?.mu,
      wheelRadius: wheel?.geometry.type === "cylinder" ? wheel.geometry.radius : undefined,
    };
    for (const p of v.parameters) {
      const x = value[p.name];
      expect(x, p.name).toBeDefined();
      expect((x as number) >= p.distribution.min && (x as number) <= p.distribution.max, p.name).toBe(true);
    }
  });

  it("refuses names the robot lacks", () => {
    expect(() => applyVariation(mario, variation("parameters:\n  mass:nope: { uniform: [1, 2] }\n"), [1.5])).toThrow(
      /no link "nope"/,
    );
    expect(() =>
      applyVariation(robotino, variation("parameters:\n  velocity:servo*: { uniform: [1, 2] }\n"), [1.5]),
    ).toThrow(/no joint matching "servo\*"/);
  });
});

/**
 * Synthetic rows (the merge logic does not care how they were simulated); the runs in `failed`
 * are failed rows, with an error that needs CSV quoting.
 */
function rows(n: number, seedBase: number, failed: ReadonlySet<number> = new Set()): SweepRow[] {
  return Array.from({ length: n }, (_, run) =>
    failed.has(run)
      ? {
          run,
          seed: seedBase + run,
          values: [1 + run / 7],
          metricNames: ["a", "b"],
          metrics: [],
          error: `RangeError: run ${run}, "friction" must be ≥ 0`,
        }
      : {
          run,
          seed: seedBase + run,
          values: [1 + run / 7],
          metricNames: ["a", "b"],
          metrics: [Math.sin(run) * 3.3, run % 3 === 0 ? NaN : run / 3],
        },
  );
}

function manifest(
  runs: number,
  shard: { index: number; count: number },
  runIndices: number[],
  csv: string,
  over: Partial<SweepManifest> = {},
): SweepManifest {
  return {
    format: "robokit-sweep/1",
    robokitVersion: "0.0.0",
    robot: "mario",
    robotSha256: "r",
    scenario: "paper",
    scenarioSha256: "s",
    parameters: ["friction"],
    variationSha256: "v",
    seedBase: 5,
    runs,
    duration: null,
    rate: null,
    shard,
    runIndices,
    runsCsvSha256: sha256(csv),
    ...over,
  };
}

function shardParts(
  all: SweepRow[],
  count: number,
  over: (i: number) => Partial<SweepManifest> = () => ({}),
): SweepPart[] {
  return Array.from({ length: count }, (_, i) => {
    const idx = shardRuns(all.length, i, count);
    const csv = sweepCsv(
      ["friction"],
      all.filter((r) => idx.includes(r.run)),
    );
    return { name: `shard${i}`, manifest: manifest(all.length, { index: i, count }, idx, csv, over(i)), runsCsv: csv };
  });
}

describe("sharding and merging", () => {
  it("shards partition the runs: every index in exactly one shard (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 1, max: 40 }), (runs, count) => {
        const seen = Array.from({ length: count }, (_, i) => shardRuns(runs, i, count))
          .flat()
          .sort((a, b) => a - b);
        expect(seen).toEqual(Array.from({ length: runs }, (_, r) => r));
      }),
    );
  });

  it("merging any number of shards, in any order, gives the unsharded files byte for byte (property)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 1, max: 12 }),
        fc.integer(),
        fc.array(fc.boolean(), { minLength: 40, maxLength: 40 }),
        (n, count, shuffle, fails) => {
          const failed = new Set(fails.flatMap((f, run) => (f && run < n ? [run] : [])));
          const all = rows(n, 5, failed);
          const whole = sweepCsv(["friction"], all);
          const unsharded = sweepArtifacts(
            manifest(
              n,
              { index: 0, count: 1 },
              all.map((r) => r.run),
              whole,
            ),
            whole,
          );
          const parts = shardParts(all, count);
          // Rotate the order the folders are given in.
          const k = Math.abs(shuffle) % parts.length;
          const merged = mergeSweeps([...parts.slice(k), ...parts.slice(0, k)], sha256);
          expect(merged.ok).toBe(true);
          if (!merged.ok) return;
          expect(merged.runsCsv).toBe(whole);
          expect(sweepArtifacts(merged.manifest, merged.runsCsv, merged.table)).toEqual(unsharded);
          // The failed runs are listed, and their error column survives the merge.
          const json = JSON.parse(unsharded.find((a) => a.path === "summary.json")?.content ?? "") as {
            failedRuns: number[];
          };
          expect(json.failedRuns).toEqual([...failed].sort((a, b) => a - b));
          expect([...merged.table.errors.keys()].sort((a, b) => a - b)).toEqual(json.failedRuns);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("refuses a missing shard, a doubled shard, mismatched sweeps and edited files", () => {
    const all = rows(10, 5);
    const parts = shardParts(all, 3);
    const problems = (ps: SweepPart[]): string => {
      const m = mergeSweeps(ps, sha256);
      return m.ok ? "" : m.problems.join("\n");
    };
    expect(problems([parts[0] as SweepPart, parts[2] as SweepPart])).toMatch(/missing runs: 1, 4, 7/);
    expect(problems([...parts, parts[1] as SweepPart])).toMatch(/run 1 is in both shard1 and shard1/);
    for (const [key, value] of [
      ["robotSha256", "x"],
      ["scenarioSha256", "x"],
      ["variationSha256", null],
      ["robokitVersion", "9.9.9"],
      ["seedBase", 6],
      ["runs", 11],
    ] as const) {
      const odd = shardParts(all, 3, (i) => (i === 2 ? { [key]: value } : {}));
      expect(problems(odd), key).toMatch(new RegExp(`shard2: ${key} is`));
    }
    const edited = {
      ...(parts[1] as SweepPart),
      runsCsv: (parts[1] as SweepPart).runsCsv.replace(/\n$/, "\n1,6,1,0,0\n"),
    };
    expect(problems([parts[0] as SweepPart, edited, parts[2] as SweepPart])).toMatch(
      /shard1: runs.csv does not match its manifest's hash/,
    );
    expect(mergeSweeps([], sha256).ok).toBe(false);
  });
});

describe("failed runs in runs.csv and the summaries", () => {
  it("a failed row has empty metrics and its error, quoted, in the last column; read back byte for byte", () => {
    const csv = sweepCsv(["friction"], rows(4, 5, new Set([1, 3])));
    const lines = csv.trimEnd().split("\n");
    expect(lines[0]).toBe("run,seed,friction,a,b,error");
    expect(lines[1]?.endsWith(",")).toBe(true); // run 0 simulated: empty error
    expect(lines[2]).toBe(`1,6,${formatNumber(1 + 1 / 7)},,,"RangeError: run 1, ""friction"" must be ≥ 0"`);
    const table = parseSweepCsv(csv);
    expect(table.header).toEqual(["run", "seed", "friction", "a", "b"]);
    expect(table.errors).toEqual(
      new Map([
        [1, 'RangeError: run 1, "friction" must be ≥ 0'],
        [3, 'RangeError: run 3, "friction" must be ≥ 0'],
      ]),
    );
    expect(formatSweepTable(table)).toBe(csv);
    expect(() => parseSweepCsv(csv.replace('""friction""', '"friction"'))).toThrow(/line 3, column error/);
  });

  it("summaries count the runs that simulated and list the failed ones", () => {
    const csv = sweepCsv(["friction"], rows(5, 0, new Set([2, 4])));
    const m = manifest(5, { index: 0, count: 1 }, [0, 1, 2, 3, 4], csv);
    const files = Object.fromEntries(sweepArtifacts(m, csv).map((a) => [a.path, a.content]));
    const json = JSON.parse(files["summary.json"] ?? "") as {
      failedRuns: number[];
      columns: Record<string, { n: number }>;
    };
    expect(json.failedRuns).toEqual([2, 4]);
    expect(json.columns["a"]?.n).toBe(3); // runs 0, 1, 3
    expect(json.columns["friction"]?.n).toBe(5); // the draws of failed runs are known too
    expect(files["summary.md"]).toContain("\n2 runs failed: 2, 4.\n");
    const none = sweepCsv(["friction"], rows(2, 0));
    const clean = sweepArtifacts(manifest(2, { index: 0, count: 1 }, [0, 1], none), none);
    expect(clean.find((a) => a.path === "summary.md")?.content).not.toMatch(/failed/);
    expect(JSON.parse(clean.find((a) => a.path === "summary.json")?.content ?? "").failedRuns).toEqual([]);
  });
});

describe("sweep statistics", () => {
  it("mean, sample std, min and max per column over the finite values", () => {
    const t = parseSweepCsv(sweepCsv(["friction"], rows(7, 0)));
    const s = new Map(sweepStatistics(t).map((c) => [c.name, c.stats]));
    const b = [1, 2, 4, 5].map((r) => r / 3); // runs 0, 3, 6 have NaN
    const mean = b.reduce((x, y) => x + y, 0) / b.length;
    expect(s.get("b")?.n).toBe(4);
    expect(s.get("b")?.mean).toBeCloseTo(mean, 12);
    expect(s.get("b")?.std).toBeCloseTo(Math.sqrt(b.reduce((x, y) => x + (y - mean) ** 2, 0) / 3), 12);
    expect(s.get("b")?.min).toBeCloseTo(1 / 3, 12);
    expect(s.get("b")?.max).toBeCloseTo(5 / 3, 12);
  });

  it("a column whose runs all agree has exactly that mean and a std of 0", () => {
    // Robotino's rose has duration 31.42 s in every run; summed naively, 100 of them gave
    // "31.42 ± 4.285e-14". The mean lies within min and max for any column.
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 }),
        fc.integer({ min: 2, max: 200 }),
        (v, n) => {
          const table = { header: ["run", "seed", "x"], rows: Array.from({ length: n }, (_, r) => [r, r + 1, v]) };
          const [x] = sweepStatistics(table);
          expect(x?.stats.mean).toBe(v);
          expect(x?.stats.std).toBe(0);
        },
      ),
    );
    const [d] = sweepStatistics({
      header: ["run", "seed", "duration_s"],
      rows: Array.from({ length: 100 }, (_, r) => [r, r + 1, 31.42]),
    });
    expect(d?.stats.std).toBe(0);
    fc.assert(
      fc.property(fc.array(fc.double({ noNaN: true, min: -1e9, max: 1e9 }), { minLength: 1, maxLength: 50 }), (xs) => {
        const [x] = sweepStatistics({ header: ["run", "seed", "x"], rows: xs.map((v, r) => [r, r + 1, v]) });
        expect(x?.stats.mean).toBeGreaterThanOrEqual(Math.min(...xs));
        expect(x?.stats.mean).toBeLessThanOrEqual(Math.max(...xs));
      }),
    );
  });
});
