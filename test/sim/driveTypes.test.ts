import { describe, expect, it } from "vitest";

import type { Drive } from "../../src/model/Drive.js";
import type { Joint } from "../../src/model/Joint.js";
import type { Robot } from "../../src/model/Robot.js";
import { loadMujoco } from "../../src/sim/mujoco/loadMujoco.js";
import { runSimulation } from "../../src/sim/runSimulation.js";
import type { CommandsProfile } from "../../src/sim/Scenario.js";
import { type SteerSpec, type WheelSpec, wheeledRobot } from "../support/driveRobots.js";

// One small base per drive family, driven in MuJoCo for 3 s at a constant twist. Stated
// tolerance: over the last 1.5 s the base's true mean twist is within 0.03 m/s and 0.03 rad/s
// of the command, and the wheel odometry ends within 0.05 m and 0.05 rad of the true pose.
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
  const robot = wheeledRobot({ name, wheels, steering, drive, chassis: { xyz: [0, 0, 0.14], rpy: [0, 0, 0] } });
  const driven = new Set(wheels.map((w) => w.joint));
  const steered = new Set(steering.map((s) => s.joint));
  const joints = (robot.joints ?? []).map((j): Joint => {
    if (driven.has(j.name))
      return { ...j, actuator: { command: "velocity", pid: { p: 10 } } } as Joint;
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
  {
    robot: simRobot(
      "skid",
      [wheel("lf", 0.12, 0.2, 0.06), wheel("lr", -0.12, 0.2, 0.06), wheel("rf", 0.12, -0.2, 0.06), wheel("rr", -0.12, -0.2, 0.06)],
      { type: "differential", left: ["lf", "lr"], right: ["rf", "rr"] },
    ),
    vx: 0.3,
    vy: 0,
    omega: 0.3,
  },
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
    robot: simRobot(
      "bike",
      [wheel("rear", 0, 0, 0.08)],
      { type: "bicycle", steering: "s", traction: "rear" },
      [steer("s", 0.6, 0, 0.8)],
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
    expect(Math.abs((t.odomPose.theta[k] as number) - (t.truePose.theta[k] as number)), msg).toBeLessThan(0.05);
  });
});
