// A skid-steer base turns by scrubbing its wheels sideways, so diff_drive_controller is
// calibrated with a wheel_separation_multiplier: Clearpath ship 1.125 (Warthog), 1.5 (Jackal)
// and 1.875 (Husky). Coulomb friction on four equally loaded wheels predicts (a² + b²)/b² =
// 1.69 for these bases (a half wheelbase 0.2 m, b half track 0.24 m). Stated bound: in MuJoCo
// each base, driven through its geometric track, needs a multiplier within 1.1–1.9 to turn
// as commanded (mean yaw rate over the last 2 s of 4), on the spot and on an arc. Before the
// MJCF sized its wheels for MuJoCo's contact solver the example needed about 5 and the plain
// cylinder base 11–13 (docs/simulation.md).
import { describe, expect, it } from "vitest";

import { loadMujoco } from "../../src/sim/mujoco/loadMujoco.js";
import { runSimulation } from "../../src/sim/runSimulation.js";
import {
  constantCommand,
  MANUFACTURERS_MULTIPLIER,
  neededMultiplier,
  skidSteerBases,
  TURNS,
} from "../support/skidSteerBases.js";

describe("a skid-steer base in MuJoCo needs a manufacturer's wheel_separation_multiplier", () => {
  for (const [name, robot] of skidSteerBases())
    for (const turn of TURNS)
      it(`${name}: vx ${turn.vx} m/s, ω ${turn.omega} rad/s`, async () => {
        const trace = runSimulation(robot, constantCommand(turn), { mujoco: await loadMujoco(), duration: 4, seed: 1 });
        const m = neededMultiplier(trace, turn.omega, 2);
        expect(m).toBeGreaterThan(MANUFACTURERS_MULTIPLIER.min);
        expect(m).toBeLessThan(MANUFACTURERS_MULTIPLIER.max);
      });
});
