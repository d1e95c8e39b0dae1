import { jointAxis } from "../model/Joint.js";
import { linkPoses } from "../model/linkPoses.js";
import { composePoses, invertPose, rotateVector } from "../model/Pose.js";
import type { Robot } from "../model/Robot.js";
import type { Vec3 } from "../model/Vector.js";

/**
 * Axis of a joint expressed in the frame of `link`, all joints at zero (unit vector).
 * @throws RangeError when the joint or link is unknown, or the joint has no axis.
 */
export function jointAxisInLink(robot: Robot, jointName: string, link: string): Vec3 {
  const joint = (robot.joints ?? []).find((j) => j.name === jointName);
  const axis = joint === undefined ? undefined : jointAxis(joint);
  if (joint === undefined || axis === undefined)
    throw new RangeError(`robot "${robot.name}": joint "${jointName}" has no axis`);
  const poses = linkPoses(robot);
  const root_T_link = poses.get(link);
  const root_T_child = poses.get(joint.child);
  if (root_T_link === undefined || root_T_child === undefined)
    throw new RangeError(`robot "${robot.name}": link "${link}" or "${joint.child}" is not connected`);
  const link_T_child = composePoses(invertPose(root_T_link), root_T_child);
  const a = rotateVector(link_T_child.rpy, axis);
  const n = Math.hypot(...a);
  return [a[0] / n, a[1] / n, a[2] / n];
}
