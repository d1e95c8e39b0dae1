// The single generator of the simulation figures of docs/simulation.md: runs the shipped
// scenarios (MARIO paper drive, Robotino rose) and writes their plots to
// docs/sim/<robot>-<scenario>/, then compares command profiles over several seeds, switches
// off one effect at a time, and measures the contact-stiffness sensitivity. Prints the
// tables of docs/simulation.md (markdown) to stdout; progress on stderr.
// Usage: npx tsx scripts/sim-results.ts        (about 2 min of CPU; 19 min wall on a loaded 2-core machine)
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { mario } from "../examples/mario/mario.js";
import { robotino } from "../examples/robotino/robotino.js";
import { emitMjcf } from "../src/emit/mjcf/emitMjcf.js";
import type { Joint } from "../src/model/Joint.js";
import type { Robot } from "../src/model/Robot.js";
import { loadMujoco } from "../src/sim/mujoco/loadMujoco.js";
import { readScenario } from "../src/sim/readScenario.js";
import { runSimulation } from "../src/sim/runSimulation.js";
import type { Scenario } from "../src/sim/Scenario.js";
import type { SimulationTrace } from "../src/sim/SimulationTrace.js";
import { simulationMetrics, type SimulationMetrics } from "../src/sim/simulationMetrics.js";
import { simulationPlots } from "../src/sim/simulationPlots.js";
import { simulationSummary } from "../src/sim/simulationSummary.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const mujoco = await loadMujoco();
const SEEDS = [1, 2, 3] as const;
const f = (x: number, d = 2) => x.toFixed(d);

function shipped(robot: string, name: string): Scenario {
  const file = join(root, "scenarios", robot, `${name}.yaml`);
  const { scenario, diagnostics } = readScenario(readFileSync(file, "utf8"), file);
  if (scenario === undefined) throw new Error(diagnostics.map((d) => d.message).join("\n"));
  return scenario;
}

interface Run {
  readonly m: SimulationMetrics;
  /** Share (%) of each axis's odometry error numerator from ticks whose command has been constant ≥ 1 s. */
  readonly steady: { vx: number; vy: number; omega: number };
}

function run(
  label: string,
  robot: Robot,
  scenario: Scenario,
  seed: number,
  extra: { mjcf?: string; alignTolerance?: number } = {},
): Run {
  const t0 = Date.now();
  const trace = runSimulation(robot, scenario, { mujoco, seed, ...extra });
  process.stderr.write(`${label} (seed ${seed}): ${((Date.now() - t0) / 1000).toFixed(0)} s\n`);
  return { m: simulationMetrics(trace, scenario.settleTime ?? 0), steady: steadyShare(trace) };
}

function steadyShare(trace: SimulationTrace): { vx: number; vy: number; omega: number } {
  const hold = Math.round(1 / trace.dt);
  const share = (axis: "vx" | "vy" | "omega"): number => {
    const c = trace.command[axis];
    const o = trace.odomTwist[axis];
    let all = 0;
    let steady = 0;
    for (let k = 0; k < trace.rows; k++) {
      const e = Math.abs((o[k] as number) - (c[k] as number));
      all += e;
      let constant = k >= hold;
      for (let j = 1; constant && j <= hold; j++) {
        if (
          trace.command.vx[k - j] !== trace.command.vx[k] ||
          trace.command.vy[k - j] !== trace.command.vy[k] ||
          trace.command.omega[k - j] !== trace.command.omega[k]
        )
          constant = false;
      }
      if (constant) steady += e;
    }
    return all > 0 ? (100 * steady) / all : 0;
  };
  return { vx: share("vx"), vy: share("vy"), omega: share("omega") };
}

const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const sd = (xs: readonly number[]) =>
  xs.length < 2 ? 0 : Math.sqrt(xs.reduce((a, b) => a + (b - mean(xs)) ** 2, 0) / (xs.length - 1));
const ms = (xs: readonly number[], d = 2) =>
  xs.length < 2 ? f(xs[0] as number, d) : `${f(mean(xs), d)} ± ${f(sd(xs), d)}`;

