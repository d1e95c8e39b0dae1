import { isTreeJoint } from "../../model/Joint.js";
import { rootLink } from "../../model/linkPoses.js";
import type { Robot } from "../../model/Robot.js";
import { mjcfWorldLink } from "./mjcfWorldLink.js";

/**
 * The links whose MJCF bodies are static (welded to the world): a URDF `world` root link
 * ({@link mjcfWorldLink}), the root when the robot is fixed (`world: "none"`), and every link
 * joined to a static one by a joint MJCF writes as a weld (fixed; screw, which MJCF cannot
 * hold). MuJoCo accepts plane geoms only in these.
 */
export function mjcfStaticLinks(robot: Robot, world: "plane" | "none"): Set<string> {
  const out = new Set<string>();
  const root = mjcfWorldLink(robot) ?? (world === "none" ? rootLink(robot) : undefined);
  if (root === undefined) return out;
  out.add(root);
  const welds = new Map<string, string[]>();
  for (const j of (robot.joints ?? []).filter(isTreeJoint))
    if (j.type === "fixed" || j.type === "screw") {
      const list = welds.get(j.parent);
      if (list === undefined) welds.set(j.parent, [j.child]);
      else list.push(j.child);
    }
  // Breadth first from the static root: each link once (a cycle in an unchecked model stops at a seen link).
  const queue = [root];
  for (let k = 0; k < queue.length; k++)
    for (const child of welds.get(queue[k]!) ?? [])
      if (!out.has(child)) {
        out.add(child);
        queue.push(child);
      }
  return out;
}
