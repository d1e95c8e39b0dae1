import { attr, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";

const framed = new Set(["model", "link", "joint", "frame"]);
const frameAttributes = ["relative_to", "attached_to", "expressed_in", "placement_frame", "canonical_link"];

/**
 * Frame-defining names (model, link, joint, frame) may not be `world` nor start and end with
 * `__` (reserved for `__model__`, `__root__`); and `__root__` may not be referenced (SDF 1.8+).
 */
export const sdfReservedNames: Rule = (ctx) => {
  const stack: XmlElement[] = [ctx.root];
  while (stack.length > 0) {
    const element = stack.pop() as XmlElement;
    if (element.name === "plugin" || element.name.includes(":")) continue;
    for (const item of element.children) stack.push(item);
    const name = attr(element, "name");
    if (
      framed.has(element.name) &&
      name !== undefined &&
      (name === "world" || (name.startsWith("__") && name.endsWith("__")))
    ) {
      ctx.flag("reservedName", element, `the ${element.name} name [${name}] is reserved`, "name");
    }
    if (ctx.minor >= 8) {
      for (const a of frameAttributes) {
        if (attr(element, a) === "__root__")
          ctx.flag(
            "reservedRoot",
            element,
            `'__root__' is reserved; it cannot be used as the value of attribute [${a}]`,
            a,
          );
      }
      if (
        (element.name === "parent" || element.name === "child" || element.name === "placement_frame") &&
        element.text.trim() === "__root__"
      ) {
        ctx.flag("reservedRoot", element, `'__root__' is reserved; it cannot be used in <${element.name}>`);
      }
    }
  }
};
