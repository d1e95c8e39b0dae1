import { combineInertials } from "../../model/inertia.js";
import type { Inertial } from "../../model/Inertial.js";
import { isTreeJoint, jointAxis, type Joint } from "../../model/Joint.js";
import { linkPoses } from "../../model/linkPoses.js";
import { composePoses, IDENTITY_POSE, type Pose, rotateVector } from "../../model/Pose.js";
import type { Robot } from "../../model/Robot.js";
import { rollingRadius } from "../../model/rollingRadius.js";
import type { Vec3 } from "../../model/Vector.js";

/** What a joint's servo moves, at zero joint positions. */
export interface JointLoad {
  /**
   * Inertia (kg·m², or kg for a prismatic joint) of the links below the joint about its axis
   * line (through the child frame's origin); 0 when they carry no mass.
   */
  readonly axisInertia: number;
  /**
   * For a wheel (a continuous joint whose child touches the floor with a round collision):
   * its rolling radius (m) and its share of the robot's mass (kg, total mass ÷ number of such
   * wheels), which it accelerates at its rim when it drives the base.
   */
  readonly wheel?: { readonly radius: number; readonly massShare: number };
}

/**
 * The inertia each actuated joint's servo drives: the subtree's inertia about the joint axis
 * (parallel-axis theorem on the combined inertial of every link below it), and for a driven
 * wheel the share of the base it pushes. Joints without an actuator are left out.
 */
export function jointLoadInertia(robot: Robot): Map<string, JointLoad> {
  const poses = linkPoses(robot);
  const links = new Map(robot.links.map((l) => [l.name, l] as const));
  const children = new Map<string, Joint[]>();
  for (const j of robot.joints ?? [])
    if (isTreeJoint(j)) children.set(j.parent, [...(children.get(j.parent) ?? []), j]);
  const totalMass = robot.links.reduce((m, l) => m + (l.inertial?.mass ?? 0), 0);
  const actuated = (robot.joints ?? []).filter((j) => j.actuator !== undefined && isTreeJoint(j));
  const wheelRadius = new Map<string, number>();
  for (const j of actuated) {
    if (j.type !== "continuous") continue;
    const r = rollingRadius(robot, j, poses);
    if (r !== undefined && r > 0) wheelRadius.set(j.name, r);
  }
  const out = new Map<string, JointLoad>();
  for (const j of actuated) {
    const root_T_child = poses.get(j.child);
    if (root_T_child === undefined) continue;
    const parts = subtreeInertials(j.child, children, links, poses);
    const axisInertia =
      parts.length === 0
        ? 0
        : j.type === "prismatic"
          ? parts.reduce((m, p) => m + p.mass, 0)
          : aboutAxis(combineInertials(parts), root_T_child, jointAxis(j));
    const r = wheelRadius.get(j.name);
    out.set(
      j.name,
      r === undefined
        ? { axisInertia }
        : { axisInertia, wheel: { radius: r, massShare: totalMass / wheelRadius.size } },
    );
  }
  return out;
}

/** The inertials of `link` and every link below it, expressed in the root frame. */
function subtreeInertials(
  link: string,
  children: ReadonlyMap<string, Joint[]>,
  links: ReadonlyMap<string, { readonly inertial?: Inertial }>,
  poses: ReadonlyMap<string, Pose>,
): Inertial[] {
  const out: Inertial[] = [];
  const stack = [link];
  while (stack.length > 0) {
    const name = stack.pop() as string;
    const inertial = links.get(name)?.inertial;
    const root_T_link = poses.get(name);
    if (inertial !== undefined && inertial.mass > 0 && root_T_link !== undefined)
      out.push({ ...inertial, origin: composePoses(root_T_link, inertial.origin ?? IDENTITY_POSE) });
    for (const j of children.get(name) ?? []) stack.push(j.child);
  }
  return out;
}

/** Moment of inertia of `body` (root frame, tensor about its centre) about the joint's axis line. */
function aboutAxis(body: Inertial, root_T_joint: Pose, axis: Vec3 | undefined): number {
  const raw = rotateVector(root_T_joint.rpy, axis ?? [1, 0, 0]);
  const n = Math.hypot(raw[0], raw[1], raw[2]);
  const a: Vec3 = [raw[0] / n, raw[1] / n, raw[2] / n];
  const t = body.inertia;
  const central =
    a[0] * a[0] * t.ixx +
    a[1] * a[1] * t.iyy +
    a[2] * a[2] * t.izz +
    2 * (a[0] * a[1] * t.ixy + a[0] * a[2] * t.ixz + a[1] * a[2] * t.iyz);
  const c = body.origin?.xyz ?? [0, 0, 0];
  const d: Vec3 = [c[0] - root_T_joint.xyz[0], c[1] - root_T_joint.xyz[1], c[2] - root_T_joint.xyz[2]];
  const along = d[0] * a[0] + d[1] * a[1] + d[2] * a[2];
  const off = d[0] * d[0] + d[1] * d[1] + d[2] * d[2] - along * along;
  return central + body.mass * Math.max(0, off);
}
