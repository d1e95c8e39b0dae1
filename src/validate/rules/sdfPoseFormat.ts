import { attr, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";

/**
 * A `<pose>` holds as many numbers as its rotation format says: 6 for `euler_rpy` (the
 * default, and the only form before SDF 1.9), 7 for `quat_xyzw` (1.9 on). Seven numbers without
 * `rotation_format="quat_xyzw"` would be read as a different pose than meant, so they are an
 * error, not a guess.
 */
export const sdfPoseFormat: Rule = (ctx) => {
  const stack: XmlElement[] = [ctx.root];
  while (stack.length > 0) {
    const el = stack.pop() as XmlElement;
    if (el.name === "plugin" || el.name.includes(":")) continue;
    for (const item of el.children) stack.push(item);
    if (el.name !== "pose" || el.children.length > 0) continue;
    const text = el.text.trim();
    if (text === "") continue;
    const count = text.split(/\s+/).length;
    const format = attr(el, "rotation_format") ?? "euler_rpy";
    const expected = format === "quat_xyzw" ? 7 : format === "euler_rpy" ? 6 : undefined;
    if (expected === undefined) {
      ctx.flag(
        "poseRotationFormatInvalid",
        el,
        `rotation_format [${format}] must be euler_rpy or quat_xyzw`,
        "rotation_format",
      );
    } else if (count !== expected) {
      const hint =
        count === 7 && format === "euler_rpy" ? '; a quaternion needs rotation_format="quat_xyzw" (SDF 1.9 on)' : "";
      ctx.flag("poseNumberCount", el, `<pose> has ${count} numbers; ${format} takes ${expected}${hint}`);
    }
  }
};
