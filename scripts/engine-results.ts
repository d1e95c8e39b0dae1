// Runs the shipped scenarios in MuJoCo (the MJCF) and in DART through ignition-physics 5
// (the SDF), and prints the "Two physics engines" table of docs/simulation.md. Needs g++ and
// libignition-physics-dev with the dartsim plugin (see .ci/run).
// Usage: npx tsx scripts/engine-results.ts
import { mario } from "../examples/mario/mario.js";
import { robotino } from "../examples/robotino/robotino.js";
import type { Robot } from "../src/model/Robot.js";
import { loadMujoco } from "../src/sim/mujoco/loadMujoco.js";
import { compareEngines, shippedScenario, type EngineComparison } from "../test/dart/compareEngines.js";
import { buildDartHarness, dartUnavailable } from "../test/dart/DartSession.js";

const why = dartUnavailable();
if (why !== undefined) throw new Error(`cannot run DART here: ${why}`);
const mujoco = await loadMujoco();
const harness = buildDartHarness();
const runs: readonly [Robot, string][] = [
  [mario, "paper"],
  [robotino, "rose"],
];

const pct = (x: number): string => `${(100 * x).toFixed(1)} %`;
const f3 = (x: number): string => x.toFixed(3);

function rows(name: string, c: EngineComparison): string[] {
  const turns = c.command.omega > 0.05;
  // An axis the scenario hardly commands (the rose's vy is feedback only) has no meaningful percentage.
  const e = (m: EngineComparison["mujoco"], a: "vx" | "vy" | "omega"): string =>
    c.commandAxes[a] < 0.05
      ? "–"
      : `${m.velocityError[a].truth.toFixed(2)} / ${m.velocityError[a].odometry.toFixed(2)}`;
  const line = (engine: string, m: EngineComparison["mujoco"], t: EngineComparison["tracking"]["mujoco"]): string =>
    `| ${name} | ${engine} | ${pct(t.translation / c.command.translation)} | ${turns ? pct(t.omega / c.command.omega) : "–"} | ${e(m, "vx")} | ${e(m, "vy")} | ${e(m, "omega")} | ${f3(m.drift.position)} m, ${f3(Math.abs(m.drift.heading))} rad |${m.pathDeviation === undefined ? " – |" : ` ${f3(m.pathDeviation.rmsPosition)} m |`}`;
  return [
    line("MuJoCo (MJCF)", c.mujoco, c.tracking.mujoco),
    line("DART (SDF)", c.dart, c.tracking.dart),
    `| ${name} | difference | ${pct(c.difference.translation / c.command.translation)} | ${turns ? pct(c.difference.omega / c.command.omega) : "–"} | paths ≤ ${f3(c.maxPathGap)} m apart (${pct(c.maxPathGap / c.mujoco.distance)} of ${c.mujoco.distance.toFixed(2)} m), headings ≤ ${f3(c.maxHeadingGap)} rad ||||`,
  ];
}

const out = [
  "| run | engine | twist error, translation | twist error, yaw | vx error % truth / odometry | vy | θ̇ | odometry drift | RMS path deviation |",
  "|---|---|---|---|---|---|---|---|---|",
];
for (const [robot, scenario] of runs) {
  const started = performance.now();
  const c = compareEngines(mujoco, harness, robot, shippedScenario(robot.name, scenario));
  out.push(...rows(`${robot.name} ${scenario}`, c));
  process.stderr.write(`${robot.name} ${scenario}: ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}
console.log(out.join("\n"));
