import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { urdfGazeboLinks } from "./urdfGazeboLinks.js";

/**
 * URDF link, joint, top-level material and ros2_control names are unique. A link and a joint
 * with the same name, or an empty robot name, load in urdfdom but libsdformat 12 refuses them
 * (an error that names both). A repeated transmission name loads everywhere (neither urdfdom
 * nor libsdformat reads transmissions): a warning saying which of ros_control's loaders keeps one.
 */
export const urdfUniqueNames: Rule = (ctx) => {
  if (attr(ctx.root, "name") === "")
    ctx.flag(
      "urdfRobotNameEmpty",
      ctx.root,
      "robot name is empty: libsdformat 12 (Gazebo) refuses the robot (Error Code 5: unable to read attribute [name] of the model it makes); urdfdom (check_urdf, RViz) loads it",
      "name",
    );
  for (const kind of ["link", "joint", "material", "transmission", "ros2_control"]) {
    const seen = new Map<string, XmlElement>();
    for (const el of ctx.root.children) {
      if (el.name !== kind) continue;
      const name = attr(el, "name");
      if (name === undefined) continue;
      const first = seen.get(name);
      if (first === undefined) seen.set(name, el);
      else if (kind === "transmission")
        // No URDF reader refuses it; only ros_control's loaders meet both, and keep one.
        ctx.flag(
          "urdfTransmissionNameRepeated",
          el,
          `transmission [${name}] is declared again (line ${first.line})`,
          "name",
        );
      else
        ctx.flag(
          "duplicateName",
          el,
          `${kind} with name [${name}] already exists (line ${first.line}); ${kind} names must be unique`,
          "name",
        );
    }
  }
  const links = new Set(ctx.root.children.filter((c) => c.name === "link").map((c) => attr(c, "name")));
  // Only a joint and a link that both reach the SDF clash: libsdformat reduces fixed joints and
  // leaves out massless links (urdfGazeboLinks); undefined when urdfdom refuses the tree anyway.
  const sdfLinks = urdfGazeboLinks(ctx.root)?.kept;
  const inSdf = sdfLinks === undefined ? undefined : new Set(sdfLinks);
  const reported = new Set<string>();
  for (const joint of ctx.root.children) {
    const name = attr(joint, "name");
    if (joint.name !== "joint" || name === undefined || !links.has(name) || reported.has(name)) continue;
    const childLink = attr(child(joint, "child") ?? joint, "link") ?? "";
    if (inSdf !== undefined && !(inSdf.has(name) && inSdf.has(childLink))) continue;
    reported.add(name);
    ctx.flag(
      "urdfLinkJointSameName",
      joint,
      `joint [${name}] has the name of a link: libsdformat 12 (Gazebo) refuses the robot (Error Code 2: joint with non-unique name), as SDF puts links and joints in one name scope; urdfdom (check_urdf, RViz) loads it`,
      "name",
    );
  }
};