// ---- 1. The shipped scenarios, seed 1: figures and summaries ------------------------------
const paper = shipped("mario", "paper");
const rose = shipped("robotino", "rose");
for (const [robot, scenario, comparison] of [
  [mario, paper, "mario-table-1"],
  [robotino, rose, "robotino-rose"],
] as const) {
  const trace = runSimulation(robot, scenario, { mujoco, seed: 1 });
  const out = join(root, "docs", "sim", `${robot.name}-${scenario.name}`);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });
  for (const a of simulationPlots(trace, { robot: robot.name, scenario: scenario.name }))
    writeFileSync(join(out, a.path), a.content);
  console.log(`### ${robot.name} --scenario ${scenario.name} (seed 1)\n`);
  console.log(simulationSummary(simulationMetrics(trace, scenario.settleTime ?? 0), comparison));
}

// ---- 2. MARIO: command profiles over seeds -----------------------------------------------
// joystick-like: the shipped scenarios/mario/joystick.yaml (2 s holds, 0.25 s ramps, no
// stops), drawn per seed. paper-like: Sharifi et al. 2018, §4.1 played back a recorded joystick drive
// covering every combination of v_x, v_y and θ̇; it gives no durations, ramps or speeds.
// Assumed: the stick released to centre between moves (0.5 s ramps, 0.5 s stops), holds of
// 3–6 s, the joystick scenario's speeds, 100 s, odometry twists unfiltered at 100 Hz.
// long holds: the drift over longer straight and turning stretches (10–15 s holds, 1 s
// ramps, stops, 150 s), where a short profile's drift figure says little. Every generated
// profile is drawn from the run's seed (profileForRun).
const joystick = shipped("mario", "joystick");
if (joystick.profile.type !== "joystick") throw new Error("scenarios/mario/joystick.yaml is not a joystick profile");
const stick = joystick.profile;
const paperLike: Scenario = {
  name: "paper-like",
  rate: 100,
  profile: { ...stick, duration: 100, hold: [3, 6], ramp: 0.5, stops: true },
};
const longHolds: Scenario = {
  name: "long-holds",
  rate: 100,
  profile: { ...stick, duration: 150, hold: [10, 15], ramp: 1, stops: true },
};

const profiles: { name: string; runs: Run[] }[] = [
  {
    name: "shipped `paper` (7 s holds, 1 s ramps, stops; deterministic, so one run)",
    runs: [run("paper", mario, paper, 1)],
  },
  {
    name: "paper-like (3–6 s holds, 0.5 s ramps, stops; seeds 1–3)",
    runs: SEEDS.map((s) => run("paper-like", mario, paperLike, s)),
  },
  {
    name: "joystick-like (`joystick` scenario: 2 s holds, 0.25 s ramps; seeds 1–3)",
    runs: SEEDS.map((s) => run("joystick", mario, joystick, s)),
  },
  {
    name: "long holds (10–15 s holds, 1 s ramps, stops, 150 s; seeds 1–3)",
    runs: SEEDS.map((s) => run("long-holds", mario, longHolds, s)),
  },
];
console.log("### MARIO: command profiles (mean ± sd over seeds)\n");
console.log(
  "| profile | v_x % | v_y % | θ̇ % | v_x / v_y / θ̇ % from steady ticks | path m | drift m | drift % of path | heading drift rad |",
);
console.log("|---|---|---|---|---|---|---|---|---|");
for (const p of profiles) {
  const e = (a: "vx" | "vy" | "omega") => ms(p.runs.map((r) => r.m.velocityError[a].odometry));
  const st = (["vx", "vy", "omega"] as const).map((a) => f(mean(p.runs.map((r) => r.steady[a])), 0)).join(" / ");
  console.log(
    `| ${p.name} | ${e("vx")} | ${e("vy")} | ${e("omega")} | ${st} | ${ms(p.runs.map((r) => r.m.distance))} | ${ms(
      p.runs.map((r) => r.m.drift.position),
      3,
    )} | ${ms(p.runs.map((r) => (100 * r.m.drift.position) / r.m.distance))} | ${ms(
      p.runs.map((r) => r.m.drift.heading),
      3,
    )} |`,
  );
}
console.log("");

