import { attr, child } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { isScope, resolveFrame, sdfScopes } from "./sdfScopes.js";

/** SDF 1.11+ `//axis/mimic@joint` names another joint in scope. */
export const sdfMimic: Rule = (ctx) => {
  if (ctx.minor < 11) return;
  for (const scope of sdfScopes(ctx)) {
    if (scope.external || scope.opaque) continue;
    for (const joint of scope.element.children) {
      if (joint.name !== "joint") continue;
      for (const axisName of ["axis", "axis2"]) {
        const mimic = child(child(joint, axisName) ?? joint, "mimic");
        if (mimic === undefined || child(joint, axisName) === undefined) continue;
        const leader = attr(mimic, "joint");
        if (leader === undefined) continue;
        const target = resolveFrame(scope, leader, ctx.minor);
        if (leader === attr(joint, "name") || target === undefined || isScope(target) || target.kind !== "joint") {
          ctx.flag(
            "sdfMimicInvalid",
            mimic,
            `mimic joint [${leader}] of joint [${attr(joint, "name") ?? ""}] is not another joint of ${scope.kind} [${scope.name}]`,
            "joint",
          );
        }
      }
    }
  }
};
