import { attr, child, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule } from "../RuleContext.js";

/**
 * Sibling elements that carry a `name` must have distinct names (links, joints, frames, models,
 * visuals, collisions, sensors, lights, ... — as `gz sdf -k` checks for every SDF version).
 * An `<include>` with a `<name>` counts under that name (libsdformat 12 loads it as a model of that
 * name: two in one world are "Error Code 2: model with name[...] already exists").
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
      const nameEl = c.name === "include" && attr(c, "merge") !== "true" ? child(c, "name") : undefined;
      const name = nameEl === undefined ? attr(c, "name") : nameEl.text.trim() || undefined;
      if (name === undefined) continue;
      const first = seen.get(name);
      if (first === undefined) {
        seen.set(name, c);
        continue;
      }
      const what = (e: XmlElement): string => (e.name === "include" ? "included model" : e.name);
      ctx.flag(
        "duplicateName",
        nameEl ?? c,
        `${what(c)} with name [${name}] already exists in <${element.name}${attr(element, "name") === undefined ? "" : ` name="${attr(element, "name") ?? ""}"`}> (${what(first)} on line ${first.line}); sibling names must be unique${c.name === "include" || first.name === "include" ? " (libsdformat 12 loads an include as a model of its <name> and refuses the file)" : ""}`,
        nameEl === undefined ? "name" : undefined,
      );
    }
  }
};
