import type { Joint } from "../../model/Joint.js";

/**
 * The position range (rad or m) MJCF writes on a revolute or prismatic joint, or undefined
 * when there is none to write: MuJoCo refuses a range whose lower bound is not below its
 * upper one ("range[0] should be smaller than range[1]"), which URDFs use for "no limit"
 * (PyBullet reads lower > upper so). Such a joint is written unlimited (mjcfJointLosses names it).
 */
export function mjcfJointRange(j: Joint): readonly [number, number] | undefined {
  if (j.type !== "revolute" && j.type !== "prismatic") return undefined;
  return j.limit.lower < j.limit.upper ? [j.limit.lower, j.limit.upper] : undefined;
}
