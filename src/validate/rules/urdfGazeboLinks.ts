import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import { parseNumber } from "./numbers.js";

/** Why libsdformat's URDF reader leaves a link out. */
export type GazeboDropReason = "no-inertial" | "mass-zero";

/** A link where libsdformat 12's URDF reader stops: it and every link below it are left out. */
export interface GazeboDrop {
  /** The link whose (lumped) mass is zero or that has no inertial. */
  readonly link: XmlElement;
  readonly name: string;
  readonly reason: GazeboDropReason;
  /** With reason "mass-zero": the lumped mass (kg), 0 or within 1e-6 of it. */
  readonly mass?: number;
  /**
   * Whether the link sits on a reduced fixed joint: then its shapes, sensors and frame were already
   * added to its parent, and only links jointed below it through a joint that is not reduced are lost.
   */
  readonly reduced: boolean;
  /**
   * Every link whose content Gazebo loses because of it, in tree order: the link itself first
   * unless it is reduced, then each link below it that is not (only) reduced into it. Never empty:
   * a reduced link that loses nothing is no drop.
   */
  readonly dropped: readonly string[];
}

/** What libsdformat 12 makes of a URDF robot's links (fixed-joint reduction, massless links). */
export interface GazeboLinks {
  /** Links that become SDF links (not lumped into a parent, not left out). */
  readonly kept: readonly string[];
  /** Where the reader stops, in tree order. */
  readonly drops: readonly GazeboDrop[];
  /**
   * Kept links whose lumped inertial pose is not finite: the reduction added a link of mass m to a
   * parent of mass -m (both 0, mostly) and divided by the total mass 0; the NaN spreads to every
   * link the parent is reduced into. `cause` is the first such pair.
   */
  /**
   * Kept links on a floating or planar joint: libsdformat writes no SDF joint for these types but
   * places the link relative to the joint's name, which then names nothing.
   */
  readonly unjointed: readonly { readonly link: string; readonly joint: string; readonly type: string }[];
  readonly nonFinite: readonly { readonly link: string; readonly cause: { parent: string; child: string } }[];
}

/** ignition::math::equal's default tolerance, which libsdformat uses for "mass is 0". */
const MASS_ZERO = 1e-6;

/**
 * Simulates libsdformat 12's URDF reader (parser_urdf.cc) on a robot's links, for a robot that
 * urdfdom loads (one root, a tree, every inertial with a number as mass); otherwise undefined.
 *
 * Fixed joints are reduced first: a link on a fixed joint hands its inertial (summed with those
 * reduced into it) to its parent, creating the parent's inertial when it had none; joints to a
 * link named `world` and joints named in a `<gazebo>` `preserveFixedJoint` or
 * `disableFixedJointLumping` block are not reduced. The reader then walks the tree from the root
 * (from each child of a root named `world`): a link without an inertial, or whose mass is 0
 * within 1e-6, is left out with every link below it in the URDF tree, even one on a fixed joint
 * whose parent kept its mass; what such a reduced link and the links reduced into it carried is
 * already in the parent, so only links behind a joint that is not reduced are lost. Links on
 * reduced fixed joints do not become SDF links.
 */
export function urdfGazeboLinks(robot: XmlElement): GazeboLinks | undefined {
  // Three rules ask about the same document: simulate it once.
  const known = simulated.get(robot);
  if (known !== undefined) return known ?? undefined;
  const result = simulateGazeboLinks(robot);
  simulated.set(robot, result ?? null);
  return result;
}

/** Each parsed `<robot>` simulated so far (null: a tree urdfdom refuses), while the document lives. */
const simulated = new WeakMap<XmlElement, GazeboLinks | null>();

