import { attr } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { isScope, resolveFrame, sdfScopes } from "./sdfScopes.js";

/** `canonical_link` names a link of the model (SDF 1.8+: possibly `nested::link`). */
export const sdfCanonicalLink: Rule = (ctx) => {
  for (const scope of sdfScopes(ctx)) {
    if (scope.kind !== "model" || scope.external) continue;
    const name = attr(scope.element, "canonical_link");
    if (name === undefined || name === "") continue;
    const target = resolveFrame(scope, name, ctx.minor);
    if (target === undefined && scope.opaque) continue;
    if (target === undefined || isScope(target) || target.kind !== "link") {
      ctx.flag(
        "canonicalLinkInvalid",
        scope.element,
        `canonical_link with name [${name}] not found among the links of model [${scope.name}]`,
        "canonical_link",
      );
    }
  }
};
