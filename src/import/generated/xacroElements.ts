import type { XacroElement } from "../../parse/xacro/XacroNode.js";

/** The child elements of `el`, optionally only those named `name`, in document order. */
export function childElements(el: XacroElement, name?: string): XacroElement[] {
  return el.children.filter((c): c is XacroElement => c.type === "element" && (name === undefined || c.name === name));
}

/** The first child element named `name`. */
export function childElement(el: XacroElement, name: string): XacroElement | undefined {
  return childElements(el, name)[0];
}

/** An attribute's value. */
export function attribute(el: XacroElement, name: string): string | undefined {
  return el.attrs.find(([k]) => k === name)?.[1];
}

/** The trimmed text of an element (its text children joined). */
export function elementText(el: XacroElement): string {
  return el.children
    .map((c) => (c.type === "text" ? c.text : ""))
    .join("")
    .trim();
}

/** The text of the child named `name`, or undefined. */
export function childText(el: XacroElement, name: string): string | undefined {
  const c = childElement(el, name);
  return c === undefined ? undefined : elementText(c);
}

/** The child's text as a finite number, or undefined (absent or not a number). */
export function childNumber(el: XacroElement, name: string): number | undefined {
  const t = childText(el, name);
  if (t === undefined || t === "") return undefined;
  const v = Number(t);
  return Number.isFinite(v) ? v : undefined;
}
