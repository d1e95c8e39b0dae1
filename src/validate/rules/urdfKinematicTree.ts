import { attr } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { jointLink, urdfIndex } from "./urdfModel.js";

/**
 * The joints form one tree over the links: parent and child exist and differ, no link has
 * two parent joints, there is exactly one root link and no cycle (also in parts not
 * connected to the root, which check_urdf misses).
 */
export const urdfKinematicTree: Rule = (ctx) => {
  const { links, joints } = urdfIndex(ctx);
  if (links.size === 0) {
    ctx.flag("urdfNoLink", ctx.root, `robot [${attr(ctx.root, "name") ?? ""}] has no <link>`);
    return;
  }
  const parentOf = new Map<string, { joint: string; parent: string }>();
  for (const [name, joint] of joints) {
    const parent = jointLink(joint, "parent");
    const child = jointLink(joint, "child");
    if (parent === undefined || child === undefined) continue;
    let ok = true;
    if (!links.has(parent.name)) {
      ctx.flag(
        "urdfParentMissing",
        parent.element,
        `parent link [${parent.name}] of joint [${name}] is not a link of the robot`,
        "link",
      );
      ok = false;
    }
    if (!links.has(child.name)) {
      ctx.flag(
        "urdfChildMissing",
        child.element,
        `child link [${child.name}] of joint [${name}] is not a link of the robot`,
        "link",
      );
      ok = false;
    }
    if (parent.name === child.name) {
      ctx.flag(
        "urdfParentIsChild",
        child.element,
        `joint [${name}] has link [${child.name}] as both parent and child`,
        "link",
      );
      ok = false;
    }
    if (!ok) continue;
    const previous = parentOf.get(child.name);
    if (previous !== undefined) {
      ctx.flag(
        "urdfTwoParents",
        child.element,
        `link [${child.name}] is the child of joint [${name}] and of joint [${previous.joint}]; a link has at most one parent joint`,
        "link",
      );
      continue;
    }
    parentOf.set(child.name, { joint: name, parent: parent.name });
  }
  const roots = [...links.keys()].filter((l) => !parentOf.has(l));
  if (roots.length > 1) {
    const second = links.get(roots[1] ?? "");
    ctx.flag(
      "urdfMultipleRoots",
      second ?? ctx.root,
      `the robot has ${roots.length} root links (${roots.slice(0, 5).join(", ")}${roots.length > 5 ? ", …" : ""}); every link but one must be the child of a joint`,
    );
  }
  // Cycles: follow parent pointers; each link is finished once, so this is linear.
  const state = new Map<string, "active" | "done">();
  for (const start of links.keys()) {
    const path: string[] = [];
    let at: string | undefined = start;
    while (at !== undefined && state.get(at) === undefined) {
      state.set(at, "active");
      path.push(at);
      at = parentOf.get(at)?.parent;
    }
    if (at !== undefined && state.get(at) === "active") {
      const cycle = path.slice(path.indexOf(at));
      const joint = joints.get(parentOf.get(at)?.joint ?? "");
      ctx.flag(
        "urdfCycle",
        joint ?? ctx.root,
        `the joints form a cycle through links ${[...cycle, at].join(" -> ")} (child to parent)`,
      );
    }
    for (const p of path) state.set(p, "done");
  }
};