function simulateGazeboLinks(robot: XmlElement): GazeboLinks | undefined {
  const links = new Map<string, XmlElement>();
  for (const c of robot.children) {
    if (c.name !== "link") continue;
    const name = attr(c, "name");
    if (name === undefined || links.has(name)) return undefined;
    links.set(name, c);
  }
  const kept = new Set<string>();
  for (const g of robot.children) {
    if (g.name !== "gazebo") continue;
    const ref = attr(g, "reference");
    if (ref === undefined) continue;
    for (const opt of g.children) {
      if (opt.name !== "preserveFixedJoint" && opt.name !== "disableFixedJointLumping") continue;
      const v = opt.text.trim();
      if (v.toLowerCase() === "true" || v.toLowerCase() === "yes" || v === "1") kept.add(ref);
    }
  }
  const parentOf = new Map<string, { parent: string; reduced: boolean; joint: string; type: string }>();
  const children = new Map<string, string[]>();
  for (const j of robot.children) {
    if (j.name !== "joint") continue;
    const parent = attr(child(j, "parent") ?? j, "link");
    const c = attr(child(j, "child") ?? j, "link");
    if (parent === undefined || c === undefined || !links.has(parent) || !links.has(c) || parentOf.has(c))
      return undefined;
    const reduced = attr(j, "type") === "fixed" && !kept.has(attr(j, "name") ?? "") && parent !== "world";
    parentOf.set(c, { parent, reduced, joint: attr(j, "name") ?? "", type: attr(j, "type") ?? "" });
    const list = children.get(parent);
    if (list === undefined) children.set(parent, [c]);
    else list.push(c);
  }
  // urdfdom lists a link's children in the order of their joints' names (a std::map), which is
  // the order the reduction adds them to the parent.
  const jointName = (n: string): string => parentOf.get(n)?.joint ?? "";
  for (const list of children.values())
    list.sort((a, b) => (jointName(a) < jointName(b) ? -1 : jointName(a) > jointName(b) ? 1 : 0));
  const roots = [...links.keys()].filter((n) => !parentOf.has(n));
  if (roots.length !== 1) return undefined;
  const root = roots[0] as string;
  // Own mass (undefined: no inertial); urdfdom refuses an inertial without a numeric mass.
  const own = new Map<string, number | undefined>();
  for (const [name, link] of links) {
    const inertial = child(link, "inertial");
    if (inertial === undefined) {
      own.set(name, undefined);
      continue;
    }
    const mass = parseNumber(attr(child(inertial, "mass") ?? inertial, "value") ?? "");
    if (mass === undefined || Number.isNaN(mass)) return undefined;
    own.set(name, mass);
  }
  // Lumped mass after the fixed-joint reduction, leaves first (iteratively: deep chains).
  const order: string[] = [];
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const n = stack.pop() as string;
    if (seen.has(n)) return undefined;
    seen.add(n);
    order.push(n);
    for (const c of children.get(n) ?? []) stack.push(c);
  }
  if (seen.size !== links.size) return undefined; // a cycle: urdfdom refuses
  // Reverse preorder with children pushed in joint-name order: each link's subtree is reduced
  // before the link, and siblings are added to the parent in joint-name order.
  const lumped = new Map<string, number | undefined>(own);
  const nan = new Map<string, { parent: string; child: string }>();
  for (let k = order.length - 1; k >= 0; k--) {
    const n = order[k] as string;
    const up = parentOf.get(n);
    const m = lumped.get(n);
    if (up === undefined || !up.reduced || m === undefined) continue;
    const before = lumped.get(up.parent) ?? 0;
    const cause = nan.get(n) ?? nan.get(up.parent) ?? (before + m === 0 ? { parent: up.parent, child: n } : undefined);
    if (cause !== undefined) nan.set(up.parent, cause);
    lumped.set(up.parent, before + m);
  }
  const drops: GazeboDrop[] = [];
  const out: string[] = [];
  // What is lost when the reader stops at `from`: CreateSDF does not recurse below it, but a link
  // reached only through reduced fixed joints had its shapes added up the tree before that walk
  // (ReduceFixedJoints), so Gazebo still has them (a sensor link without <inertial> on a fixed
  // joint loses nothing). A link behind any joint that is not reduced is lost.
  const lostBelow = (from: string): string[] => {
    const all: string[] = [];
    const pending: [string, boolean][] = [[from, !(parentOf.get(from)?.reduced ?? false)]];
    while (pending.length > 0) {
      const [n, lost] = pending.pop() as [string, boolean];
      if (lost) all.push(n);
      for (const c of [...(children.get(n) ?? [])].reverse())
        pending.push([c, lost || !(parentOf.get(c)?.reduced ?? false)]);
    }
    return all;
  };
  const walk: string[] = root === "world" ? [...(children.get(root) ?? [])].reverse() : [root];
  while (walk.length > 0) {
    const name = walk.pop() as string;
    const m = lumped.get(name);
    if (name !== "world" && (m === undefined || Math.abs(m) <= MASS_ZERO)) {
      const dropped = lostBelow(name);
      if (dropped.length > 0)
        drops.push({
          link: links.get(name) as XmlElement,
          name,
          ...(m === undefined ? { reason: "no-inertial" as const } : { reason: "mass-zero" as const, mass: m }),
          reduced: parentOf.get(name)?.reduced ?? false,
          dropped,
        });
      continue;
    }
    if (!(parentOf.get(name)?.reduced ?? false)) out.push(name);
    for (const c of [...(children.get(name) ?? [])].reverse()) walk.push(c);
  }
  const nonFinite = out.flatMap((link) => {
    const cause = nan.get(link);
    return cause === undefined ? [] : [{ link, cause }];
  });
  const unjointed = out.flatMap((link) => {
    const up = parentOf.get(link);
    return up === undefined || (up.type !== "floating" && up.type !== "planar")
      ? []
      : [{ link, joint: up.joint, type: up.type }];
  });
  return { kept: out, drops, nonFinite, unjointed };
}
