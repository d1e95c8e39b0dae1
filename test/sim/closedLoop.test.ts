import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import type { Joint } from "../../src/model/Joint.js";
import type { Robot } from "../../src/model/Robot.js";
import { loadMujoco } from "../../src/sim/mujoco/loadMujoco.js";
import { reachesCommand, settledTwist, type Twist } from "./closedLoop.js";

// Stated bounds. MARIO, 5 s runs, averaged after 2 s of settling:
// - translation within 3 % of the command, uncommanded axes below 0.01 m/s and 0.02 rad/s;
// - yaw rate within 8 %: the P-only wheel servos (kv from the model) lose ~5 % speed
//   against the scrub of 6 cm wide tyres in a zero-turn (README, "Embedded simulation").
const LINEAR = 0.03;
const ANGULAR = 0.08;
const DURATION = 5;
const SETTLE = 2;

const cases: readonly [string, Twist][] = [
  ["forward", { vx: 0.15 }],
  ["crab (sideways)", { vy: 0.15 }],
  ["zero-turn", { omega: 0.4 }],
];

describe("MARIO closed loop in MuJoCo (4WD4S IK + steering policy + Kabsch odometry)", () => {
  for (const [name, command] of cases) {
    it(`${name}: reaches the commanded twist and wheel odometry stays within 2 cm and 0.02 rad of the truth`, async () => {
      const mujoco = await loadMujoco();
      const r = settledTwist(mujoco, mario, command, DURATION, SETTLE);
      expect(reachesCommand(r, command, LINEAR, ANGULAR), JSON.stringify({ vx: r.vx, vy: r.vy, omega: r.omega })).toBe(true);
      const k = r.trace.rows - 1;
      const drift = Math.hypot((r.trace.odomPose.x[k] as number) - (r.trace.truePose.x[k] as number), (r.trace.odomPose.y[k] as number) - (r.trace.truePose.y[k] as number));
      expect(drift).toBeLessThan(0.02);
      expect(Math.abs((r.trace.odomPose.theta[k] as number) - (r.trace.truePose.theta[k] as number))).toBeLessThan(0.02);
    });
  }

  it("a broken model — wheel 1 spinning about the direction of travel — fails the same check", async () => {
    const mujoco = await loadMujoco();
    // motor1's axis [1, 0, 0] in its frame is base +x: the wheel now spins about the
    // direction it should roll in, while its tyre still stands upright.
    const broken: Robot = { ...mario, joints: (mario.joints ?? []).map((j): Joint => (j.name === "motor1" && j.type === "continuous" ? { ...j, axis: [1, 0, 0] } : j)) };
    const command = { vx: 0.15 };
    const r = settledTwist(mujoco, broken, command, DURATION, SETTLE);
    expect(reachesCommand(r, command, LINEAR, ANGULAR)).toBe(false);
  });
});

describe("Robotino closed loop in MuJoCo (omni IK/FK, free rollers)", () => {
  // Stated bounds, 3 s at 0.2 m/s, averaged after 1 s: the displacement points within
  // 0.08 rad of the commanded direction, the speed is within 25 % of the command and the
  // heading turns less than 0.1 rad. (The example's omni wheels slip 15–20 %: README.)
  for (let d = 0; d < 6; d++) {
    const angle = (d * Math.PI) / 3;
    it(`drives a straight line towards ${d * 60}°`, async () => {
      const mujoco = await loadMujoco();
      const command = { vx: 0.2 * Math.cos(angle), vy: 0.2 * Math.sin(angle) };
      const r = settledTwist(mujoco, robotino, command, 3, 1);
      const k = r.trace.rows - 1;
      const x = r.trace.truePose.x[k] as number;
      const y = r.trace.truePose.y[k] as number;
      const heading = Math.atan2(y, x);
      expect(Math.abs(Math.atan2(Math.sin(heading - angle), Math.cos(heading - angle)))).toBeLessThan(0.08);
      expect(Math.abs(Math.hypot(r.vx, r.vy) - 0.2)).toBeLessThan(0.25 * 0.2);
      expect(Math.abs(r.trace.truePose.theta[k] as number)).toBeLessThan(0.1);
    });
  }
});
