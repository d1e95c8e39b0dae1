import type { Robot } from "../../model/Robot.js";
import type { RepeatedSubtree, SubtreeInstance } from "../findRepeatedSubtrees.js";

/** One statement of a generated module's body: a link, a joint, or a call of a part's function. */
export type BuilderCall =
  | { readonly kind: "link"; readonly name: string }
  | { readonly kind: "joint"; readonly name: string }
  | { readonly kind: "part"; readonly group: RepeatedSubtree; readonly instance: SubtreeInstance };

function sameSlice(list: readonly string[], from: number, part: readonly string[]): boolean {
  return part.length > 0 && part.every((name, k) => list[from + k] === name);
}

/**
 * Statements that rebuild the robot's links and joints in their declaration order, so the
 * module's robot writes every file in the same order as the one imported. A part's function
 * adds its links and joints together, so a part is called only where both come next in their
 * lists; otherwise a link is written before a joint. Undefined when `groups` cannot keep the
 * order (the first blocking part is named, so the caller can drop it and try again).
 */
function tryOrder(
  robot: Robot,
  groups: readonly RepeatedSubtree[],
): { calls: BuilderCall[] } | { blocking: RepeatedSubtree } {
  const links = robot.links.map((l) => l.name);
  const joints = (robot.joints ?? []).map((j) => j.name);
  const owner = new Map<string, { group: RepeatedSubtree; instance: SubtreeInstance }>();
  for (const group of groups)
    for (const instance of group.instances)
      for (const name of [...instance.links, ...instance.joints]) owner.set(name, { group, instance });
  const calls: BuilderCall[] = [];
  let li = 0;
  let ji = 0;
  while (li < links.length || ji < joints.length) {
    const link = links[li];
    const joint = joints[ji];
    if (link !== undefined && !owner.has(link)) {
      calls.push({ kind: "link", name: link });
      li++;
      continue;
    }
    if (joint !== undefined && !owner.has(joint)) {
      calls.push({ kind: "joint", name: joint });
      ji++;
      continue;
    }
    const part = owner.get(link ?? joint ?? "");
    if (part === undefined) break;
    const { group, instance } = part;
    if (!sameSlice(links, li, instance.links) || !sameSlice(joints, ji, instance.joints)) return { blocking: group };
    calls.push({ kind: "part", group, instance });
    li += instance.links.length;
    ji += instance.joints.length;
  }
  return { calls };
}

/**
 * The module's statements and the parts it keeps: every part whose calls keep the robot's
 * link and joint order (parts that cannot are written out link by link instead).
 */
export function builderCalls(
  robot: Robot,
  groups: readonly RepeatedSubtree[],
): { calls: BuilderCall[]; groups: RepeatedSubtree[] } {
  let kept = [...groups];
  for (;;) {
    const r = tryOrder(robot, kept);
    if ("calls" in r) return { calls: r.calls, groups: kept };
    const blocking = r.blocking;
    kept = kept.filter((g) => g !== blocking);
  }
}
