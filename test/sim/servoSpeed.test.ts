// a servo's speed limit holds at the joint, not only on its command. robokit's sim
// limits the steering targets' rate, but MuJoCo's position servo had no speed limit of its own, so
// the joint overshot the ramp (MARIO's steering reached 4.35 rad/s against a 3 rad/s limit); and
// the joystick drive's reversals and restarts threw it past the limit until the targets got an
// acceleration limit too (3.33 rad/s in MuJoCo, 3.45 in DART).
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { emitMjcf } from "../../src/emit/mjcf/emitMjcf.js";
import { mjcfNames } from "../../src/emit/mjcf/mjcfNames.js";
import type { Joint } from "../../src/model/Joint.js";
import type { Robot } from "../../src/model/Robot.js";
import { loadMujoco } from "../../src/sim/mujoco/loadMujoco.js";
import { MujocoSession } from "../../src/sim/mujoco/MujocoSession.js";
import { runSimulationOn } from "../../src/sim/runSimulation.js";
import type { SimulationSession } from "../../src/sim/SimulationSession.js";
import { shippedScenario } from "../dart/compareEngines.js";
import { DartSession, buildDartHarness, dartUnavailable } from "../dart/DartSession.js";
import { dartWorld } from "../dart/dartWorld.js";
import { wheelLayout } from "../../src/model/wheelLayout.js";
import { haveTool } from "../support/tools.js";
import { loadRobot } from "../../src/cli/loadRobot.js";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const ROBOTS: Readonly<Record<string, Robot>> = { mario, robotino };
/** A shipped scenario's robot: MARIO and Robotino as imported, the other examples by name. */
const robotFor = async (name: string): Promise<Robot> => ROBOTS[name] ?? (await loadRobot(name));
/** Allowed excess over a joint's URDF velocity limit (10 %). */
const SLACK = 1.1;

/** Every shipped scenario: [robot, scenario name], from scenarios/<robot>/<name>.yaml. */
const shipped: [string, string][] = readdirSync(join(repo, "scenarios")).flatMap((r) =>
  readdirSync(join(repo, "scenarios", r))
    .filter((f) => f.endsWith(".yaml"))
    .map((f): [string, string] => [r, f.slice(0, -".yaml".length)]),
);

function velocityLimit(j: Joint): number | undefined {
  return j.type === "revolute" || j.type === "prismatic"
    ? j.limit.velocity
    : j.type === "continuous"
      ? j.limit?.velocity
      : undefined;
}

/** Actuated joints with a velocity limit > 0, and that limit (rad/s or m/s). */
function limited(robot: Robot): { name: string; limit: number; command: string }[] {
  return (robot.joints ?? []).flatMap((j) => {
    const v = velocityLimit(j);
    return j.actuator !== undefined && v !== undefined && v > 0
      ? [{ name: j.name, limit: v, command: j.actuator.command }]
      : [];
  });
}

/**
 * A session that steps its inner one `every` integration steps at a time and records each
 * watched joint's largest |q̇| seen after any of them.
 */
class PeakRateSession implements SimulationSession {
  readonly peak: Float64Array;
  readonly #dofs: Int32Array;
  constructor(
    readonly inner: SimulationSession,
    joints: readonly string[],
    readonly every: number,
  ) {
    this.#dofs = Int32Array.from(joints, (j) => inner.jointDofAddress(j));
    this.peak = new Float64Array(joints.length);
  }
  get timestep(): number {
    return this.inner.timestep;
  }
  get qpos(): Float64Array {
    return this.inner.qpos;
  }
  get qvel(): Float64Array {
    return this.inner.qvel;
  }
  get ctrl(): Float64Array {
    return this.inner.ctrl;
  }
  get sensordata(): Float64Array {
    return this.inner.sensordata;
  }
  get xpos(): Float64Array {
    return this.inner.xpos;
  }
  get xquat(): Float64Array {
    return this.inner.xquat;
  }
  id: SimulationSession["id"] = (kind, name) => this.inner.id(kind, name);
  jointQposAddress = (name: string): number => this.inner.jointQposAddress(name);
  jointDofAddress = (name: string): number => this.inner.jointDofAddress(name);
  sensorAddress: SimulationSession["sensorAddress"] = (name) => this.inner.sensorAddress(name);
  forward(): void {
    this.inner.forward();
  }
  step(steps = 1): void {
    for (let done = 0; done < steps; done += this.every) {
      this.inner.step(Math.min(this.every, steps - done));
      const qvel = this.inner.qvel;
      this.#dofs.forEach((d, i) => (this.peak[i] = Math.max(this.peak[i] as number, Math.abs(qvel[d] as number))));
    }
  }
}

