import { linkPoses } from "../../model/linkPoses.js";
import { composePoses, invertPose, type Pose } from "../../model/Pose.js";
import type { Robot } from "../../model/Robot.js";

/** A wheel as the robot places it: centre in the base frame (m, REP-103) and radius (m) when it has a round collision. */
export interface WheelPlace {
  readonly x: number;
  readonly y: number;
  readonly radius?: number;
}

/**
 * Where the robot puts the child links of the named joints, in the frame of `baseFrame` (the
 * root link when the robot has no such link), at zero joint positions; the radius is the child
 * link's first cylinder or sphere collision. A joint the robot lacks gives undefined.
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
    const link = robot.links.find((l) => l.name === joint.child);
    let radius: number | undefined;
    for (const c of link?.collisions ?? []) {
      if (c.geometry.type === "cylinder" || c.geometry.type === "sphere") {
        radius = c.geometry.radius;
        break;
      }
    }
    return { x: p.xyz[0], y: p.xyz[1], ...(radius !== undefined ? { radius } : {}) };
  });
}
