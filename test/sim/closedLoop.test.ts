import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import type { Joint } from "../../src/model/Joint.js";
import type { Robot } from "../../src/model/Robot.js";
import { wheelLayout } from "../../src/model/wheelLayout.js";
import { loadMujoco } from "../../src/sim/mujoco/loadMujoco.js";
import { reachesCommand, type SettledTwist, settledTwist, type Twist } from "./closedLoop.js";

// Stated bounds. MARIO, 5 s runs, averaged after 2 s of settling:
// - translation within 3 % of the command, uncommanded axes below 0.01 m/s and 0.02 rad/s;
// - yaw rate within 3 %: the model's integral terms (ServoIntegralAction) keep the wheels
//   at their rate against the scrub of 6 cm wide tyres in a zero-turn (measured 1.2 % slow;
//   without them, P-only servos lose ~5 %, which the test below checks fails).
const LINEAR = 0.03;
const ANGULAR = 0.03;
const DURATION = 5;
const SETTLE = 2;

const cases: readonly [string, Twist][] = [
  ["forward", { vx: 0.15 }],
  ["crab (sideways)", { vy: 0.15 }],
  ["zero-turn", { omega: 0.4 }],
];

describe("MARIO closed loop in MuJoCo (4WD4S IK + steering policy + Kabsch odometry)", () => {
  for (const [name, command] of cases) {
    // Heading within 0.03 rad: the steering servos now cannot outrun their 3 rad/s limit (the
    // motor's speed–torque slope), so a 45° swing into the zero-turn lags its ramp and
    // the wheels scrub longer while it settles (measured 0.027 rad; 0.02 passed before).
    it(`${name}: reaches the commanded twist and wheel odometry stays within 2 cm and 0.03 rad of the truth`, async () => {
      const mujoco = await loadMujoco();
      const r = settledTwist(mujoco, mario, command, DURATION, SETTLE);
      expect(reachesCommand(r, command, LINEAR, ANGULAR), JSON.stringify({ vx: r.vx, vy: r.vy, omega: r.omega })).toBe(
        true,
      );
      const k = r.trace.rows - 1;
      const drift = Math.hypot(
        (r.trace.odomPose.x[k] as number) - (r.trace.truePose.x[k] as number),
        (r.trace.odomPose.y[k] as number) - (r.trace.truePose.y[k] as number),
      );
      expect(drift, `drift ${drift}`).toBeLessThan(0.02);
      expect(Math.abs((r.trace.odomPose.theta[k] as number) - (r.trace.truePose.theta[k] as number))).toBeLessThan(
        0.03,
      );
    });
  }

  it("a broken model — wheel 1 spinning about the direction of travel — fails the same check", async () => {
    const mujoco = await loadMujoco();
    // motor1's axis [1, 0, 0] in its frame is base +x: the wheel now spins about the
    // direction it should roll in, while its tyre still stands upright.
    const broken: Robot = {
      ...mario,
      joints: (mario.joints ?? []).map(
        (j): Joint => (j.name === "motor1" && j.type === "continuous" ? { ...j, axis: [1, 0, 0] } : j),
      ),
    };
    const command = { vx: 0.15 };
    const r = settledTwist(mujoco, broken, command, DURATION, SETTLE);
    expect(reachesCommand(r, command, LINEAR, ANGULAR)).toBe(false);
  });

  it("without the model's integral gains (P-only servos), the zero-turn misses the same check", async () => {
    const mujoco = await loadMujoco();
    const proportional: Robot = {
      ...mario,
      joints: (mario.joints ?? []).map(
        (j): Joint =>
          j.actuator?.pid === undefined
            ? j
            : { ...j, actuator: { ...j.actuator, pid: { p: j.actuator.pid.p, d: j.actuator.pid.d ?? 0 } } },
      ),
    };
    const command = { omega: 0.4 };
    const r = settledTwist(mujoco, proportional, command, DURATION, SETTLE);
    expect(reachesCommand(r, command, LINEAR, ANGULAR), JSON.stringify({ omega: r.omega })).toBe(false);
  });
});

