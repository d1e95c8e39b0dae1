import { attr, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { parseNumbers } from "./numbers.js";

/** The SDF elements of type `color` (1.6–1.9: material, light, scene, fog, sky, particle emitter). */
const sdfColors = new Set([
  "ambient",
  "diffuse",
  "specular",
  "emissive",
  "background",
  "color",
  "color_start",
  "color_end",
]);

/**
 * Color components lie in [0, 1] (every SDF element of type `color`, URDF `color@rgba`).
 * libsdformat 12 refuses such a value wherever it reads a color; urdfdom drops the color.
 */
export const colorRange: Rule = (ctx) => {
  const stack: XmlElement[] = [ctx.root];
  while (stack.length > 0) {
    const el = stack.pop() as XmlElement;
    if (el.name === "plugin" || el.name.includes(":")) continue;
    for (const item of el.children) stack.push(item);
    if (ctx.format === "sdf" && sdfColors.has(el.name)) {
      const v = parseNumbers(el.text);
      if (v?.some((x) => x < 0 || x > 1))
        ctx.flag(
          "sdfColorOutOfRange",
          el,
          `color <${el.name}> [${el.text.trim()}] has a component outside [0, 1]; libsdformat 12 (gz-sim) refuses the value`,
        );
    } else if (ctx.format === "urdf" && el.name === "color") {
      const v = parseNumbers(attr(el, "rgba"));
      if (v?.some((x) => x < 0 || x > 1))
        ctx.flag(
          "colorOutOfRange",
          el,
          `color rgba [${attr(el, "rgba") ?? ""}] has a component outside [0, 1]`,
          "rgba",
        );
    }
  }
};
