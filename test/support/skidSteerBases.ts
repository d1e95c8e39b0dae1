import { skidsteer } from "../../examples/skidsteer/skidsteer.js";
import { RobotBuilder, box, cylinder, solidLink } from "../../src/index.js";
import type { Robot } from "../../src/model/Robot.js";
import type { Scenario } from "../../src/sim/Scenario.js";
import type { SimulationTrace } from "../../src/sim/SimulationTrace.js";

/**
 * The wheel_separation_multiplier range manufacturers ship for their skid-steer bases:
 * Clearpath's Warthog 1.125, Jackal 1.5 and Husky 1.875 (clearpath_common,
 * clearpath_control/config/{w200,j100,a200}/control.yaml), with a little margin.
 */
export const MANUFACTURERS_MULTIPLIER = { min: 1.1, max: 1.9 } as const;

/** `robot` with its drive's wheel separation back at the wheels' geometry (multiplier 1). */
export function geometricTrack(robot: Robot): Robot {
  if (robot.drive?.type !== "differential") throw new Error(`${robot.name} has no differential drive`);
  const { wheelSeparationMultiplier: _calibrated, ...drive } = robot.drive;
  return { ...robot, drive };
}

/**
 * A skid-steer base written the plain way, as README's cart is: four cylinder wheels whose
 * collisions are the cylinders, actuators without gains; the skid-steer example's sizes.
 */
export function plainCylinderSkidSteer(): Robot {
  const b = new RobotBuilder("plain_skidsteer");
  b.link(solidLink("base_link", { shape: box(0.6, 0.4, 0.15), mass: 15 }));
  const left: string[] = [];
  const right: string[] = [];
  for (const [end, x] of [
    ["front", 0.2],
    ["rear", -0.2],
  ] as const)
    for (const [side, y] of [
      ["left", 0.24],
      ["right", -0.24],
    ] as const) {
      const name = `${end}_${side}_wheel`;
      b.link(solidLink(name, { shape: cylinder(0.1, 0.06), mass: 1.2 }));
      b.joint({
        name: `${name}_joint`,
        type: "continuous",
        parent: "base_link",
        child: name,
        origin: { xyz: [x, y, 0], rpy: [-Math.PI / 2, 0, 0] },
        axis: [0, 0, 1],
        limit: { effort: 20, velocity: 8 },
        actuator: { command: "velocity" },
      });
      (side === "left" ? left : right).push(`${name}_joint`);
    }
  b.drive({ type: "differential", left, right });
  return b.build();
}

/** The skid-steer bases the turn is judged on: the example (at multiplier 1) and the plain one. */
export function skidSteerBases(): readonly (readonly [string, Robot])[] {
  return [
    ["examples/skidsteer", geometricTrack(skidsteer)],
    ["plain cylinder wheels", plainCylinderSkidSteer()],
  ];
}

/** The turns: on the spot, and an arc. */
export const TURNS = [
  { vx: 0, omega: 0.6 },
  { vx: 0.3, omega: 0.4 },
] as const;

/** A constant command held for the run. */
export function constantCommand(command: { readonly vx: number; readonly omega: number }): Scenario {
  return { name: "turn", profile: { type: "commands", interpolation: "hold", points: [{ t: 0, ...command }] } };
}

/**
 * The wheel_separation_multiplier the run needs: the yaw rate commanded through the geometric
 * track over the true body's mean yaw rate after `settle` s.
 */
export function neededMultiplier(trace: SimulationTrace, omega: number, settle: number): number {
  let sum = 0;
  let n = 0;
  for (let k = 0; k < trace.rows; k++)
    if ((trace.time[k] as number) >= settle) {
      sum += trace.trueTwist.omega[k] as number;
      n++;
    }
  return omega / (sum / n);
}
