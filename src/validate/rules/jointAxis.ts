import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { parseNumbers } from "./numbers.js";

/** A joint axis must have non-zero length (URDF `axis@xyz`, SDF `axis/xyz` and `axis2/xyz`). */
export const jointAxis: Rule = (ctx) => {
  const stack: XmlElement[] = [ctx.root];
  while (stack.length > 0) {
    const element = stack.pop() as XmlElement;
    if (element.name === "plugin" || element.name.includes(":") || element.name === "gazebo") continue;
    if (element.name !== "joint") {
      stack.push(...element.children);
      continue;
    }
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
        ctx.report("JOINT_AXIS_ZERO", "error", at, `joint [${name}] ${axisName} is (0, 0, 0); the norm of the axis vector cannot be zero`, ctx.format === "urdf" ? "xyz" : undefined);
      }
    }
  }
};
