import type { XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { sdfScopes } from "./sdfScopes.js";

/** A model needs at least one link, directly or in a nested model (includes count as links). */
export const sdfModelHasLink: Rule = (ctx) => {
  for (const scope of sdfScopes(ctx)) {
    if (scope.kind !== "model" || scope.external) continue;
    if (!hasLink(scope.element, 0) && !scope.element.children.some((c) => c.name === "static" && c.text.trim() === "true")) {
      ctx.report("MODEL_WITHOUT_LINK", "error", scope.element, `model [${scope.name}] has no <link>, directly or in a nested model; a model must have at least one link`);
    }
  }
};

function hasLink(model: XmlElement, depth: number): boolean {
  if (depth > 64) return true;
  if (model.children.some((c) => c.name === "static" && c.text.trim() === "true")) return true;
  return model.children.some((c) => c.name === "link" || c.name === "include" || (c.name === "model" && hasLink(c, depth + 1)));
}
