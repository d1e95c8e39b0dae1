import { mjcfNames } from "../emit/mjcf/mjcfNames.js";
import type { Robot } from "../model/Robot.js";
import type { SimulationSession } from "./SimulationSession.js";

/** Addresses of a set of servo-driven joints in a simulation session. */
export interface DriveServos {
  /** qpos address per joint. */
  readonly qpos: Int32Array;
  /** qvel address per joint. */
  readonly dof: Int32Array;
  /** Actuator index per joint. */
  readonly actuator: Int32Array;
  /** The smallest velocity limit of the joints (rad/s), +∞ when none has one. */
  readonly maxRate: number;
}

/**
 * Finds the joints' servos: each must carry an actuator of the model commanding `command`
 * ("position" for steering, "velocity" for wheels), as `robokit sim` drives it.
 * @throws RangeError naming the first joint without such an actuator.
 */
export function driveServos(
  robot: Robot,
  session: SimulationSession,
  joints: readonly string[],
  command: "position" | "velocity",
  role: string,
): DriveServos {
  const byName = new Map((robot.joints ?? []).map((j) => [j.name, j] as const));
  const n = joints.length;
  const servos = { qpos: new Int32Array(n), dof: new Int32Array(n), actuator: new Int32Array(n), maxRate: Infinity };
  joints.forEach((name, i) => {
    const j = byName.get(name);
    if (j?.actuator?.command !== command)
      throw new RangeError(
        `robokit sim drives ${role} with ${command} servos: joint "${name}" has ${j?.actuator === undefined ? "no actuator" : `a ${j.actuator.command} actuator`}`,
      );
    if ((j.type === "continuous" || j.type === "revolute") && j.limit !== undefined && j.limit.velocity > 0)
      servos.maxRate = Math.min(servos.maxRate, j.limit.velocity);
    servos.qpos[i] = session.jointQposAddress(name);
    servos.dof[i] = session.jointDofAddress(name);
    servos.actuator[i] = session.id("actuator", mjcfNames.actuator(name, command));
  });
  return servos;
}
