import { isSdfOnlyJoint, isTreeJoint, type Joint } from "../../model/Joint.js";
import type { Robot } from "../../model/Robot.js";

/** Fixed in the URDF: fixed joints, and the SDF-only joints emitUrdf writes as fixed. */
function fixedInUrdf(j: Joint): boolean {
  return j.type === "fixed" || isSdfOnlyJoint(j);
}

/**
 * The link a URDF link ends up in after libsdformat's fixed-joint lumping: follow parent
 * joints while they are fixed in the URDF (fixed, or an SDF-only joint written as fixed) and not
 * in `preserved` (joints marked preserveFixedJoint).
 */
export function lumpedLink(robot: Robot, link: string, preserved: ReadonlySet<string> = new Set()): string {
  const parentJoint = new Map((robot.joints ?? []).filter(isTreeJoint).map((j) => [j.child, j] as const));
  let current = link;
  const seen = new Set<string>();
  for (;;) {
    const j = parentJoint.get(current);
    if (j === undefined || !fixedInUrdf(j) || preserved.has(j.name) || seen.has(current)) return current;
    seen.add(current);
    current = j.parent;
  }
}

/** Parent joints of links that carry a contact sensor: kept by preserveFixedJoint so the collision keeps its name. */
export function contactSensorJoints(robot: Robot): Set<string> {
  const out = new Set<string>();
  for (const link of robot.links) {
    if (!(link.sensors ?? []).some((s) => s.type === "contact")) continue;
    const j = (robot.joints ?? []).find((x) => x.child === link.name && isTreeJoint(x));
    if (j !== undefined && fixedInUrdf(j)) out.add(j.name);
  }
  return out;
}
