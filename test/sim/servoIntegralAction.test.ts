// the integral term of a position servo must not wind up while its joint is still on its
// way to a target that has stopped (it held MARIO's steering at full effort, and at its velocity
// limit, up to the target), but it must still act on an error that stays.
import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { mjcfNames } from "../../src/emit/mjcf/mjcfNames.js";
import type { Robot } from "../../src/model/Robot.js";
import { ServoIntegralAction } from "../../src/sim/ServoIntegralAction.js";
import type { SimulationSession } from "../../src/sim/SimulationSession.js";

const T = 0.01;

/** A session with one qpos and one ctrl slot per actuated joint, moved by the test itself. */
function fakeSession(robot: Robot): { session: SimulationSession; slot: (joint: string) => number } {
  const joints = (robot.joints ?? []).filter((j) => j.actuator !== undefined);
  const index = new Map<string, number>();
  joints.forEach((j, i) => {
    index.set(j.name, i);
    index.set(mjcfNames.actuator(j.name, j.actuator?.command ?? "position"), i);
  });
  const at = (name: string): number => {
    const i = index.get(name);
    if (i === undefined) throw new RangeError(name);
    return i;
  };
  const n = joints.length;
  const session: SimulationSession = {
    timestep: T,
    qpos: new Float64Array(n),
    qvel: new Float64Array(n),
    ctrl: new Float64Array(n),
    sensordata: new Float64Array(0),
    xpos: new Float64Array(3),
    xquat: Float64Array.of(1, 0, 0, 0),
    id: (_kind, name) => at(name),
    jointQposAddress: at,
    jointDofAddress: at,
    sensorAddress: (name) => {
      throw new RangeError(name);
    },
    step: () => undefined,
    forward: () => undefined,
  };
  return { session, slot: at };
}

const servo = (mario.joints ?? []).find((j) => j.name === "servo1");
const pid = servo?.actuator?.pid;
/** The integral's rate i/p (1/s) of MARIO's steering servo, from the model. */
const ratio = (pid?.i ?? Number.NaN) / (pid?.p ?? Number.NaN);

/**
 * Holds servo1's target at `target` while its joint moves from `start` by q ← r − (r − q)·e^(−λT)
 * each period; returns the largest |ctrl − target| seen (the integral's share of the command).
 */
function approach(start: number, target: number, lambda: number, periods: number): number {
  const { session, slot } = fakeSession(mario);
  const action = new ServoIntegralAction(mario, session, T);
  const q = slot("servo1");
  const act = slot(mjcfNames.actuator("servo1", "position"));
  session.qpos[q] = start;
  let most = 0;
  for (let k = 0; k < periods; k++) {
    session.ctrl[act] = target;
    action.apply();
    most = Math.max(most, Math.abs((session.ctrl[act] as number) - target));
    session.qpos[q] = target - (target - (session.qpos[q] as number)) * Math.exp(-lambda * T);
  }
  return most;
}

describe("ServoIntegralAction's conditional integration on a position servo", () => {
  it("holds the integral while the joint closes its error at least at the integral's rate, and integrates otherwise", () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1.5, max: 1.5, noNaN: true }),
        fc.double({ min: 0.05, max: 1, noNaN: true }),
        fc.double({ min: 0, max: 200, noNaN: true }),
        (target, gap, lambda) => {
          // Per period the joint closes 1 − e^(−λT) of its error and keeps e^(−λT) of it, on which
          // the integral would act at (i/p)·T.
          const kept = Math.exp(-lambda * T);
          const margin = 1 - kept - ratio * T * kept;
          fc.pre(Math.abs(margin) > 1e-6);
          const most = approach(target - gap, target, lambda, 30);
          if (margin > 0) expect(most).toBe(0);
          else expect(most).toBeGreaterThan(0);
        },
      ),
    );
  });

  it("still removes an error that stays: a stalled joint's integral grows to its clamp", () => {
    const most = approach(0.2, 0.25, 0, 200);
    // iClamp / p = 10 / 50 rad: the clamp on |i·I| over the P gain.
    const clamp = (pid?.iClamp ?? Number.NaN) / (pid?.p ?? Number.NaN);
    expect(most).toBeCloseTo(clamp, 12);
  });
});
