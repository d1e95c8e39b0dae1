import type { MainModule } from "mujoco-js";

import type { Robot } from "../../src/model/Robot.js";
import { runSimulation } from "../../src/sim/runSimulation.js";
import type { SimulationTrace } from "../../src/sim/SimulationTrace.js";

/** A constant body-twist command (m/s, m/s, rad/s). */
export interface Twist {
  readonly vx?: number;
  readonly vy?: number;
  readonly omega?: number;
}

/** Mean true body twist after the settling time, and the run. */
export interface SettledTwist {
  readonly vx: number;
  readonly vy: number;
  readonly omega: number;
  readonly trace: SimulationTrace;
}

/** Drives `robot` with a constant command for `duration` s and averages the true twist after `settle` s. */
export function settledTwist(
  mujoco: MainModule,
  robot: Robot,
  command: Twist,
  duration: number,
  settle: number,
): SettledTwist {
  const trace = runSimulation(
    robot,
    { name: "constant", profile: { type: "commands", interpolation: "hold", points: [{ t: 0, ...command }] } },
    { mujoco, duration, seed: 7 },
  );
  let n = 0;
  let vx = 0;
  let vy = 0;
  let omega = 0;
  for (let k = 0; k < trace.rows; k++) {
    if ((trace.time[k] as number) < settle) continue;
    vx += trace.trueTwist.vx[k] as number;
    vy += trace.trueTwist.vy[k] as number;
    omega += trace.trueTwist.omega[k] as number;
    n++;
  }
  return { vx: vx / n, vy: vy / n, omega: omega / n, trace };
}

/**
 * The closed-loop acceptance check of a steered base: after settling, each commanded
 * translation axis within `linearTolerance` (fraction) of the command, the yaw rate within
 * `angularTolerance` (fraction) when commanded, and every uncommanded component below
 * 0.01 m/s or 0.02 rad/s.
 */
export function reachesCommand(
  result: SettledTwist,
  command: Twist,
  linearTolerance: number,
  angularTolerance: number,
): boolean {
  const check = (got: number, want: number | undefined, tol: number, floor: number): boolean =>
    want === undefined || want === 0 ? Math.abs(got) < floor : Math.abs(got - want) <= tol * Math.abs(want);
  return (
    check(result.vx, command.vx, linearTolerance, 0.01) &&
    check(result.vy, command.vy, linearTolerance, 0.01) &&
    check(result.omega, command.omega, angularTolerance, 0.02)
  );
}
