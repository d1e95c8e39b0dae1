// The skid-steer turn cross-checked in DART (ignition-physics 5, Gazebo Fortress's physics):
// the same bases, from their generated SDF, driven through their geometric track, need a
// wheel_separation_multiplier in the manufacturers' range there too (stated bound 1.1–1.9,
// mean yaw rate over the last 2 s of 4; measured 1.28–1.75, MuJoCo 1.75–1.84,
// docs/simulation.md). DART's contacts are rigid with a friction pyramid and its wheels follow
// velocity constraints, so the two engines need not agree closely; they must both turn the
// base as real ones turn.
import { describe, expect, it } from "vitest";

import type { Robot } from "../../src/model/Robot.js";
import { runSimulationOn } from "../../src/sim/runSimulation.js";
import type { SimulationTrace } from "../../src/sim/SimulationTrace.js";
import {
  constantCommand,
  MANUFACTURERS_MULTIPLIER,
  neededMultiplier,
  skidSteerBases,
  TURNS,
} from "../support/skidSteerBases.js";
import { haveTool } from "../support/tools.js";
import { buildDartHarness, DartSession, dartUnavailable } from "./DartSession.js";
import { dartWorld } from "./dartWorld.js";

function available(): boolean {
  if (!haveTool("g++", "DART skid-steer check (compiles test/dart/dartHarness.cc)")) return false;
  const why = dartUnavailable();
  if (why === undefined) return true;
  if (process.env["CI"] === "true")
    throw new Error(`DART skid-steer check cannot run in CI: ${why}; .ci/run must install it`);
  process.stderr.write(`\n*** SKIPPED: DART skid-steer check: ${why} ***\n\n`);
  return false;
}

function runInDart(harness: string, robot: Robot, turn: (typeof TURNS)[number]): SimulationTrace {
  const world = dartWorld(robot);
  const session = new DartSession(harness, world.sdf, robot, "base_link", world.timestep);
  try {
    return runSimulationOn(session, robot, constantCommand(turn), { duration: 4, seed: 1 });
  } finally {
    session.dispose();
  }
}

describe.runIf(available())("a skid-steer base in DART needs a manufacturer's wheel_separation_multiplier", () => {
  for (const [name, robot] of skidSteerBases())
    for (const turn of TURNS)
      it(`${name}: vx ${turn.vx} m/s, ω ${turn.omega} rad/s`, () => {
        const m = neededMultiplier(runInDart(buildDartHarness(), robot, turn), turn.omega, 2);
        expect(m).toBeGreaterThan(MANUFACTURERS_MULTIPLIER.min);
        expect(m).toBeLessThan(MANUFACTURERS_MULTIPLIER.max);
      });
});
