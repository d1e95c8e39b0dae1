import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import { loadRobot } from "../../src/cli/loadRobot.js";

import type { Drive } from "../../src/model/Drive.js";
import type { Joint } from "../../src/model/Joint.js";
import type { Robot } from "../../src/model/Robot.js";
import { loadMujoco } from "../../src/sim/mujoco/loadMujoco.js";
import { readScenario } from "../../src/sim/readScenario.js";
import { runSimulation } from "../../src/sim/runSimulation.js";
import { simulationMetrics } from "../../src/sim/simulationMetrics.js";
import { applyVariation } from "../../src/sim/sweep/applyVariation.js";
import { readSweepVariation } from "../../src/sim/sweep/readSweepVariation.js";
import type { SweepVariation } from "../../src/sim/sweep/SweepVariation.js";
import { checkRobot } from "../../src/model/checkRobot.js";
import { driveGeometry } from "../../src/model/driveGeometry.js";
import type { CommandsProfile, Scenario } from "../../src/sim/Scenario.js";
import { scenarioDriveProblem } from "../../src/sim/scenarioDriveProblem.js";
import { type DriveFromModel, driveFromModel } from "../../src/kinematics/driveFromModel.js";
import { type SteerSpec, type WheelSpec, wheeledRobot } from "../support/driveRobots.js";

// One small base per drive family, driven in MuJoCo for 3 s at a constant twist. Stated
// tolerance: over the last 1.5 s the base's true mean twist is within 0.03 m/s and 0.03 rad/s
// of the command, and the wheel odometry ends within 0.05 m of the true position and within
// 0.01 rad + 5 % of the angle turned of the true heading (the tyres creep while turning).
const wheel = (joint: string, x: number, y: number, radius: number, reverse = false): WheelSpec => ({
  joint,
  at: [x, y, radius],
  radius,
  style: 1,
  reverse,
  maxSpeed: 40,
});
const steer = (joint: string, x: number, y: number, limit: number): SteerSpec => ({
  joint,
  at: [x, y, 0.08],
  limits: [-limit, limit],
  maxRate: 3,
  wheel: { joint: `${joint}_wheel`, radius: 0.08, style: 1 },
});

/** A base whose drive joints carry the servos `robokit sim` drives (velocity wheels, position steering). */
function simRobot(name: string, wheels: WheelSpec[], drive: Drive, steering: SteerSpec[] = []): Robot {
  const built = wheeledRobot({ name, wheels, steering, drive, chassis: { xyz: [0, 0, 0.14], rpy: [0, 0, 0] } });
  // Two frictionless ball casters under the chassis keep a two-wheeled base level.
  const casters = (x: number) => ({
    origin: { xyz: [x, 0, 0.03 - 0.14] as const, rpy: [0, 0, 0] as const },
    geometry: { type: "sphere" as const, radius: 0.03 },
    surface: { mu: 0, mu2: 0 },
  });
  const robot: Robot = {
    ...built,
    links: built.links.map((l) =>
      l.name === "chassis" && wheels.length === 2 && steering.length === 0
        ? { ...l, collisions: [...(l.collisions ?? []), casters(0.12), casters(-0.12)] }
        : l,
    ),
  };
  const driven = new Set(wheels.map((w) => w.joint));
  const steered = new Set(steering.map((s) => s.joint));
  const joints = (robot.joints ?? []).map((j): Joint => {
    if (driven.has(j.name)) return { ...j, actuator: { command: "velocity", pid: { p: 10 } } } as Joint;
    if (steered.has(j.name))
      return {
        ...j,
        dynamics: { damping: 0.5, friction: 0 },
        actuator: { command: "position", pid: { p: 50, d: 1 } },
      } as Joint;
    return j;
  });
  return { ...robot, joints };
}

/**
 * A mecanum base whose wheels carry 16 free spherical rollers each, at 45° to the wheel axis
 * (an "X" seen from above: the floor rollers of FL and RR run front-right to rear-left). The
 * hubs have no collision; the rollers alone touch the floor.
 */