// ---- 3. One effect at a time (joystick-like seed 1 and the shipped paper drive) -----------
const withJoints = (robot: Robot, edit: (j: Joint) => Joint): Robot => ({
  ...robot,
  joints: (robot.joints ?? []).map(edit),
});
const noSteerLimit = withJoints(mario, (j) =>
  j.name.startsWith("servo") && j.type === "revolute" ? { ...j, limit: { ...j.limit, velocity: 100 } } : j,
);
const noIntegral = withJoints(mario, (j) =>
  j.actuator?.pid === undefined
    ? j
    : { ...j, actuator: { ...j.actuator, pid: { p: j.actuator.pid.p, d: j.actuator.pid.d ?? 0 } } },
);
const softContact = emitMjcf(mario).replace('solref="0.004 1"', 'solref="0.02 1"');
const variants: { name: string; go: (s: Scenario) => Run }[] = [
  { name: "as shipped", go: (s) => run(`${s.name} as shipped`, mario, s, 1) },
  { name: "no steering rate limit (servo 100 rad/s)", go: (s) => run(`${s.name} no steer limit`, noSteerLimit, s, 1) },
  { name: "no integral action (P-only servos)", go: (s) => run(`${s.name} no integral`, noIntegral, s, 1) },
  {
    name: "no waiting for the servos (cosine scaling only)",
    go: (s) => run(`${s.name} no wait`, mario, s, 1, { alignTolerance: Infinity }),
  },
  {
    name: "neither rate limit nor waiting (the earlier controller)",
    go: (s) => run(`${s.name} no limit no wait`, noSteerLimit, s, 1, { alignTolerance: Infinity }),
  },
  {
    name: "soft contact (solref 20 ms, MuJoCo's default)",
    go: (s) => run(`${s.name} soft contact`, mario, s, 1, { mjcf: softContact }),
  },
  {
    name: "odometry heading from the noisy gyro (model's noise)",
    go: (s) => run(`${s.name} gyro heading`, mario, { ...s, heading: "gyro" }, 1),
  },
];
for (const [label, scenario] of [
  ["joystick-like, seed 1", joystick],
  ["shipped paper", paper],
] as const) {
  console.log(`### MARIO ${label}: one effect at a time\n`);
  console.log("| variant | v_x % | v_y % | θ̇ % | drift m | heading drift rad |");
  console.log("|---|---|---|---|---|---|");
  for (const v of variants) {
    if (label === "shipped paper" && v.name === "as shipped") {
      const r = (profiles[0] as { runs: Run[] }).runs[0] as Run;
      console.log(
        `| ${v.name} | ${f(r.m.velocityError.vx.odometry)} | ${f(r.m.velocityError.vy.odometry)} | ${f(r.m.velocityError.omega.odometry)} | ${f(r.m.drift.position, 3)} | ${f(r.m.drift.heading, 3)} |`,
      );
      continue;
    }
    const r = v.go(scenario);
    console.log(
      `| ${v.name} | ${f(r.m.velocityError.vx.odometry)} | ${f(r.m.velocityError.vy.odometry)} | ${f(r.m.velocityError.omega.odometry)} | ${f(r.m.drift.position, 3)} | ${f(r.m.drift.heading, 3)} |`,
    );
  }
  console.log("");
}

// ---- 4. Robotino rose: deviation from t = 0 and after the 2 s settle; contact sensitivity --
console.log("### Robotino rose: deviation from the reference and contact stiffness\n");
console.log(
  "| contact solref | max \\|X − X_ref\\| from t = 0 m | after 2 s m | max \\|Y − Y_ref\\| m | max \\|φ − φ_ref\\| rad | RMS m | drift m |",
);
console.log("|---|---|---|---|---|---|---|");
for (const ms2 of [4, 10, 20]) {
  const mjcf = ms2 === 4 ? undefined : emitMjcf(robotino).replace('solref="0.004 1"', `solref="${ms2 / 1000} 1"`);
  const trace = runSimulation(robotino, rose, { mujoco, seed: 1, ...(mjcf === undefined ? {} : { mjcf }) });
  const all = simulationMetrics(trace, 0).pathDeviation;
  const settled = simulationMetrics(trace, 2);
  const d = settled.pathDeviation;
  if (all === undefined || d === undefined) throw new Error("rose has a reference path");
  console.log(
    `| ${ms2} ms${ms2 === 4 ? " (shipped)" : ms2 === 20 ? " (MuJoCo default)" : ""} | ${f(all.maxX, 3)} | ${f(d.maxX, 3)} | ${f(all.maxY, 3)} | ${f(all.maxTheta, 3)} | ${f(all.rmsPosition, 3)} | ${f(settled.drift.position, 3)} |`,
  );
}
