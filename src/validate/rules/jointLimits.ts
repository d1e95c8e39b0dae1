import { attr, child } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { elementsNamed } from "./elementsNamed.js";
import { parseNumber } from "./numbers.js";

const limited = new Set(["revolute", "prismatic"]);

/**
 * URDF revolute and prismatic joints have a <limit> (urdfdom rejects them otherwise). Limits that
 * load but act oddly are warnings: lower > upper, and (URDF) a zero or negative effort or velocity
 * (SDF uses -1 for "no limit").
 */
export const jointLimits: Rule = (ctx) => {
  for (const element of elementsNamed(ctx.root, "joint")) {
    const name = attr(element, "name") ?? "";
    const type = attr(element, "type") ?? "";
    if (ctx.format === "urdf") {
      const limit = child(element, "limit");
      if (limit === undefined) {
        if (limited.has(type))
          ctx.flag(
            "urdfLimitMissing",
            element,
            `${type} joint [${name}] has no <limit>; URDF requires one with effort and velocity`,
          );
        continue;
      }
      const num = (a: string): number | undefined => {
        const raw = attr(limit, a);
        return raw === undefined ? undefined : parseNumber(raw);
      };
      const lower = num("lower") ?? 0;
      const upper = num("upper") ?? 0;
      if (limited.has(type) && lower > upper)
        ctx.flag("limitLowerAboveUpper", limit, `joint [${name}] limit lower ${lower} > upper ${upper}`, "lower");
      if (type === "fixed" || type === "floating") continue;
      for (const a of ["effort", "velocity"]) {
        const v = num(a);
        if (v !== undefined && v < 0) ctx.flag("limitNegativeRate", limit, `joint [${name}] limit ${a} is ${v}`, a);
        else if (v === 0) ctx.flag("limitZeroRate", limit, `joint [${name}] limit ${a} is 0`, a);
      }
      continue;
    }
    if (type === "continuous" || type === "ball" || type === "fixed") continue;
    for (const axisName of ["axis", "axis2"]) {
      const limit = child(child(element, axisName) ?? element, "limit");
      if (limit === undefined || child(element, axisName) === undefined) continue;
      const lower = parseNumber(child(limit, "lower")?.text ?? "");
      const upper = parseNumber(child(limit, "upper")?.text ?? "");
      if (lower !== undefined && upper !== undefined && lower > upper) {
        ctx.flag(
          "limitLowerAboveUpper",
          child(limit, "lower") ?? limit,
          `joint [${name}] ${axisName} limit lower ${lower} > upper ${upper}`,
        );
      }
    }
  }
};