function mecanumWithRollers(): Robot {
  const r = 0.05;
  const rho = 0.02;
  const n = 16;
  const specs: [string, number, number, 1 | -1][] = [
    ["fl", 0.2, 0.15, 1],
    ["fr", 0.2, -0.15, -1],
    ["rl", -0.2, 0.15, -1],
    ["rr", -0.2, -0.15, 1],
  ];
  const base = simRobot(
    "mecr",
    specs.map(([j, x, y]) => wheel(j, x, y, r)),
    { type: "mecanum", frontLeft: "fl", frontRight: "fr", rearLeft: "rl", rearRight: "rr" },
  );
  const hubs = new Set(specs.map(([j]) => `${j}_link`));
  const links = base.links.map((l) => (hubs.has(l.name) ? { ...l, collisions: [] } : l));
  const joints = [...(base.joints ?? [])];
  const c = Math.SQRT1_2;
  for (const [j, , , s] of specs) {
    for (let k = 0; k < n; k++) {
      const beta = (2 * Math.PI * k) / n;
      const name = `${j}_roller${k}`;
      links.push({
        name,
        collisions: [{ geometry: { type: "sphere", radius: rho } }],
        inertial: { mass: 0.01, inertia: { ixx: 2e-6, ixy: 0, ixz: 0, iyy: 2e-6, iyz: 0, izz: 2e-6 } },
      });
      // Hub z is the spin axis; the roller axis leans 45° from it towards the rim tangent.
      joints.push({
        name: `${name}_joint`,
        type: "continuous",
        parent: `${j}_link`,
        child: name,
        origin: { xyz: [(r - rho) * Math.cos(beta), (r - rho) * Math.sin(beta), 0], rpy: [0, 0, 0] },
        axis: [-s * c * Math.sin(beta), s * c * Math.cos(beta), c],
      });
    }
  }
  return { ...base, links, joints };
}

const cases: { robot: Robot; vx: number; vy: number; omega: number }[] = [
  {
    robot: simRobot("diff", [wheel("l", 0, 0.2, 0.06), wheel("r", 0, -0.2, 0.06, true)], {
      type: "differential",
      left: ["l"],
      right: ["r"],
    }),
    vx: 0.3,
    vy: 0,
    omega: 0.4,
  },
  { robot: mecanumWithRollers(), vx: 0.1, vy: 0.15, omega: 0.3 },
  {
    robot: simRobot(
      "ack",
      [wheel("tl", 0, 0.2, 0.08), wheel("tr", 0, -0.2, 0.08)],
      { type: "ackermann", steering: ["sl", "sr"], traction: ["tl", "tr"] },
      [steer("sl", 0.5, 0.18, 0.6), steer("sr", 0.5, -0.18, 0.6)],
    ),
    vx: 0.3,
    vy: 0,
    omega: 0.3,
  },
  {
    robot: simRobot("bike", [wheel("rear", 0, 0, 0.08)], { type: "bicycle", steering: "s", traction: "rear" }, [
      steer("s", 0.6, 0, 0.8),
    ]),
    vx: 0.3,
    vy: 0,
    omega: 0.2,
  },
  {
    // The steering joint's axis points down: a positive joint angle steers right.
    robot: ((r: Robot): Robot => ({
      ...r,
      joints: (r.joints ?? []).map((j) => (j.name === "s" ? { ...j, axis: [0, 0, -1] as const } : j)),
    }))(
      simRobot("bikedown", [wheel("rear", 0, 0, 0.08)], { type: "bicycle", steering: "s", traction: "rear" }, [
        steer("s", 0.6, 0, 0.8),
      ]),
    ),
    vx: 0.3,
    vy: 0,
    omega: 0.2,
  },
  {
    robot: simRobot(
      "trike",
      [wheel("tl", 0, 0.2, 0.08), wheel("tr", 0, -0.2, 0.08, true)],
      { type: "tricycle", steering: "s", traction: ["tl", "tr"] },
      [steer("s", 0.5, 0, 1.2)],
    ),
    vx: 0.3,
    vy: 0,
    omega: -0.3,
  },
];

