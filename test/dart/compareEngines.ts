import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import type { MainModule } from "mujoco-js";

import type { Robot } from "../../src/model/Robot.js";
import { wheelLayout } from "../../src/model/wheelLayout.js";
import { readScenario } from "../../src/sim/readScenario.js";
import { runSimulation, runSimulationOn } from "../../src/sim/runSimulation.js";
import { simulationMetrics, type SimulationMetrics } from "../../src/sim/simulationMetrics.js";
import { wrapAngle } from "../../src/util/wrapAngle.js";
import type { Scenario } from "../../src/sim/Scenario.js";
import type { SimulationTrace } from "../../src/sim/SimulationTrace.js";
import { DartSession } from "./DartSession.js";
import { dartWorld } from "./dartWorld.js";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");

/** A shipped scenario (scenarios/<robot>/<name>.yaml). */
export function shippedScenario(robot: string, name: string): Scenario {
  const file = join(repo, "scenarios", robot, `${name}.yaml`);
  const read = readScenario(readFileSync(file, "utf8"), file);
  if (read.scenario === undefined) throw new Error(`${file} is not a valid scenario`);
  return read.scenario;
}

/** Runs robokit's closed loop on the robot's generated SDF in DART. */
export function runOnDart(
  harness: string,
  robot: Robot,
  scenario: Scenario,
  options: { readonly duration?: number; readonly seed?: number } = {},
): SimulationTrace {
  const world = dartWorld(robot);
  const session = new DartSession(harness, world.sdf, robot, wheelLayout(robot).baseLink, world.timestep);
  try {
    return runSimulationOn(session, robot, scenario, options);
  } finally {
    session.dispose();
  }
}

/** How two engines' runs of one scenario compare. */
export interface EngineComparison {
  /** Each engine's figures of merit (Sharifi et al. 2018, Table 1 errors, drift, path deviation). */
  readonly mujoco: SimulationMetrics;
  readonly dart: SimulationMetrics;
  /** RMS of each engine's true planar speed error |v − v_cmd| (m/s) and yaw-rate error (rad/s). */
  readonly tracking: { readonly mujoco: PlanarFigures; readonly dart: PlanarFigures };
  /** RMS of the difference between the engines' true body twists. */
  readonly difference: PlanarFigures;
  /** RMS of the command (the scale the figures above are read against). */
  readonly command: PlanarFigures;
  /** RMS of the command per axis (m/s, m/s, rad/s). */
  readonly commandAxes: { readonly vx: number; readonly vy: number; readonly omega: number };
  /** Largest distance (m) and heading difference (rad) between the two true paths. */
  readonly maxPathGap: number;
  readonly maxHeadingGap: number;
}

/** A planar twist figure: translation (m/s, the norm of vx, vy) and yaw rate (rad/s). */
export interface PlanarFigures {
  readonly translation: number;
  readonly omega: number;
}

function rms(rows: number, f: (k: number) => number): number {
  let s = 0;
  for (let k = 0; k < rows; k++) s += f(k) ** 2;
  return Math.sqrt(s / rows);
}

function planarRms(
  rows: number,
  dvx: (k: number) => number,
  dvy: (k: number) => number,
  dw: (k: number) => number,
): PlanarFigures {
  let t = 0;
  let w = 0;
  for (let k = 0; k < rows; k++) {
    t += dvx(k) ** 2 + dvy(k) ** 2;
    w += dw(k) ** 2;
  }
  return { translation: Math.sqrt(t / rows), omega: Math.sqrt(w / rows) };
}

function trackingOf(trace: SimulationTrace, rows: number): PlanarFigures {
  const { trueTwist: v, command: c } = trace;
  return planarRms(
    rows,
    (k) => (v.vx[k] as number) - (c.vx[k] as number),
    (k) => (v.vy[k] as number) - (c.vy[k] as number),
    (k) => (v.omega[k] as number) - (c.omega[k] as number),
  );
}

/** Compares two runs of the same scenario (same rate; the shorter length is used). */
export function compareTraces(mujoco: SimulationTrace, dart: SimulationTrace, settleTime = 0): EngineComparison {
  const rows = Math.min(mujoco.rows, dart.rows);
  const a = mujoco.trueTwist;
  const b = dart.trueTwist;
  let maxPathGap = 0;
  let maxHeadingGap = 0;
  for (let k = 0; k < rows; k++) {
    maxPathGap = Math.max(
      maxPathGap,
      Math.hypot(
        (mujoco.truePose.x[k] as number) - (dart.truePose.x[k] as number),
        (mujoco.truePose.y[k] as number) - (dart.truePose.y[k] as number),
      ),
    );
    maxHeadingGap = Math.max(
      maxHeadingGap,
      Math.abs(wrapAngle((mujoco.truePose.theta[k] as number) - (dart.truePose.theta[k] as number))),
    );
  }
  const c = mujoco.command;
  return {
    mujoco: simulationMetrics(mujoco, settleTime),
    dart: simulationMetrics(dart, settleTime),
    tracking: { mujoco: trackingOf(mujoco, rows), dart: trackingOf(dart, rows) },
    difference: planarRms(
      rows,
      (k) => (a.vx[k] as number) - (b.vx[k] as number),
      (k) => (a.vy[k] as number) - (b.vy[k] as number),
      (k) => (a.omega[k] as number) - (b.omega[k] as number),
    ),
    command: planarRms(
      rows,
      (k) => c.vx[k] as number,
      (k) => c.vy[k] as number,
      (k) => c.omega[k] as number,
    ),
    commandAxes: {
      vx: rms(rows, (k) => c.vx[k] as number),
      vy: rms(rows, (k) => c.vy[k] as number),
      omega: rms(rows, (k) => c.omega[k] as number),
    },
    maxPathGap,
    maxHeadingGap,
  };
}

/** Runs a scenario in MuJoCo and in DART and compares the two. */
export function compareEngines(
  mujoco: MainModule,
  harness: string,
  robot: Robot,
  scenario: Scenario,
  options: { readonly duration?: number; readonly dartRobot?: Robot } = {},
): EngineComparison {
  const duration = options.duration === undefined ? {} : { duration: options.duration };
  const a = runSimulation(robot, scenario, { mujoco, ...duration });
  const b = runOnDart(harness, options.dartRobot ?? robot, scenario, duration);
  return compareTraces(a, b, scenario.settleTime ?? 0);
}
