import type { Joint } from "./Joint.js";
import { composePoses, IDENTITY_POSE, invertPose, type Pose } from "./Pose.js";
import type { Robot } from "./Robot.js";

/**
 * Pose of every link in the root link's frame (`root_T_link`) with all joints at zero.
 * Assumes a checked model (a tree); links not reachable from the root are omitted.
 */
export function linkPoses(robot: Robot): Map<string, Pose> {
  const root = rootLink(robot);
  const poses = new Map<string, Pose>();
  if (root === undefined) return poses;
  poses.set(root, IDENTITY_POSE);
  const children = new Map<string, Joint[]>();
  for (const j of robot.joints ?? []) children.set(j.parent, [...(children.get(j.parent) ?? []), j]);
  const stack = [root];
  while (stack.length > 0) {
    const parent = stack.pop()!;
    const root_T_parent = poses.get(parent)!;
    for (const j of children.get(parent) ?? []) {
      if (poses.has(j.child)) continue;
      poses.set(j.child, composePoses(root_T_parent, j.origin ?? IDENTITY_POSE));
      stack.push(j.child);
    }
  }
  return poses;
}

/** `a_T_b` between two links at zero joint positions, or undefined if either is unknown. */
export function relativePose(robot: Robot, a: string, b: string, poses = linkPoses(robot)): Pose | undefined {
  const root_T_a = poses.get(a);
  const root_T_b = poses.get(b);
  if (root_T_a === undefined || root_T_b === undefined) return undefined;
  return composePoses(invertPose(root_T_a), root_T_b);
}

/** The root link: the first declared link that is no joint's child. */
export function rootLink(robot: Robot): string | undefined {
  const children = new Set((robot.joints ?? []).map((j) => j.child));
  return robot.links.find((l) => !children.has(l.name))?.name;
}
