import { attr, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";

/**
 * Sibling elements that carry a `name` must have distinct names (links, joints, frames, models,
 * visuals, collisions, sensors, lights, ... — as `gz sdf -k` checks for every SDF version).
 * Plugins and namespaced (custom) elements are exempt.
 */
export const sdfSiblingUniqueNames: Rule = (ctx) => {
  const stack: XmlElement[] = [ctx.root];
  while (stack.length > 0) {
    const element = stack.pop() as XmlElement;
    if (element.name === "plugin" || element.name.includes(":")) continue;
    const seen = new Map<string, XmlElement>();
    for (const c of element.children) {
      stack.push(c);
      if (c.name === "plugin" || c.name.includes(":")) continue;
      const name = attr(c, "name");
      if (name === undefined) continue;
      const first = seen.get(name);
      if (first === undefined) {
        seen.set(name, c);
        continue;
      }
      ctx.flag(
        "duplicateName",
        c,
        `${c.name} with name [${name}] already exists in <${element.name}${attr(element, "name") === undefined ? "" : ` name="${attr(element, "name") ?? ""}"`}> (${first.name} on line ${first.line}); sibling names must be unique`,
        "name",
      );
    }
  }
};
