import type { Joint } from "../../model/Joint.js";
import { linkPoses } from "../../model/linkPoses.js";
import { composePoses, invertPose, type Pose } from "../../model/Pose.js";
import type { Robot } from "../../model/Robot.js";
import { rollingRadius } from "../../model/rollingRadius.js";

/** A wheel as the robot places it: centre in the base frame (m, REP-103) and radius (m) when it has a round collision. */
export interface WheelPlace {
  readonly x: number;
  readonly y: number;
  readonly radius?: number;
}

/**
 * Where the robot puts the child links of the named joints, in the frame of `baseFrame` (the
 * root link when the robot has no such link), at zero joint positions, with the wheel radius
 * read as the drive emitters read it (collision cylinder, or the rollers' envelope of an omni
 * wheel) or from the first round collision below. A joint the robot lacks gives undefined.
 */
export function wheelPlaces(robot: Robot, joints: readonly string[], baseFrame: string): (WheelPlace | undefined)[] {
  const poses = linkPoses(robot);
  const root_T_base = poses.get(baseFrame);
  const base_T_root: Pose | undefined = root_T_base === undefined ? undefined : invertPose(root_T_base);
  return joints.map((name) => {
    const joint = (robot.joints ?? []).find((j) => j.name === name);
    const root_T_wheel = joint === undefined ? undefined : poses.get(joint.child);
    if (joint === undefined || root_T_wheel === undefined) return undefined;
    const p = base_T_root === undefined ? root_T_wheel : composePoses(base_T_root, root_T_wheel);
    const radius = radiusBelow(robot, joint, poses);
    return { x: p.xyz[0], y: p.xyz[1], ...(radius !== undefined ? { radius } : {}) };
  });
}

/**
 * The wheel radius under a joint: the child link's round collision or the rolling envelope of
 * its rollers ({@link rollingRadius}), else the first cylinder or sphere collision of the links
 * below (breadth first: a steering joint's child is the knuckle, the wheel hangs below it).
 */
function radiusBelow(robot: Robot, joint: Joint, poses: ReadonlyMap<string, Pose>): number | undefined {
  const rolling = rollingRadius(robot, joint, poses);
  if (rolling !== undefined) return rolling;
  const queue = [joint.child];
  const seen = new Set(queue);
  for (let i = 0; i < queue.length; i++) {
    const name = queue[i]!;
    for (const c of robot.links.find((l) => l.name === name)?.collisions ?? [])
      if (c.geometry.type === "cylinder" || c.geometry.type === "sphere") return c.geometry.radius;
    for (const j of robot.joints ?? [])
      if (j.parent === name && !seen.has(j.child)) {
        seen.add(j.child);
        queue.push(j.child);
      }
  }
  return undefined;
}
