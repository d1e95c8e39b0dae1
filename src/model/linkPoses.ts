import { isTreeJoint, jointAxis, type Joint } from "./Joint.js";
import { composePoses, IDENTITY_POSE, invertPose, rpyFromQuat, type Pose } from "./Pose.js";
import type { Robot } from "./Robot.js";

/**
 * Pose of every link in the root link's frame (`root_T_link`), the forward kinematics of the
 * tree. Joints take their position from `positions` (rad for revolute and continuous, m for
 * prismatic; absent = 0); a mimic joint follows its leader (multiplier·q + offset) unless given.
 * Floating, planar and the SDF-only joints (ball, universal, revolute2, screw) stay at their
 * origin; gearbox joints are not tree edges. Assumes a checked model (a tree); links not
 * reachable from the root are omitted.
 */
export function linkPoses(robot: Robot, positions?: ReadonlyMap<string, number>): Map<string, Pose> {
  const root = rootLink(robot);
  const poses = new Map<string, Pose>();
  if (root === undefined) return poses;
  poses.set(root, IDENTITY_POSE);
  const children = new Map<string, Joint[]>();
  for (const j of robot.joints ?? [])
    if (isTreeJoint(j)) children.set(j.parent, [...(children.get(j.parent) ?? []), j]);
  const stack = [root];
  while (stack.length > 0) {
    const parent = stack.pop()!;
    const root_T_parent = poses.get(parent)!;
    for (const j of children.get(parent) ?? []) {
      if (poses.has(j.child)) continue;
      const parent_T_joint = j.origin ?? IDENTITY_POSE;
      const q = positions === undefined ? 0 : jointPosition(j, positions);
      poses.set(
        j.child,
        composePoses(root_T_parent, q === 0 ? parent_T_joint : composePoses(parent_T_joint, jointMotion(j, q))),
      );
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
  const children = new Set((robot.joints ?? []).filter(isTreeJoint).map((j) => j.child));
  return robot.links.find((l) => !children.has(l.name))?.name;
}

/** A joint's position from `positions`, a mimic joint's from its leader when not given itself. */
function jointPosition(joint: Joint, positions: ReadonlyMap<string, number>): number {
  const own = positions.get(joint.name);
  if (own !== undefined) return own;
  if (
    (joint.type === "revolute" || joint.type === "continuous" || joint.type === "prismatic") &&
    joint.mimic !== undefined
  ) {
    return (joint.mimic.multiplier ?? 1) * (positions.get(joint.mimic.joint) ?? 0) + (joint.mimic.offset ?? 0);
  }
  return 0;
}

/** `joint_T_child` at position q: a rotation about the unit axis, or a translation along it. */
function jointMotion(joint: Joint, q: number): Pose {
  const axis = jointAxis(joint);
  // Planar and the SDF-only types have no single position: they stay at their origin.
  if (axis === undefined || (joint.type !== "revolute" && joint.type !== "continuous" && joint.type !== "prismatic"))
    return IDENTITY_POSE;
  const n = Math.hypot(axis[0], axis[1], axis[2]);
  const u = [axis[0] / n, axis[1] / n, axis[2] / n] as const;
  if (joint.type === "prismatic") return { xyz: [u[0] * q, u[1] * q, u[2] * q], rpy: [0, 0, 0] };
  const s = Math.sin(q / 2);
  return { xyz: [0, 0, 0], rpy: rpyFromQuat([u[0] * s, u[1] * s, u[2] * s, Math.cos(q / 2)]) };
}
