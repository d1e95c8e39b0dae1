// Real-time factor (simulated seconds per wall second) of `robokit sim` for every shipped
// scenario, and memory: MuJoCo's model and data allocations and the process's peak RSS.
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { mario } from "../examples/mario/mario.js";
import { robotino } from "../examples/robotino/robotino.js";
import type { Robot } from "../src/model/Robot.js";
import { emitMjcf } from "../src/emit/mjcf/emitMjcf.js";
import { loadMujoco } from "../src/sim/mujoco/loadMujoco.js";
import { MujocoSession } from "../src/sim/mujoco/MujocoSession.js";
import { readScenario } from "../src/sim/readScenario.js";
import { runSimulation } from "../src/sim/runSimulation.js";
import { scenarioDuration } from "../src/sim/scenarioDuration.js";
import { median } from "./support/median.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const robots: Readonly<Record<string, Robot>> = { mario, robotino };
const REPEATS = 3;

/** Runs every shipped scenario REPEATS times and prints a markdown table. */
export async function runBench(): Promise<void> {
  const t0 = performance.now();
  const mujoco = await loadMujoco();
  const loadMs = performance.now() - t0;
  console.log(
    `MuJoCo WebAssembly module instantiated in ${loadMs.toFixed(0)} ms (once per process). Median of ${REPEATS} runs; Node ${process.version}.\n`,
  );
  console.log(
    "| robot | scenario | simulated (s) | wall (s) | real-time factor | physics steps / s | control ticks / s | MuJoCo model + data (MiB) | peak RSS (MiB) |",
  );
  console.log("|---|---|---:|---:|---:|---:|---:|---:|---:|");
  for (const robotName of readdirSync(join(root, "scenarios")).sort()) {
    const robot = robots[robotName];
    if (robot === undefined) continue;
    for (const file of readdirSync(join(root, "scenarios", robotName))
      .filter((f) => f.endsWith(".yaml"))
      .sort()) {
      const { scenario } = readScenario(readFileSync(join(root, "scenarios", robotName, file), "utf8"), file);
      if (scenario === undefined) throw new Error(`${file} does not parse`);
      const duration = scenarioDuration(scenario);
      const walls: number[] = [];
      let ticks = 0;
      for (let r = 0; r < REPEATS; r++) {
        globalThis.gc?.();
        const start = performance.now();
        const trace = runSimulation(robot, scenario, { mujoco });
        walls.push((performance.now() - start) / 1000);
        ticks = trace.rows;
      }
      const wall = median(walls);
      const steps = duration / 0.002;
      const session = MujocoSession.open(mujoco, emitMjcf(robot), robot.name);
      const bytes = session.memoryBytes;
      session.dispose();
      const rss = process.resourceUsage().maxRSS / 1024;
      console.log(
        `| ${robot.name} | ${scenario.name} | ${duration.toFixed(1)} | ${wall.toFixed(2)} | ${(duration / wall).toFixed(1)} | ${(steps / wall).toFixed(0)} | ${(ticks / wall).toFixed(0)} | ${(bytes.model / 2 ** 20).toFixed(2)} + ${(bytes.data / 2 ** 20).toFixed(1)} | ${rss.toFixed(0)} |`,
      );
    }
  }
}