describe("Robotino closed loop in MuJoCo (omni IK/FK, free rollers)", () => {
  // Stated bounds, 3 s runs, averaged after 1 s (docs/simulation.md, "Embedded simulation"). Straight
  // lines at 0.2 m/s: the displacement points within 0.02 rad of the commanded direction,
  // the speed is within 3 % of the command, the heading turns less than 0.02 rad, and wheel
  // odometry ends within 2 cm of the truth. (Measured: ≤ 0.005 rad, 0.6 % slow, ≤ 0.004 rad,
  // ≤ 7 mm.) Spins at ±0.5 rad/s: yaw rate within 3 %, translation below 0.01 m/s, odometry
  // heading within 0.03 rad of the truth (measured: +0.7 % / −1.2 %, 0, 0.014 rad).
  const SPEED = 0.2;
  const straightLine = (
    r: SettledTwist,
    angle: number,
  ): { direction: number; speed: number; heading: number; odometry: number } => {
    const k = r.trace.rows - 1;
    const x = r.trace.truePose.x[k] as number;
    const y = r.trace.truePose.y[k] as number;
    const heading = Math.atan2(y, x);
    return {
      direction: Math.abs(Math.atan2(Math.sin(heading - angle), Math.cos(heading - angle))),
      speed: Math.abs(Math.hypot(r.vx, r.vy) - SPEED) / SPEED,
      heading: Math.abs(r.trace.truePose.theta[k] as number),
      odometry: Math.hypot((r.trace.odomPose.x[k] as number) - x, (r.trace.odomPose.y[k] as number) - y),
    };
  };
  const straightLineHolds = (m: ReturnType<typeof straightLine>): boolean =>
    m.direction < 0.02 && m.speed < 0.03 && m.heading < 0.02 && m.odometry < 0.02;
  for (let d = 0; d < 6; d++) {
    const angle = (d * Math.PI) / 3;
    it(`drives a straight line towards ${d * 60}°`, async () => {
      const mujoco = await loadMujoco();
      const r = settledTwist(mujoco, robotino, { vx: SPEED * Math.cos(angle), vy: SPEED * Math.sin(angle) }, 3, 1);
      const m = straightLine(r, angle);
      expect(m.direction).toBeLessThan(0.02);
      expect(m.speed).toBeLessThan(0.03);
      expect(m.heading).toBeLessThan(0.02);
      expect(m.odometry).toBeLessThan(0.02);
      expect(straightLineHolds(m)).toBe(true);
    });
  }

  for (const omega of [0.5, -0.5]) {
    it(`spins in place at ${omega} rad/s`, async () => {
      const mujoco = await loadMujoco();
      const r = settledTwist(mujoco, robotino, { omega }, 3, 1);
      expect(Math.abs(r.omega - omega)).toBeLessThan(0.03 * Math.abs(omega));
      expect(Math.hypot(r.vx, r.vy)).toBeLessThan(0.01);
      const k = r.trace.rows - 1;
      expect(Math.abs((r.trace.odomPose.theta[k] as number) - (r.trace.truePose.theta[k] as number))).toBeLessThan(
        0.03,
      );
    });
  }

  it("a broken wheel — a frictionless hub cylinder of the wheel radius among the rollers — fails the straight-line check", async () => {
    const mujoco = await loadMujoco();
    const layout = wheelLayout(robotino);
    if (layout.type !== "omni") throw new Error("Robotino has an omni drive");
    const hubs = new Map(
      layout.wheels.map((w) => [(robotino.joints ?? []).find((j) => j.name === w.joint)?.child, w.radius] as const),
    );
    const withHub: Robot = {
      ...robotino,
      links: robotino.links.map((l) => {
        const r = hubs.get(l.name);
        if (r === undefined) return l;
        const hub = {
          origin: { xyz: [0, 0, 0] as const, rpy: [0, Math.PI / 2, 0] as const },
          geometry: { type: "cylinder" as const, radius: r, length: 0.04 },
          surface: { mu: 0, mu2: 0 },
        };
        return { ...l, collisions: [hub] };
      }),
    };
    const r = settledTwist(mujoco, withHub, { vx: SPEED }, 3, 1);
    const m = straightLine(r, 0);
    // The hub shares the load between touching points and slips on it: the robot turns
    // (~0.03 rad) and the wheel odometry loses ~4 cm over 0.6 m.
    expect(straightLineHolds(m), JSON.stringify(m)).toBe(false);
  });
});
