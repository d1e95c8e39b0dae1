import type { Robot } from "../../model/Robot.js";

/**
 * The link a URDF link ends up in after libsdformat's fixed-joint lumping: follow parent
 * joints while they are fixed and not in `preserved` (joints marked preserveFixedJoint).
 */
export function lumpedLink(robot: Robot, link: string, preserved: ReadonlySet<string> = new Set()): string {
  const parentJoint = new Map((robot.joints ?? []).map((j) => [j.child, j] as const));
  let current = link;
  const seen = new Set<string>();
  for (;;) {
    const j = parentJoint.get(current);
    if (j === undefined || j.type !== "fixed" || preserved.has(j.name) || seen.has(current)) return current;
    seen.add(current);
    current = j.parent;
  }
}

/** Parent joints of links that carry a contact sensor: kept by preserveFixedJoint so the collision keeps its name. */
export function contactSensorJoints(robot: Robot): Set<string> {
  const out = new Set<string>();
  for (const link of robot.links) {
    if (!(link.sensors ?? []).some((s) => s.type === "contact")) continue;
    const j = (robot.joints ?? []).find((x) => x.child === link.name);
    if (j !== undefined && j.type === "fixed") out.add(j.name);
  }
  return out;
}
