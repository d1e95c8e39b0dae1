import { combineInertials, principalMoments } from "../../model/inertia.js";
import type { Inertial } from "../../model/Inertial.js";
import { composePoses, IDENTITY_POSE, type Pose } from "../../model/Pose.js";
import type { Vec3 } from "../../model/Vector.js";
import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import { parseNumber, parseNumbers } from "./numbers.js";

/** A rigid body as the simulators see it: URDF links joined by fixed joints, lumped together. */
export interface LumpedBody {
  /** The link the group hangs from (its parent joint is not fixed, or it is the root). */
  readonly root: string;
  /** Member links with a usable inertial. */
  readonly members: readonly string[];
  /** Mass properties of the whole group, in the root link's frame; undefined when no member has mass. */
  readonly inertial: Inertial | undefined;
  /** Principal moments of the combined tensor (kg·m², ascending). */
  readonly moments: Vec3 | undefined;
  /** Every link of the group (with or without mass), each with its pose in the root link's frame (root_T_link). */
  readonly poses: ReadonlyMap<string, Pose>;
}

function poseOf(origin: XmlElement | undefined): Pose {
  if (origin === undefined) return IDENTITY_POSE;
  const xyz = parseNumbers(attr(origin, "xyz")) ?? [0, 0, 0];
  const rpy = parseNumbers(attr(origin, "rpy")) ?? [0, 0, 0];
  const v = (a: number[], i: number): number => (Number.isFinite(a[i]) ? (a[i] as number) : 0);
  return { xyz: [v(xyz, 0), v(xyz, 1), v(xyz, 2)], rpy: [v(rpy, 0), v(rpy, 1), v(rpy, 2)] };
}

function inertialOf(link: XmlElement): Inertial | undefined {
  const inertial = child(link, "inertial");
  const mass = parseNumber(attr(child(inertial ?? link, "mass") ?? link, "value") ?? "");
  const t = child(inertial ?? link, "inertia");
  if (inertial === undefined || mass === undefined || t === undefined || !(mass >= 0)) return undefined;
  const get = (n: string, d: number | undefined): number | undefined => {
    const raw = attr(t, n);
    return raw === undefined ? d : parseNumber(raw);
  };
  const [ixx, iyy, izz, ixy, ixz, iyz] = [
    get("ixx", undefined),
    get("iyy", undefined),
    get("izz", undefined),
    get("ixy", 0),
    get("ixz", 0),
    get("iyz", 0),
  ];
  if (![ixx, iyy, izz, ixy, ixz, iyz].every((x) => x !== undefined && Number.isFinite(x))) return undefined;
  return {
    mass,
    origin: poseOf(child(inertial, "origin")),
    inertia: { ixx: ixx!, iyy: iyy!, izz: izz!, ixy: ixy!, ixz: ixz!, iyz: iyz! },
  };
}

/**
 * Groups a URDF robot's links into the rigid bodies that Gazebo (libsdformat's fixed-joint
 * reduction) and MuJoCo (fusestatic) simulate: every link joined to its parent by a fixed joint
 * belongs to its parent's body (except under a `world` link: libsdformat keeps joints to the world).
 * Returns, for every link name, its body. Cycles and missing links
 * are left to the tree rule: such links form bodies of their own.
 */
export function urdfLumpedBodies(robot: XmlElement): Map<string, LumpedBody> {
  const links = new Map<string, XmlElement>();
  for (const c of robot.children)
    if (c.name === "link" && attr(c, "name") !== undefined && !links.has(attr(c, "name") ?? ""))
      links.set(attr(c, "name") ?? "", c);
  const fixedParent = new Map<string, { parent: string; origin: Pose }>();
  for (const j of robot.children) {
    if (j.name !== "joint" || attr(j, "type") !== "fixed") continue;
    const parent = attr(child(j, "parent") ?? j, "link");
    const c = attr(child(j, "child") ?? j, "link");
    // A link fixed to the `world` link is the base of a fixed model, not part of the world.
    if (
      parent === undefined ||
      c === undefined ||
      parent === "world" ||
      !links.has(parent) ||
      !links.has(c) ||
      fixedParent.has(c)
    )
      continue;
    fixedParent.set(c, { parent, origin: poseOf(child(j, "origin")) });
  }
  // Each link's pose in its group root: its fixed parent's placement composed with its joint
  // origin, each link placed once (a walk up stops at a placed link), so a chain of n fixed
  // joints costs O(n), not O(n²). Links on or leading into a cycle of fixed joints are bodies
  // of their own (the tree rule reports the cycle).
  const placement = new Map<string, { root: string; pose: Pose }>();
  const walked = new Set<string>();
  const path: string[] = [];
  for (const name of links.keys()) {
    if (placement.has(name)) continue;
    path.length = 0;
    let at: string | undefined = name;
    let cyclic = false;
    while (at !== undefined && !placement.has(at)) {
      if (walked.has(at)) {
        cyclic = true;
        break;
      }
      walked.add(at);
      path.push(at);
      at = fixedParent.get(at)?.parent;
    }
    for (let k = path.length - 1; k >= 0; k--) {
      const link = path[k] as string;
      const up = fixedParent.get(link);
      const above = up === undefined || cyclic ? undefined : placement.get(up.parent);
      placement.set(
        link,
        above === undefined || up === undefined
          ? { root: link, pose: IDENTITY_POSE }
          : { root: above.root, pose: composePoses(above.pose, up.origin) },
      );
    }
  }
  const groups = new Map<string, string[]>();
  for (const [name, p] of placement) {
    const group = groups.get(p.root);
    if (group === undefined) groups.set(p.root, [name]);
    else group.push(name);
  }
  const out = new Map<string, LumpedBody>();
  for (const [root, names] of groups) {
    const parts: Inertial[] = [];
    const members: string[] = [];
    for (const name of names) {
      const inertial = inertialOf(links.get(name) as XmlElement);
      if (inertial === undefined || inertial.mass <= 0) continue;
      const p = placement.get(name)?.pose ?? IDENTITY_POSE;
      parts.push({ ...inertial, origin: composePoses(p, inertial.origin ?? IDENTITY_POSE) });
      members.push(name);
    }
    const inertial = parts.length === 0 ? undefined : combineInertials(parts);
    const poses = new Map<string, Pose>();
    for (const name of names) poses.set(name, placement.get(name)?.pose ?? IDENTITY_POSE);
    const body: LumpedBody = {
      root,
      members,
      inertial,
      moments: inertial === undefined ? undefined : principalMoments(inertial.inertia),
      poses,
    };
    for (const name of names) out.set(name, body);
  }
  return out;
}
