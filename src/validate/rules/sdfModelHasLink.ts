import { attr, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule, RuleContext } from "../RuleContext.js";
import { sdfScopes } from "./sdfScopes.js";

/**
 * A model needs at least one link, directly, in a nested model or through its includes, once
 * they are read: an included light or actor brings no link, and a merge-include brings the
 * included model's links but not its `<static>` (libsdformat 12 checks the merged model).
 */
export const sdfModelHasLink: Rule = (ctx) => {
  for (const scope of sdfScopes(ctx)) {
    if (scope.kind !== "model" || scope.external) continue;
    if (!hasLink(ctx, scope.element, 0, false)) {
      ctx.flag(
        "sdfModelWithoutLink",
        scope.element,
        `model [${scope.name}] has no <link>, directly, in a nested model or through its includes; a model must have at least one link`,
      );
    }
  }
};

function isStatic(model: XmlElement): boolean {
  return model.children.some((c) => c.name === "static" && c.text.trim() === "true");
}

function hasLink(ctx: RuleContext, model: XmlElement, depth: number, merged: boolean): boolean {
  if (depth > 64) return true;
  if (!merged && isStatic(model)) return true;
  return model.children.some((c) => {
    if (c.name === "link") return true;
    if (c.name === "model") return hasLink(ctx, c, depth + 1, false);
    if (c.name !== "include") return false;
    const entity = ctx.includes.get(c)?.entity;
    // An include that was not read is reported (or noted) by sdfIncludes; it may hold links.
    if (entity === undefined) return true;
    if (entity.name !== "model") return false;
    return hasLink(ctx, entity, depth + 1, attr(c, "merge") === "true");
  });
}
