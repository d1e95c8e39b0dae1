import { attr } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { hiddenByUnreadInclude, isScope, resolveAttached, resolveFrameIn, sdfScopes, textOf } from "./sdfScopes.js";

/**
 * A joint's parent and child name frames in its scope (SDF 1.6: links only), differ from
 * each other and from the joint, the child is not `world`, and once frames are followed to
 * their links, parent and child are still different links.
 */
export const sdfJointReferences: Rule = (ctx) => {
  for (const scope of sdfScopes(ctx)) {
    if (scope.external) continue;
    for (const joint of scope.element.children) {
      if (joint.name !== "joint") continue;
      const name = attr(joint, "name") ?? "";
      const parentEl = joint.children.find((c) => c.name === "parent");
      const childEl = joint.children.find((c) => c.name === "child");
      const parent = textOf(joint, "parent");
      const child = textOf(joint, "child");
      if (parent === undefined || child === undefined || parentEl === undefined || childEl === undefined) continue;
      const where = `${scope.kind} [${scope.name}]`;
      if (child === "world") {
        ctx.flag(
          "sdfJointChildWorld",
          childEl,
          `joint [${name}] specifies invalid child [world]: the world cannot be a joint's child`,
        );
        continue;
      }
      if (parent === child) {
        ctx.flag(
          "sdfJointSameLink",
          childEl,
          `joint [${name}] must specify different frames for parent and child, but [${child}] is both`,
        );
        continue;
      }
      let ok = true;
      if (parent === name) {
        ctx.flag("sdfJointParentMissing", parentEl, `joint [${name}] must not name itself as its parent frame`);
        ok = false;
      }
      if (child === name) {
        ctx.flag(
          "sdfJointSelfChild",
          childEl,
          `joint [${name}] names itself as its child frame, which makes the attached-to graph a cycle`,
        );
        ok = false;
      }
      if (!ok) continue;
      const lookup = (ref: string, role: "parent" | "child") => {
        if (ref === "world" && role === "parent") return "world" as const;
        if ((ref === "__model__" || ref.endsWith("::__model__")) && ctx.minor <= 9) return undefined;
        const r = resolveFrameIn(scope, ref, ctx.minor);
        if (r === undefined) return undefined;
        if (ctx.minor <= 6 && (isScope(r.target) || r.target.kind !== "link")) return undefined;
        return r;
      };
      const p = lookup(parent, "parent");
      const c = lookup(child, "child");
      // Only a name that may be inside an unread include is left unjudged.
      const hidden = (ref: string): boolean =>
        resolveFrameIn(scope, ref, ctx.minor) === undefined && hiddenByUnreadInclude(scope, ref);
      if (p === undefined && !hidden(parent)) {
        ctx.flag(
          "sdfJointParentMissing",
          parentEl,
          `parent frame [${parent}] of joint [${name}] not found in ${where}${ctx.minor <= 6 ? " (SDF 1.6: parent must be a link or world)" : ""}`,
        );
      }
      if (c === undefined && !hidden(child)) {
        ctx.flag(
          "sdfJointChildMissing",
          childEl,
          `child frame [${child}] of joint [${name}] not found in ${where}${ctx.minor <= 6 ? " (SDF 1.6: child must be a link)" : ""}`,
        );
      }
      if (p === undefined || c === undefined || ctx.minor < 7) continue;
      const pl = p === "world" ? { link: "world" as const } : resolveAttached(p.owner, p.target, ctx.minor);
      if (c === "world") continue;
      const cl = resolveAttached(c.owner, c.target, ctx.minor);
      if ("link" in pl && "link" in cl && pl.link === cl.link) {
        const linkName = pl.link === "world" ? "world" : pl.link.name;
        ctx.flag(
          "sdfJointSameLink",
          joint,
          `joint [${name}] in ${where} has parent [${parent}] and child [${child}] that both resolve to link [${linkName}]; they must resolve to different links`,
        );
      }
    }
  }
};
