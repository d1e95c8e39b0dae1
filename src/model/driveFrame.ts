import { jointAxis, type Joint } from "./Joint.js";
import { linkPoses } from "./linkPoses.js";
import { composePoses, invertPose, rotateVector, type Pose } from "./Pose.js";
import type { Robot } from "./Robot.js";
import type { Vec3 } from "./Vector.js";

/** The frame a drive's geometry is read in, with lookups that throw on a model-authoring error. */
export interface DriveFrame {
  /** The base link: `baseLink` when given, else "base_link" when present, else the root link. */
  readonly base: string;
  /** root_T_link of every link connected to the root, at zero joint positions. */
  readonly poses: ReadonlyMap<string, Pose>;
  /** base_T_link at zero joint positions. */
  inBase(link: string): Pose;
  /** The joint named `name`. */
  joint(name: string): Joint;
  /** The joint's unit axis in the base frame, at zero joint positions. */
  axisInBase(joint: Joint): Vec3;
}

/**
 * Resolves the base frame of a robot's drive and the lookups every drive reader needs.
 * Throws RangeError when the base link, a link or a joint is missing.
 */
export function driveFrame(robot: Robot, baseLink?: string): DriveFrame {
  const poses = linkPoses(robot);
  const base = baseLink ?? (poses.has("base_link") ? "base_link" : [...poses.keys()][0]);
  const root_T_base = base === undefined ? undefined : poses.get(base);
  if (base === undefined || root_T_base === undefined)
    throw new RangeError(`robot "${robot.name}": base link "${baseLink ?? "base_link"}" not found`);
  const base_T_root = invertPose(root_T_base);
  const joints = new Map((robot.joints ?? []).map((j) => [j.name, j] as const));
  const inBase = (link: string): Pose => {
    const p = poses.get(link);
    if (p === undefined) throw new RangeError(`robot "${robot.name}": link "${link}" is not connected to the root`);
    return composePoses(base_T_root, p);
  };
  return {
    base,
    poses,
    inBase,
    joint: (name) => {
      const j = joints.get(name);
      if (j === undefined) throw new RangeError(`robot "${robot.name}": drive joint "${name}" does not exist`);
      return j;
    },
    axisInBase: (j) => {
      const a = rotateVector(inBase(j.child).rpy, jointAxis(j) ?? [1, 0, 0]);
      const n = Math.hypot(a[0], a[1], a[2]);
      return n > 0 ? [a[0] / n, a[1] / n, a[2] / n] : a;
    },
  };
}
