// the simulated controllers keep every joint within the model's velocity limits
// (MARIO: steering servos 3 rad/s, which MJCF cannot carry; wheels 2 rad/s).
import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import type { Joint } from "../../src/model/Joint.js";
import type { Robot } from "../../src/model/Robot.js";
import { loadMujoco } from "../../src/sim/mujoco/loadMujoco.js";
import { runSimulation } from "../../src/sim/runSimulation.js";
import type { Scenario } from "../../src/sim/Scenario.js";
import type { SimulationTrace } from "../../src/sim/SimulationTrace.js";

// Steps that swing the steering by 90° (forward → crab) and 45° (crab → zero-turn).
const SWINGS: Scenario = {
  name: "steering-swings",
  profile: {
    type: "commands",
    interpolation: "hold",
    points: [
      { t: 0, vx: 0.15 },
      { t: 1.5, vy: 0.15 },
      { t: 3, omega: 0.4 },
      { t: 4.5, vx: 0.15 },
    ],
  },
};

/** Peak steering rates (rad/s) over one tick and over 100 ms windows, peak wheel rate (rad/s). */
function peaks(trace: SimulationTrace): { steer: number; steerTick: number; wheel: number } {
  let steer = 0;
  let steerTick = 0;
  let wheel = 0;
  const w = Math.round(0.1 / trace.dt);
  for (const s of trace.steering) {
    for (let k = 1; k < trace.rows; k++)
      steerTick = Math.max(steerTick, Math.abs(((s[k] as number) - (s[k - 1] as number)) / trace.dt));
    for (let k = w; k < trace.rows; k++)
      steer = Math.max(steer, Math.abs(((s[k] as number) - (s[k - w] as number)) / (w * trace.dt)));
  }
  for (const w of trace.wheelRates)
    for (let k = 0; k < trace.rows; k++) wheel = Math.max(wheel, Math.abs(w[k] as number));
  return { steer, steerTick, wheel };
}

const limitOf = (robot: Robot, prefix: string): number => {
  const j = (robot.joints ?? []).find((x) => x.name.startsWith(prefix));
  return j?.type === "revolute" || j?.type === "continuous" ? (j.limit?.velocity ?? NaN) : NaN;
};

describe("MARIO's controllers stay within the joints' velocity limits", () => {
  // The steering targets move at exactly 3 rad/s; the joint follows with ±0.5 rad/s of
  // stick-slip from the tyre scrubbing on the floor, so the bound is on 100 ms averages,
  // and single 10 ms ticks stay below 1.6× the limit (unlimited: 9 rad/s).
  it("steering ≤ 3 rad/s +15 % (100 ms average) and wheels ≤ 2 rad/s +5 % through 90° and 45° steering swings", async () => {
    const mujoco = await loadMujoco();
    const p = peaks(runSimulation(mario, SWINGS, { mujoco, duration: 6, seed: 1 }));
    expect(limitOf(mario, "servo")).toBe(3);
    expect(limitOf(mario, "motor")).toBe(2);
    expect(p.steer).toBeLessThanOrEqual(3 * 1.15);
    expect(p.steerTick).toBeLessThanOrEqual(3 * 1.6);
    expect(p.wheel).toBeLessThanOrEqual(2 * 1.05);
    // Without the steering limit (raised to 100 rad/s) the servos swing far faster.
    const free: Robot = {
      ...mario,
      joints: (mario.joints ?? []).map(
        (j): Joint =>
          j.name.startsWith("servo") && j.type === "revolute" ? { ...j, limit: { ...j.limit, velocity: 100 } } : j,
      ),
    };
    const q = peaks(runSimulation(free, SWINGS, { mujoco, duration: 6, seed: 1 }));
    expect(q.steer).toBeGreaterThan(6);
  });
});
