import { attr, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";
import { parseNumbers } from "./numbers.js";

const sdfColors = new Set(["ambient", "diffuse", "specular", "emissive"]);

/** Color components lie in [0, 1] (SDF material colors, URDF `color@rgba`). */
export const colorRange: Rule = (ctx) => {
  const stack: XmlElement[] = [ctx.root];
  while (stack.length > 0) {
    const el = stack.pop() as XmlElement;
    if (el.name === "plugin" || el.name.includes(":")) continue;
    for (const item of el.children) stack.push(item);
    if (ctx.format === "sdf" && sdfColors.has(el.name)) {
      const v = parseNumbers(el.text);
      if (v?.some((x) => x < 0 || x > 1))
        ctx.flag("sdfColorOutOfRange", el, `color <${el.name}> [${el.text.trim()}] has a component outside [0, 1]`);
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
