import { combineInertials } from "./inertia.js";
import type { Inertial } from "./Inertial.js";
import { isTreeJoint, type Joint } from "./Joint.js";
import type { Collision, Link, Visual } from "./Link.js";
import { composePoses, IDENTITY_POSE, type Pose } from "./Pose.js";
import type { Robot } from "./Robot.js";
import type { Sensor } from "./Sensor.js";

/** A link merged into an ancestor by {@link lumpFixedJoints}. */
export interface LumpedLink {
  /** The link that no longer exists on its own. */
  readonly link: string;
  /** The fixed joint that connected it to its parent (also gone). */
  readonly joint: string;
  /** The joint's parent link (possibly itself lumped). */
  readonly parent: string;
  /** The surviving link it was merged into. */
  readonly into: string;
  /** `into_T_joint` (= `into_T_link`): where the lumped link's frame is in the surviving link. */
  readonly pose: Pose;
}

/** Result of {@link lumpFixedJoints}. */
export interface LumpResult {
  readonly robot: Robot;
  /** In link declaration order. Empty when nothing was lumped (then `robot` is the input). */
  readonly lumped: readonly LumpedLink[];
}

/** Options of {@link lumpFixedJoints}. */
export interface LumpOptions {
  /** Fixed joints left alone (URDF `<gazebo reference="J"><preserveFixedJoint>` or `<disableFixedJointLumping>`). */
  readonly keep?: ReadonlySet<string>;
}

/**
 * Fixed-joint lumping as libsdformat's URDF converter does it (what Gazebo loads from a URDF):
 * the child link of every fixed joint is merged into its parent, recursively, so each rigid
 * cluster becomes its surviving top link.
 *
 * - Mass adds up; the combined centre of mass is the mass-weighted mean; the tensor is summed
 *   about it with the parallel-axis theorem, in the surviving link's axes (inertial rpy 0).
 *   A surviving link none of whose lumped links has an inertial keeps its own unchanged.
 * - Visuals, collisions and sensors are re-posed into the surviving link frame. Lumped shapes are
 *   named as libsdformat names them: `<into>_fixed_joint_lump__<name or link>_<visual|collision>[_k]`.
 * - Joints whose parent was lumped hang from the surviving link, origin composed.
 * - Not lumped: joints in `options.keep`, and fixed joints whose parent is `world` (a fixed
 *   joint to the world stays one, as in libsdformat).
 *
 * Pure. Poses are rigid transforms `parent_T_child` (m, rad); frames as in {@link Joint}.
 */