describe("robokit sim drives every drive type (MuJoCo)", () => {
  it("a skid-steer base rolls straight as commanded and turns the commanded way, slower (its wheels scrub)", async () => {
    const robot = simRobot(
      "skid",
      [
        wheel("lf", 0.12, 0.2, 0.06),
        wheel("lr", -0.12, 0.2, 0.06),
        wheel("rf", 0.12, -0.2, 0.06),
        wheel("rr", -0.12, -0.2, 0.06),
      ],
      { type: "differential", left: ["lf", "lr"], right: ["rf", "rr"] },
    );
    const mujoco = await loadMujoco();
    const profile: CommandsProfile = {
      type: "commands",
      interpolation: "hold",
      points: [{ t: 0, vx: 0.3, omega: 0.3 }],
    };
    const t = runSimulation(robot, { name: "arc", profile }, { mujoco, duration: 3, seed: 1 });
    const k = t.rows - 1;
    expect(Math.abs((t.trueTwist.vx[k] as number) - 0.3)).toBeLessThan(0.03);
    expect(t.trueTwist.omega[k]).toBeGreaterThan(0.05);
    expect(t.trueTwist.omega[k]).toBeLessThan(0.3);
  });

  it("refuses a mecanum base whose wheels carry no rollers", async () => {
    const robot = simRobot(
      "mec",
      [
        wheel("fl", 0.2, 0.15, 0.05),
        wheel("fr", 0.2, -0.15, 0.05),
        wheel("rl", -0.2, 0.15, 0.05),
        wheel("rr", -0.2, -0.15, 0.05),
      ],
      { type: "mecanum", frontLeft: "fl", frontRight: "fr", rearLeft: "rl", rearRight: "rr" },
    );
    const mujoco = await loadMujoco();
    const profile: CommandsProfile = { type: "commands", points: [{ t: 0, vy: 0.2 }] };
    expect(() => runSimulation(robot, { name: "crab", profile }, { mujoco, duration: 0.1 })).toThrow(
      /mecanum wheel joint "fl" spins a plain wheel/,
    );
    // build warns of the same wheel in the same words, so it is not found only in sim.
    let refusal = "";
    try {
      runSimulation(robot, { name: "crab", profile }, { mujoco, duration: 0.1 });
    } catch (error) {
      refusal = (error as Error).message;
    }
    expect(checkRobot(robot)).toContainEqual(
      expect.objectContaining({ severity: "warning", jsonPath: "/drive/frontLeft", message: `drive: ${refusal}` }),
    );
  });

  it.each(cases)("$robot.name follows a constant twist and its odometry tracks the true pose", async (c) => {
    const profile: CommandsProfile = {
      type: "commands",
      interpolation: "hold",
      points: [{ t: 0, vx: c.vx, vy: c.vy, omega: c.omega }],
    };
    const mujoco = await loadMujoco();
    const t = runSimulation(c.robot, { name: "constant", profile }, { mujoco, duration: 3, seed: 1 });
    const from = Math.round(1.5 / t.dt);
    const mean = (col: Float64Array) => col.slice(from).reduce((a, b) => a + b, 0) / (t.rows - from);
    const k = t.rows - 1;
    const report = {
      vx: mean(t.trueTwist.vx),
      vy: mean(t.trueTwist.vy),
      omega: mean(t.trueTwist.omega),
      odom: [t.odomPose.x[k], t.odomPose.y[k], t.odomPose.theta[k]],
      truth: [t.truePose.x[k], t.truePose.y[k], t.truePose.theta[k]],
    };
    const msg = JSON.stringify(report);
    expect(Math.abs(report.vx - c.vx), msg).toBeLessThan(0.03);
    expect(Math.abs(report.vy - c.vy), msg).toBeLessThan(0.03);
    expect(Math.abs(report.omega - c.omega), msg).toBeLessThan(0.03);
    const dx = (t.odomPose.x[k] as number) - (t.truePose.x[k] as number);
    const dy = (t.odomPose.y[k] as number) - (t.truePose.y[k] as number);
    expect(Math.hypot(dx, dy), msg).toBeLessThan(0.05);
    const turned = Math.abs(t.truePose.theta[k] as number);
    expect(Math.abs((t.odomPose.theta[k] as number) - (t.truePose.theta[k] as number)), msg).toBeLessThan(
      0.01 + 0.05 * turned,
    );
  });
});

