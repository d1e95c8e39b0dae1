import { isTreeJoint } from "../../model/Joint.js";
import { rootLink } from "../../model/linkPoses.js";
import type { Robot } from "../../model/Robot.js";

/**
 * The links whose MJCF bodies are static (welded to the world): the root when the robot is
 * fixed (`world: "none"`), and every link joined to a static one by a joint MJCF writes as a
 * weld (fixed; screw, which MJCF cannot hold). MuJoCo accepts plane geoms only in these.
 */
export function mjcfStaticLinks(robot: Robot, world: "plane" | "none"): Set<string> {
  const out = new Set<string>();
  const root = rootLink(robot);
  if (root === undefined || world !== "none") return out;
  out.add(root);
  const joints = (robot.joints ?? []).filter(isTreeJoint);
  // Joints need not be declared parent first: repeat until nothing is added (a tree: at most depth passes).
  for (let grew = true; grew; ) {
    grew = false;
    for (const j of joints)
      if ((j.type === "fixed" || j.type === "screw") && out.has(j.parent) && !out.has(j.child)) {
        out.add(j.child);
        grew = true;
      }
  }
  return out;
}