export function lumpFixedJoints(robot: Robot, options: LumpOptions = {}): LumpResult {
  const joints = robot.joints ?? [];
  const keep = options.keep ?? new Set<string>();
  // A gearbox joint is no tree edge: a link's parent joint is its tree joint.
  const parentJoint = new Map(joints.filter(isTreeJoint).map((j) => [j.child, j] as const));
  const lumps = (j: Joint | undefined): j is Joint =>
    j !== undefined && j.type === "fixed" && j.parent !== "world" && !keep.has(j.name);
  // Surviving ancestor of every link and `into_T_link`; a cycle (unchecked model) stops the walk.
  // Iterative (a chain of 100,000 fixed joints is one walk up, then one pass down), memoised.
  const survivor = new Map<string, { into: string; pose: Pose }>();
  const resolve = (name: string): { into: string; pose: Pose } => {
    const path: { name: string; joint: Joint }[] = [];
    const seen = new Set<string>();
    let top = name;
    let known = survivor.get(top);
    while (known === undefined) {
      const j = parentJoint.get(top);
      if (!lumps(j) || seen.has(top)) {
        known = { into: top, pose: IDENTITY_POSE };
        survivor.set(top, known);
        break;
      }
      seen.add(top);
      path.push({ name: top, joint: j });
      top = j.parent;
      known = survivor.get(top);
    }
    for (let k = path.length - 1; k >= 0; k--) {
      const { name: link, joint: j } = path[k]!;
      // A direct child keeps the file's numbers exactly.
      known = {
        into: known.into,
        pose:
          known.into === j.parent ? (j.origin ?? IDENTITY_POSE) : composePoses(known.pose, j.origin ?? IDENTITY_POSE),
      };
      survivor.set(link, known);
    }
    return known;
  };
  const lumped: LumpedLink[] = [];
  for (const link of robot.links) {
    const s = resolve(link.name);
    const j = parentJoint.get(link.name);
    if (s.into !== link.name && j !== undefined)
      lumped.push({ link: link.name, joint: j.name, parent: j.parent, into: s.into, pose: s.pose });
  }
  if (lumped.length === 0) return { robot, lumped };

  const byName = new Map(robot.links.map((l) => [l.name, l] as const));
  const members = new Map<string, LumpedLink[]>();
  for (const l of lumped) {
    const list = members.get(l.into);
    if (list === undefined) members.set(l.into, [l]);
    else list.push(l);
  }
  const lumpedNames = new Set(lumped.map((l) => l.link));
  const links = robot.links
    .filter((l) => !lumpedNames.has(l.name))
    .map((l) =>
      merge(
        l,
        (members.get(l.name) ?? []).map((m) => ({ lump: m, link: byName.get(m.link)! })),
      ),
    );
  const newJoints = joints
    .filter((j) => !lumpedNames.has(j.child))
    .map((j): Joint => {
      const s = survivor.get(j.parent);
      if (s === undefined || s.into === j.parent) return j;
      // s.pose is into_T_parent; the joint's origin is parent_T_joint.
      return { ...j, parent: s.into, origin: composePoses(s.pose, j.origin ?? IDENTITY_POSE) };
    });
  const { joints: _old, ...rest } = robot;
  return { robot: { ...rest, links, ...(newJoints.length > 0 ? { joints: newJoints } : {}) }, lumped };
}

function merge(link: Link, parts: readonly { lump: LumpedLink; link: Link }[]): Link {
  if (parts.length === 0) return link;
  const visuals: Visual[] = [...(link.visuals ?? [])];
  const collisions: Collision[] = [...(link.collisions ?? [])];
  const sensors: Sensor[] = [...(link.sensors ?? [])];
  const inertials: Inertial[] = [];
  for (const { lump, link: part } of parts) {
    const name = (own: string | undefined, tag: "visual" | "collision", k: number): string =>
      `${link.name}_fixed_joint_lump__${own ?? part.name}_${tag}${k > 0 ? `_${k}` : ""}`;
    (part.visuals ?? []).forEach((v, k) =>
      visuals.push({
        ...v,
        name: name(v.name, "visual", k),
        origin: composePoses(lump.pose, v.origin ?? IDENTITY_POSE),
      }),
    );
    (part.collisions ?? []).forEach((c, k) =>
      collisions.push({
        ...c,
        name: name(c.name, "collision", k),
        origin: composePoses(lump.pose, c.origin ?? IDENTITY_POSE),
      }),
    );
    for (const s of part.sensors ?? [])
      sensors.push({ ...s, origin: composePoses(lump.pose, s.origin ?? IDENTITY_POSE) });
    if (part.inertial !== undefined)
      inertials.push({ ...part.inertial, origin: composePoses(lump.pose, part.inertial.origin ?? IDENTITY_POSE) });
  }
  const all = link.inertial === undefined ? inertials : [link.inertial, ...inertials];
  const mass = all.reduce((m, i) => m + i.mass, 0);
  // Nothing with mass lumped: the link keeps its own inertial. All massless: no centre of mass to speak of.
  const inertial = inertials.length === 0 ? link.inertial : mass > 0 ? combineInertials(all) : all[0];
  return {
    ...link,
    ...(visuals.length > 0 ? { visuals } : {}),
    ...(collisions.length > 0 ? { collisions } : {}),
    ...(inertial === undefined ? {} : { inertial }),
    ...(sensors.length > 0 ? { sensors } : {}),
  };
}
