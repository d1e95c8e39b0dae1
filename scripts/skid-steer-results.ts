/**
 * The skid-steer figures of docs/simulation.md ("Why a skid-steer base turned slowly"): the
 * yaw rate each MuJoCo contact lever gives, one at a time from the shipped MJCF, and the
 * wheel_separation_multiplier each base needs in MuJoCo and in DART. Every run drives the base
 * through its geometric track at a constant command for 4 s and averages the last 2 s (seed 1).
 *
 *   npx tsx scripts/skid-steer-results.ts     # about 20 s of CPU; DART columns need g++ and ignition-physics
 */
import { emitMjcf } from "../src/emit/mjcf/emitMjcf.js";
import type { Robot } from "../src/model/Robot.js";
import { loadMujoco } from "../src/sim/mujoco/loadMujoco.js";
import { runSimulation, runSimulationOn } from "../src/sim/runSimulation.js";
import { buildDartHarness, DartSession, dartUnavailable } from "../test/dart/DartSession.js";
import { dartWorld } from "../test/dart/dartWorld.js";
import { constantCommand, neededMultiplier, skidSteerBases, TURNS } from "../test/support/skidSteerBases.js";

type Edit = (mjcf: string) => string;
const armature =
  (value: string): Edit =>
  (x) =>
    x.replace(/ armature="[^"]*"/g, value === "" ? "" : ` armature="${value}"`);

/** One lever at a time, as a textual edit of the shipped MJCF. */
const LEVERS: readonly (readonly [string, Edit])[] = [
  ["shipped", (x) => x],
  ["no armature floor", armature("")],
  ["impratio 1", (x) => x.replace('impratio="10"', 'impratio="1"')],
  [
    "pyramidal cone, impratio 1",
    (x) => x.replace('cone="elliptic"', 'cone="pyramidal"').replace('impratio="10"', 'impratio="1"'),
  ],
  ["solref 20 ms", (x) => x.replace(/solref="0.004 1"/g, 'solref="0.02 1"')],
  ["solimp 0.99 0.999 0.001", (x) => x.replace(/solref="0.004 1"/g, 'solref="0.004 1" solimp="0.99 0.999 0.001"')],
  ["condim 4", (x) => x.replace(/condim="3"/g, 'condim="4"')],
  ["condim 6", (x) => x.replace(/condim="3"/g, 'condim="6"')],
  ["noslip_iterations 10", (x) => x.replace("<option ", '<option noslip_iterations="10" ')],
  ["timestep 0.5 ms", (x) => x.replace('timestep="0.002"', 'timestep="0.0005"')],
  ["armature 10 kg·m²", armature("10")],
];

const mujoco = await loadMujoco();
const bases = skidSteerBases();

console.log(
  "| lever (from the shipped MJCF) | " +
    bases.flatMap(([n]) => TURNS.map((t) => `${n}, ω ${t.omega}`)).join(" | ") +
    " |",
);
console.log(`|---|${bases.flatMap(() => TURNS.map(() => "---")).join("|")}|`);
for (const [name, edit] of LEVERS) {
  const cells = bases.flatMap(([, robot]) =>
    TURNS.map((turn) => {
      const trace = runSimulation(robot, constantCommand(turn), {
        mujoco,
        duration: 4,
        seed: 1,
        mjcf: edit(emitMjcf(robot)),
      });
      return (1 / neededMultiplier(trace, turn.omega, 2)).toFixed(2);
    }),
  );
  console.log(`| ${name} | ${cells.join(" | ")} |`);
}

const why = dartUnavailable();
const harness = why === undefined ? buildDartHarness() : undefined;
if (harness === undefined) console.log(`\nDART columns skipped: ${why ?? ""}`);

function inDart(robot: Robot, turn: (typeof TURNS)[number]): string {
  if (harness === undefined) return "–";
  const world = dartWorld(robot);
  const session = new DartSession(harness, world.sdf, robot, "base_link", world.timestep);
  try {
    return neededMultiplier(
      runSimulationOn(session, robot, constantCommand(turn), { duration: 4, seed: 1 }),
      turn.omega,
      2,
    ).toFixed(2);
  } finally {
    session.dispose();
  }
}

console.log(
  "\n| base | " +
    TURNS.map((t) => `MuJoCo, ω ${t.omega}`).join(" | ") +
    " | " +
    TURNS.map((t) => `DART, ω ${t.omega}`).join(" | ") +
    " |",
);
console.log(`|---|${TURNS.map(() => "---").join("|")}|${TURNS.map(() => "---").join("|")}|`);
for (const [name, robot] of bases) {
  const mj = TURNS.map((turn) =>
    neededMultiplier(
      runSimulation(robot, constantCommand(turn), { mujoco, duration: 4, seed: 1 }),
      turn.omega,
      2,
    ).toFixed(2),
  );
  console.log(`| ${name} | ${mj.join(" | ")} | ${TURNS.map((turn) => inDart(robot, turn)).join(" | ")} |`);
}
