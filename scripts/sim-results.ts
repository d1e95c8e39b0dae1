// Runs the shipped simulation scenarios (MARIO paper, Robotino rose) and writes the figures
// the README shows to docs/sim/<robot>-<scenario>/, then prints the README result tables.
// Usage: npx tsx scripts/sim-results.ts   (the README numbers are pasted from its output)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { mario } from "../examples/mario/mario.js";
import { robotino } from "../examples/robotino/robotino.js";
import type { Robot } from "../src/model/Robot.js";
import { loadMujoco } from "../src/sim/mujoco/loadMujoco.js";
import { readScenario } from "../src/sim/readScenario.js";
import { runSimulation } from "../src/sim/runSimulation.js";
import { simulationMetrics } from "../src/sim/simulationMetrics.js";
import { simulationPlots } from "../src/sim/simulationPlots.js";
import { simulationSummary, type SeedComparison } from "../src/sim/simulationSummary.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const runs: readonly { robot: Robot; scenario: string; comparison: SeedComparison }[] = [
  { robot: mario, scenario: "paper", comparison: "mario-table-1" },
  { robot: robotino, scenario: "rose", comparison: "robotino-rose" },
];

const mujoco = await loadMujoco();
for (const run of runs) {
  const file = join(root, "scenarios", run.robot.name, `${run.scenario}.yaml`);
  const { scenario, diagnostics } = readScenario(readFileSync(file, "utf8"), file);
  if (scenario === undefined) throw new Error(diagnostics.map((d) => d.message).join("\n"));
  const trace = runSimulation(run.robot, scenario, { mujoco, seed: 1 });
  const metrics = simulationMetrics(trace, scenario.settleTime ?? 0);
  const out = join(root, "docs", "sim", `${run.robot.name}-${scenario.name}`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const a of simulationPlots(trace, { robot: run.robot.name, scenario: scenario.name })) writeFileSync(join(out, a.path), a.content);
  console.log(`### ${run.robot.name} --scenario ${scenario.name} (seed 1)\n`);
  console.log(simulationSummary(metrics, run.comparison));
}
