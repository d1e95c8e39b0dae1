import { attr, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { pluginJointReferences } from "./pluginJointNames.js";
import { isScope, resolveFrame, sdfScopes } from "./sdfScopes.js";

/** Joint names given to a model's plugins (`<joint_name>`, `<left_joint>`, …) name joints of that model. */
export const sdfPluginReferences: Rule = (ctx) => {
  for (const scope of sdfScopes(ctx)) {
    if (scope.kind !== "model" || scope.external || scope.opaque) continue;
    const plugins: XmlElement[] = [];
    for (const c of scope.element.children) {
      if (c.name === "plugin") plugins.push(c);
      if (c.name === "link")
        for (const s of c.children)
          if (s.name === "sensor") for (const p of s.children) if (p.name === "plugin") plugins.push(p);
    }
    for (const plugin of plugins) {
      for (const { element, names } of pluginJointReferences(plugin)) {
        for (const name of names) {
          const target = resolveFrame(scope, name, Math.max(ctx.minor, 8));
          if (target !== undefined && !isScope(target) && target.kind === "joint") continue;
          ctx.flag(
            "pluginJointMissing",
            element,
            `plugin [${attr(plugin, "name") ?? ""}] parameter <${element.name}> names joint [${name}], which is not a joint of model [${scope.name}]`,
          );
        }
      }
    }
  }
};
