import { XacroError } from "./XacroError.js";
import type { XacroElement } from "./XacroNode.js";

/** The value of a xacro element's required attribute, or a XacroError naming it. */
export function requiredAttr(el: XacroElement, name: string): string {
  const a = el.attrs.find(([k]) => k === name);
  if (a === undefined) throw new XacroError(`${el.name}: missing attribute ${name}`, el.origin);
  return a[1];
}
