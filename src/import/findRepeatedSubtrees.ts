import type { Joint } from "../model/Joint.js";
import type { Robot } from "../model/Robot.js";

/** One occurrence of a repeated subtree. */
export interface SubtreeInstance {
  /** The part of the names that differs between instances (e.g. "front_left", "FL", "1"). */
  readonly token: string;
  /** The joint that attaches the subtree to the rest of the robot. */
  readonly rootJoint: string;
  /** Links of the subtree (its root joint's child first), in declaration order. */
  readonly links: readonly string[];
  /** Joints of the subtree (the root joint included), in declaration order. */
  readonly joints: readonly string[];
}

/** Subtrees that are identical except for their names' token, their parent and their offset. */
export interface RepeatedSubtree {
  /** A name for the part, from the root link's name without the token (e.g. "wheel", "leg"). */
  readonly label: string;
  readonly instances: readonly SubtreeInstance[];
}

const SEPARATOR = /[^A-Za-z0-9]/;

/** The differing middle of two names, widened to separator boundaries: ["front_left", "rear_left"]. */
export function nameTokens(a: string, b: string): [string, string] | undefined {
  if (a === b) return undefined;
  let p = 0;
  while (p < a.length && p < b.length && a[p] === b[p]) p++;
  let s = 0;
  while (s < a.length - p && s < b.length - p && a[a.length - 1 - s] === b[b.length - 1 - s]) s++;
  // Widen to whole tokens: the prefix ends, and the suffix starts, at a separator (or the ends).
  while (p > 0 && !SEPARATOR.test(a[p - 1] ?? "")) p--;
  while (s > 0 && !SEPARATOR.test(a[a.length - s] ?? "")) s--;
  const x = a.slice(p, a.length - s);
  const y = b.slice(p, b.length - s);
  if (x === "" || y === "") return undefined;
  return [x, y];
}

interface Subtree {
  readonly root: Joint;
  readonly links: string[];
  readonly joints: Joint[];
}

/**
 * Finds repeated subtrees (wheels, legs, fingers): subtrees hanging off a joint whose links
 * and joints are equal in every number, shape and material, and whose names differ only by
 * one token, so that one function with a name, a parent and an offset builds each of them.
 * Larger subtrees are taken first; a subtree inside an accepted instance is not searched.
 */
export function findRepeatedSubtrees(robot: Robot): RepeatedSubtree[] {
  const joints = robot.joints ?? [];
  const byParent = new Map<string, Joint[]>();
  for (const j of joints) byParent.set(j.parent, [...(byParent.get(j.parent) ?? []), j]);
  const linkOrder = new Map(robot.links.map((l, i) => [l.name, i]));
  const jointOrder = new Map(joints.map((j, i) => [j.name, i]));
  const linkByName = new Map(robot.links.map((l) => [l.name, l]));

  const subtree = (root: Joint): Subtree => {
    const links: string[] = [];
    const js: Joint[] = [];
    const seen = new Set<string>();
    const visit = (j: Joint): void => {
      if (seen.has(j.child)) return;
      seen.add(j.child);
      js.push(j);
      links.push(j.child);
      for (const c of byParent.get(j.child) ?? []) visit(c);
    };
    visit(root);
    links.sort((a, b) => (linkOrder.get(a) ?? 0) - (linkOrder.get(b) ?? 0));
    js.sort((a, b) => (jointOrder.get(a.name) ?? 0) - (jointOrder.get(b.name) ?? 0));
    return { root, links, joints: js };
  };

  const signature = (t: Subtree): string => {
    const local = new Map<string, number>();
    t.links.forEach((l, i) => local.set(l, i));
    t.joints.forEach((j, i) => local.set(`joint:${j.name}`, i));
    const links = t.links.map((l) => {
      const { name: _n, ...rest } = linkByName.get(l) ?? { name: l };
      return rest;
    });
    const js = t.joints.map((j) => {
      const { name: _n, parent, child, origin, ...rest } = j;
      const mimic =
        "mimic" in rest && rest.mimic !== undefined
          ? { ...rest.mimic, joint: local.get(`joint:${rest.mimic.joint}`) ?? rest.mimic.joint }
          : undefined;
      return {
        ...rest,
        ...(mimic === undefined ? {} : { mimic }),
        parent: j === t.root ? "<parent>" : local.get(parent),
        child: local.get(child),
        origin: j === t.root ? "<offset>" : origin,
      };
    });
    return JSON.stringify({ links, js });
  };

  const trees = joints.map(subtree).filter((t) => t.links.length > 0);
  const groups = new Map<string, Subtree[]>();
  for (const t of trees) {
    const sig = signature(t);
    groups.set(sig, [...(groups.get(sig) ?? []), t]);
  }
  const candidates = [...groups.values()]
    .filter((g) => g.length > 1)
    .sort(
      (a, b) =>
        (b[0]?.links.length ?? 0) - (a[0]?.links.length ?? 0) ||
        (jointOrder.get(a[0]?.root.name ?? "") ?? 0) - (jointOrder.get(b[0]?.root.name ?? "") ?? 0),
    );
  const covered = new Set<string>();
  const out: RepeatedSubtree[] = [];
  for (const group of candidates) {
    const free = group.filter((t) => t.links.every((l) => !covered.has(l)));
    const first = free[0];
    if (first === undefined || free.length < 2) continue;
    const names = (t: Subtree): string[] => [...t.links, ...t.joints.map((j) => j.name)];
    const firstNames = names(first);
    let token: string | undefined;
    const accepted: SubtreeInstance[] = [];
    for (const other of free.slice(1)) {
      const tokens = nameTokens(first.root.child, other.root.child);
      if (tokens === undefined) continue;
      const [x, y] = tokens;
      if (token !== undefined && x !== token) continue;
      if (!firstNames.every((nm) => nm.includes(x))) continue;
      const otherNames = names(other);
      if (!firstNames.every((nm, i) => nm.split(x).join(y) === otherNames[i])) continue;
      // Mimic references to joints outside the subtree must not change with the token.
      token = x;
      accepted.push({
        token: y,
        rootJoint: other.root.name,
        links: other.links,
        joints: other.joints.map((j) => j.name),
      });
    }
    if (token === undefined || accepted.length === 0) continue;
    const instances = [
      { token, rootJoint: first.root.name, links: first.links, joints: first.joints.map((j) => j.name) },
      ...accepted,
    ];
    for (const i of instances) for (const l of i.links) covered.add(l);
    const label =
      first.root.child
        .split(token)
        .join("_")
        .split(SEPARATOR)
        .filter((s) => s !== "")
        .join("_") || "part";
    out.push({ label, instances });
  }
  return out;
}
