import type { XmlElement } from "../../parse/XmlDocument.js";
import type { Rule, RuleContext } from "../RuleContext.js";
import { sdfScopes } from "./sdfScopes.js";

/** A model needs at least one link, directly or in a nested model (includes count as links). */
export const sdfModelHasLink: Rule = (ctx) => {
  for (const scope of sdfScopes(ctx)) {
    if (scope.kind !== "model" || scope.external) continue;
    if (!hasLink(ctx, scope.element, 0) && !scope.element.children.some((c) => c.name === "static" && c.text.trim() === "true")) {
      ctx.flag("sdfModelWithoutLink", scope.element, `model [${scope.name}] has no <link>, directly or in a nested model; a model must have at least one link`);
    }
  }
};

function hasLink(ctx: RuleContext, model: XmlElement, depth: number): boolean {
  if (depth > 64) return true;
  if (model.children.some((c) => c.name === "static" && c.text.trim() === "true")) return true;
  return model.children.some((c) => {
    if (c.name === "link") return true;
    if (c.name === "model") return hasLink(ctx, c, depth + 1);
    if (c.name !== "include") return false;
    const entity = ctx.includes.get(c)?.entity;
    return entity === undefined || entity.name !== "model" || hasLink(ctx, entity, depth + 1);
  });
}
