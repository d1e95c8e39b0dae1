import { attr, child } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { elementsNamed } from "./elementsNamed.js";
import { parseNumbers } from "./numbers.js";

/** A joint axis must have non-zero length (URDF `axis@xyz`, SDF `axis/xyz` and `axis2/xyz`). */
export const jointAxis: Rule = (ctx) => {
  for (const element of elementsNamed(ctx.root, "joint")) {
    const name = attr(element, "name") ?? "";
    // URDF readers ignore the axis of fixed and floating joints.
    if (ctx.format === "urdf" && (attr(element, "type") === "fixed" || attr(element, "type") === "floating")) continue;
    for (const axisName of ctx.format === "urdf" ? ["axis"] : ["axis", "axis2"]) {
      const axis = child(element, axisName);
      if (axis === undefined) continue;
      const at = ctx.format === "urdf" ? axis : child(axis, "xyz");
      if (at === undefined) continue;
      const raw = ctx.format === "urdf" ? attr(axis, "xyz") : at.text;
      const v = parseNumbers(raw);
      if (v === undefined || v.length !== 3 || !v.every(Number.isFinite)) continue;
      if (Math.hypot(v[0] ?? 0, v[1] ?? 0, v[2] ?? 0) === 0) {
        ctx.flag(
          "axisZero",
          at,
          `joint [${name}] ${axisName} is (0, 0, 0); the norm of the axis vector cannot be zero`,
          ctx.format === "urdf" ? "xyz" : undefined,
        );
      }
    }
  }
};