function expectWithin(joints: readonly { name: string; limit: number }[], peak: Float64Array, where: string): void {
  joints.forEach((j, i) =>
    expect(peak[i] as number, `${where}: ${j.name} peak |q̇| vs limit ${j.limit}`).toBeLessThanOrEqual(SLACK * j.limit),
  );
}

describe("joint velocities stay within the URDF velocity limits (+10 %) in MuJoCo", () => {
  const mujocoCase = async (robotName: string, name: string): Promise<void> => {
    const robot = await robotFor(robotName);
    const mujoco = await loadMujoco();
    const joints = limited(robot);
    const inner = MujocoSession.open(mujoco, emitMjcf(robot), `mjcf/${robot.name}.xml`);
    try {
      const session = new PeakRateSession(
        inner,
        joints.map((j) => j.name),
        1,
      );
      const run = () => runSimulationOn(session, robot, shippedScenario(robotName, name), { seed: 1 });
      run();
      expectWithin(joints, session.peak, `${robotName}/${name}`);
    } finally {
      inner.dispose();
    }
  };
  // MARIO's joystick drive (2 s holds, 0.25 s ramps, no stops) reverses and restarts the steering
  // every few seconds: before the steering targets had an acceleration limit it reached 3.33 rad/s.
  it.each(shipped)("%s, shipped scenario %s: every actuated joint, every integration step", mujocoCase);

  it("MARIO's steering under an independent controller that slews its command at the limit", async () => {
    // Not robokit's controller: a bare ramp at exactly 3 rad/s from −π/2 to +π/2 and back, wheels
    // held at rest, as a ROS controller honouring the URDF limit would send it. The joint may
    // follow the ramp but not overshoot it.
    const mujoco = await loadMujoco();
    const steer = limited(mario).filter((j) => j.command === "position");
    expect(steer.length).toBe(4);
    const session = MujocoSession.open(mujoco, emitMjcf(mario), "mjcf/mario.xml");
    try {
      const act = steer.map((j) => session.id("actuator", mjcfNames.actuator(j.name, "position")));
      const dofs = steer.map((j) => session.jointDofAddress(j.name));
      const limit = steer[0]?.limit as number;
      const dt = session.timestep;
      const half = Math.PI / 2 - 0.01;
      let target = 0;
      let goal = half;
      let peak = 0;
      let swings = 0;
      for (let k = 0; k < Math.round(8 / dt); k++) {
        if (target === goal) {
          goal = -goal;
          swings++;
        }
        target += Math.max(-limit * dt, Math.min(limit * dt, goal - target));
        for (const a of act) session.ctrl[a] = target;
        session.step(1);
        for (const d of dofs) peak = Math.max(peak, Math.abs(session.qvel[d] as number));
      }
      expect(swings).toBeGreaterThanOrEqual(4);
      expect(peak, `steering peak |q̇| vs limit ${limit}`).toBeLessThanOrEqual(SLACK * limit);
      // …and it does move near the limit: the servo is not simply made sluggish.
      expect(peak).toBeGreaterThan(0.8 * limit);
    } finally {
      session.dispose();
    }
  });
});

function dartReady(): boolean {
  if (!haveTool("g++", "DART servo-speed check (compiles test/dart/dartHarness.cc)")) return false;
  const why = dartUnavailable();
  if (why === undefined) return true;
  if (process.env["CI"] === "true") throw new Error(`DART servo-speed check cannot run in CI: ${why}`);
  process.stderr.write(`\n*** SKIPPED: DART servo-speed check: ${why} ***\n\n`);
  return false;
}

describe("joint velocities stay within the URDF velocity limits (+10 %) in DART", () => {
  const run = dartReady();
  const dartCase = (robotName: string, name: string): void => {
    const robot = ROBOTS[robotName] as Robot;
    const joints = limited(robot);
    const world = dartWorld(robot);
    const inner = new DartSession(buildDartHarness(), world.sdf, robot, wheelLayout(robot).baseLink, world.timestep);
    try {
      // DART steps in a child process: sample once per 10 integration steps to keep it quick.
      const session = new PeakRateSession(
        inner,
        joints.map((j) => j.name),
        10,
      );
      runSimulationOn(session, robot, shippedScenario(robotName, name), { seed: 1 });
      expectWithin(joints, session.peak, `${robotName}/${name}`);
    } finally {
      inner.dispose();
    }
  };
  // The DART harness cross-checks the two bases the engines are compared on (docs/simulation.md).
  it.skipIf(!run).each(shipped.filter(([r]) => r in ROBOTS))(
    "%s, shipped scenario %s: every actuated joint, every control tick",
    dartCase,
  );
});
