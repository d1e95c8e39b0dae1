// one run of a sweep that throws must not lose the others. A friction range that
// reaches below 0 makes applyVariation refuse the plant for exactly the seeds that draw a
// negative μ (a real check, per run: the range itself is valid). Those runs become failed rows,
// the same on one thread and on worker threads; a worker thread that itself dies still ends
// the sweep.
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { runSweepRuns } from "../../src/cli/simSweep.js";
import { sweepProgressLine } from "../../src/cli/sweepProgressLine.js";
import { loadMujoco } from "../../src/sim/mujoco/loadMujoco.js";
import { readScenario } from "../../src/sim/readScenario.js";
import type { Scenario } from "../../src/sim/Scenario.js";
import { readSweepVariation } from "../../src/sim/sweep/readSweepVariation.js";
import { runSweepRun, type SweepSpec } from "../../src/sim/sweep/runSweepRun.js";
import { sampleVariation } from "../../src/sim/sweep/sampleVariation.js";
import { sweepMetricNames } from "../../src/sim/sweep/sweepMetricNames.js";
import type { SweepVariation } from "../../src/sim/sweep/SweepVariation.js";

const root = join(import.meta.dirname, "..", "..");
const workerUrl = new URL("../../src/cli/commands/simWorker.ts", import.meta.url);

function scenario(robot: string, name: string): Scenario {
  const file = join(root, "scenarios", robot, `${name}.yaml`);
  const r = readScenario(readFileSync(file, "utf8"), file);
  expect(r.diagnostics).toEqual([]);
  return r.scenario as Scenario;
}

const variation = readSweepVariation("parameters:\n  friction: { uniform: [-0.5, 1.5] }\n", "vary.yaml")
  .variation as SweepVariation;
const spec: SweepSpec = {
  robot: mario,
  scenario: scenario("mario", "paper"),
  variation,
  seedBase: 3,
  runs: 6,
  duration: 0.2,
};
const runs = [0, 1, 2, 3, 4, 5];
/** The runs whose draw of μ is negative: applyVariation refuses their plant. */
const bad = runs.filter((r) => (sampleVariation(variation, spec.seedBase + r)[0] as number) < 0);

describe("failed runs of a sweep", () => {
  it("the chosen seeds give both good and failing runs", () => {
    expect(bad.length).toBeGreaterThan(0);
    expect(bad.length).toBeLessThan(runs.length);
  });

  it("a run that throws is a failed row, and the sweep goes on; --jobs 1 and 2 give the same rows", async () => {
    const progress: [number, number][] = [];
    const one = await runSweepRuns(spec, runs, 1, workerUrl, (done, failed) => progress.push([done, failed]));
    const two = await runSweepRuns(spec, runs, 2, workerUrl, () => {});
    expect(two).toEqual(one);
    expect(one.map((r) => r.run)).toEqual(runs);
    expect(one.filter((r) => r.error !== undefined).map((r) => r.run)).toEqual(bad);
    for (const r of one) {
      expect(r.metricNames).toEqual(sweepMetricNames(spec.scenario));
      if (bad.includes(r.run)) {
        expect(r.error).toMatch(/^RangeError: friction: a friction coefficient must be ≥ 0, got -/);
        expect(r.metrics).toEqual([]);
        expect(r.values).toEqual(sampleVariation(variation, r.seed));
      } else {
        expect(r.error).toBeUndefined();
        expect(r.metrics).toHaveLength(r.metricNames.length);
      }
    }
    // In-thread, progress counts every run and the failures so far.
    expect(progress.map(([d]) => d)).toEqual([1, 2, 3, 4, 5, 6]);
    expect(progress.map(([, f]) => f)).toEqual(runs.map((r) => bad.filter((b) => b <= r).length));
  }, 300_000);

  it("a worker thread that itself fails ends the sweep with an error (not a failed row)", async () => {
    const missing = new URL("../../src/cli/commands/noSuchWorker.ts", import.meta.url);
    await expect(runSweepRuns(spec, runs, 2, missing, () => {})).rejects.toThrow();
  }, 120_000);

  it("a failed row names the metric columns a run of that scenario has (path scenarios too)", async () => {
    const mujoco = await loadMujoco();
    for (const [robot, s] of [
      [mario, scenario("mario", "paper")],
      [robotino, scenario("robotino", "rose")],
    ] as const) {
      const row = runSweepRun(mujoco, { robot, scenario: s, seedBase: 1, runs: 1, duration: 0.1 }, 0);
      expect(sweepMetricNames(s), s.name).toEqual(row.metricNames);
    }
    expect(sweepMetricNames(scenario("robotino", "rose"))).toContain("path_rms_m");
  }, 120_000);
});

describe("the progress line", () => {
  it("shows runs done, failures, elapsed time and, between the first and the last run, time left", () => {
    // 42 s / 37 runs × 63 runs left = 71.5 s.
    expect(sweepProgressLine(37, 100, 1, 42)).toBe("robokit sim: 37 / 100 runs, 1 failed, 42 s, ~72 s left");
    expect(sweepProgressLine(0, 100, 0, 0.4)).toBe("robokit sim: 0 / 100 runs, 0 failed, 0 s");
    expect(sweepProgressLine(100, 100, 3, 119.6)).toBe("robokit sim: 100 / 100 runs, 3 failed, 120 s");
    expect(sweepProgressLine(1, 4, 0, 2.5)).toBe("robokit sim: 1 / 4 runs, 0 failed, 3 s, ~8 s left");
  });
});
