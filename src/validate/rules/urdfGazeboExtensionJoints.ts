import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { urdfGazeboLinks } from "./urdfGazeboLinks.js";

/**
 * URDF: a joint written in a `<gazebo>` block without `reference` (an SDF joint that libsdformat
 * inserts into the model it makes, as PR2's gripper linkages are) names its `<parent>` and
 * `<child>` by the SDF model's link names. libsdformat 12 refuses the robot when one of them is
 * not a link of that model: a link lumped into its parent by fixed-joint reduction, a link left
 * out for want of mass, or no link at all (Error Code 20 for the parent, 19 for the child;
 * checked against `ign sdf -k`). `world` is a valid parent. Names that the same blocks add
 * (their own `<link>`, `<frame>` or `<model>`) count as present, and scoped names (`a::b`, into
 * a model a block includes) are left alone. urdfdom ignores `<gazebo>`.
 */
export const urdfGazeboExtensionJoints: Rule = (ctx) => {
  const blocks = ctx.root.children.filter((c) => c.name === "gazebo" && attr(c, "reference") === undefined);
  const joints = blocks.flatMap((b) => b.children.filter((c) => c.name === "joint"));
  if (joints.length === 0) return;
  const gz = urdfGazeboLinks(ctx.root);
  if (gz === undefined) return; // urdfdom refuses the tree: reported elsewhere
  const present = new Set(gz.kept);
  for (const b of blocks)
    for (const c of b.children)
      if (c.name === "link" || c.name === "frame" || c.name === "model") {
        const name = attr(c, "name");
        if (name !== undefined) present.add(name);
      }
  const urdfLinks = new Set(ctx.root.children.filter((c) => c.name === "link").map((c) => attr(c, "name")));
  const why = (name: string): string =>
    !urdfLinks.has(name)
      ? "no link has that name"
      : gz.drops.some((d) => d.dropped.includes(name))
        ? "its URDF reader leaves that link out (it or a link above it has no mass)"
        : "its URDF reader lumps that link into its parent through a fixed joint";
  for (const joint of joints) {
    const name = attr(joint, "name") ?? "";
    for (const [end, finding, errorCode] of [
      ["parent", "urdfGazeboExtensionJointParent", 20],
      ["child", "urdfGazeboExtensionJointChild", 19],
    ] as const) {
      const el: XmlElement | undefined = child(joint, end);
      const link = el?.text.trim();
      if (el === undefined || link === undefined || link === "" || present.has(link)) continue;
      // A scoped name (`model::link`) points into a model the block includes: not resolved here.
      if (link.includes("::")) continue;
      if (end === "parent" && link === "world") continue;
      ctx.flag(
        finding,
        el,
        `joint [${name}] in a <gazebo> block names ${end} [${link}], which is not a link of the model libsdformat 12 (Gazebo) makes: ${why(link)}, so it refuses the robot (Error Code ${errorCode}: ${end} frame not found); urdfdom (check_urdf, RViz) ignores <gazebo> and loads it`,
      );
    }
  }
};