// Each example base over its whole shipped drive scenario (31–36 s of simulated time, about
// 1–7 s of wall time each). Stated bounds, on the simulated body itself (truth): the mean
// velocity error of every commanded axis is below 10 % of the mean command (the examples
// measure 1–6.5 %; the rest is the lag through each ramp and stop), and the wheel odometry
// ends within 2 % of the distance driven of the true position (they measure 0.02–1.2 %; the
// skid-steer base with its wheel_separation_multiplier).
describe("the shipped drive scenario of every example base", () => {
  const drive = async (name: string) => {
    const file = `scenarios/${name}/drive.yaml`;
    const { scenario, diagnostics } = readScenario(readFileSync(file, "utf8"), file);
    expect(diagnostics).toEqual([]);
    if (scenario === undefined) throw new Error("unreachable");
    expect(scenario.robot).toBe(name);
    const trace = runSimulation(await loadRobot(name), scenario, { mujoco: await loadMujoco(), seed: 1 });
    return { trace, metrics: simulationMetrics(trace) };
  };

  it.each([
    ["cart", ["vx", "omega"]],
    ["skidsteer", ["vx", "omega"]],
    ["mecanum", ["vx", "vy", "omega"]],
    ["ackermann", ["vx", "omega"]],
    ["bicycle", ["vx", "omega"]],
    ["tricycle", ["vx", "omega"]],
  ] as const)(
    "%s: every commanded axis of %j within 10 per cent of the command, odometry within 2 per cent of the distance",
    async (name, axes) => {
      const { metrics: m } = await drive(name);
      const msg = JSON.stringify(m);
      expect(m.distance, msg).toBeGreaterThan(5);
      for (const axis of axes) expect(m.velocityError[axis].truth, `${axis} ${msg}`).toBeLessThan(10);
      expect(m.drift.position, msg).toBeLessThan(0.02 * m.distance);
    },
  );
});

describe("sweep variations on the new drive types", () => {
  it("wheelRadius changes every wheel of a car-like base, the steered ones too", async () => {
    const r = readSweepVariation("parameters:\n  wheelRadius: { uniform: [0.1, 0.2] }\n", "vary.yaml");
    expect(r.diagnostics).toEqual([]);
    const robot = await loadRobot("ackermann");
    const varied = applyVariation(robot, r.variation as SweepVariation, [0.12]);
    const g = driveGeometry(varied);
    if (g.type !== "ackermann") throw new Error("the example is an Ackermann base");
    expect([...g.traction, ...g.steering.map((s) => s.wheel)].map((w) => w?.radius)).toEqual([0.12, 0.12, 0.12, 0.12]);
  });
});

describe("a scenario the drive cannot follow", () => {
  const commands = (vx: number, vy: number, omega: number): Scenario => ({
    name: "ask",
    profile: { type: "commands", points: [{ t: 0 }, { t: 1, vx, vy, omega }] },
  });
  const drive = async (name: string): Promise<DriveFromModel> => {
    const d = driveFromModel(await loadRobot(name)).drive;
    if (d === undefined) throw new Error(`${name} has no drive`);
    return d;
  };

  it("is refused before the run, naming the point and what the drive cannot do", async () => {
    expect(scenarioDriveProblem(commands(0.2, 0.1, 0), await drive("cart"))).toMatch(
      /scenario "ask", \/profile\/points\/1 \(t = 1 s\): a differential drive cannot move sideways/,
    );
    expect(scenarioDriveProblem(commands(0, 0, 0.3), await drive("bicycle"))).toMatch(/cannot turn on the spot/);
    expect(scenarioDriveProblem(commands(0, 0, 0.3), await drive("tricycle"))).toBeUndefined();
    expect(scenarioDriveProblem(commands(0.2, 0.1, 0.3), await drive("mecanum"))).toBeUndefined();
    const joystick: Scenario = {
      name: "stick",
      profile: { type: "joystick", duration: 10, hold: 2, ramp: 0.5, maxSpeed: 0.2, maxYawRate: 0.3 },
    };
    expect(scenarioDriveProblem(joystick, await drive("ackermann"))).toMatch(/joystick profile commands sideways/);
    expect(scenarioDriveProblem(joystick, await drive("mario"))).toBeUndefined();
    const mujoco = await loadMujoco();
    const cart = await loadRobot("cart");
    expect(() => runSimulation(cart, commands(0.2, 0.1, 0), { mujoco, duration: 1 })).toThrow(/cannot move sideways/);
  });
});
