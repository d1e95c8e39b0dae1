import { attr, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";

/**
 * URDF link, joint, top-level material, transmission and ros2_control names are unique; a link
 * and a joint with the same name load in urdfdom but not in libsdformat (a warning).
 */
export const urdfUniqueNames: Rule = (ctx) => {
  for (const kind of ["link", "joint", "material", "transmission", "ros2_control"]) {
    const seen = new Map<string, XmlElement>();
    for (const el of ctx.root.children) {
      if (el.name !== kind) continue;
      const name = attr(el, "name");
      if (name === undefined) continue;
      const first = seen.get(name);
      if (first === undefined) seen.set(name, el);
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
  const reported = new Set<string>();
  for (const joint of ctx.root.children) {
    const name = attr(joint, "name");
    if (joint.name !== "joint" || name === undefined || !links.has(name) || reported.has(name)) continue;
    reported.add(name);
    ctx.flag("urdfLinkJointSameName", joint, `joint [${name}] has the name of a link`, "name");
  }
};
