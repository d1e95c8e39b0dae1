import { parseXacroXml } from "../../src/parse/xacro/parseXacroXml.js";
import type { XacroElement } from "../../src/parse/xacro/XacroNode.js";

/** A canonical element: name, sorted attributes, trimmed text, element children. */
export interface CanonicalElement {
  readonly name: string;
  readonly attrs: [string, string][];
  readonly text: string;
  readonly children: CanonicalElement[];
}

/** Numbers written the same way whatever their source spelling (1.0, 1, 1e0). */
function canonicalValue(v: string, rewrite: (s: string) => string): string {
  return rewrite(v)
    .trim()
    .split(/\s+/)
    .map((tok) =>
      /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(tok) ? String(Number(tok) === 0 ? 0 : Number(tok)) : tok,
    )
    .join(" ");
}

/**
 * Canonicalises an expanded document for comparison: comments and whitespace-only text
 * dropped, attributes sorted, text trimmed, whitespace runs collapsed, numbers normalised, and
 * `rewrite` applied to every value (to replace machine-specific package folders).
 */
export function canonicalXml(text: string, rewrite: (s: string) => string = (s) => s): CanonicalElement | string {
  const parsed = parseXacroXml(text, "x");
  if ("error" in parsed) return `XML error: ${parsed.error.message}`;
  const conv = (el: XacroElement): CanonicalElement => ({
    name: el.name,
    attrs: el.attrs
      .filter(([k]) => !k.startsWith("xmlns"))
      .map(([k, v]): [string, string] => [k, canonicalValue(v, rewrite)])
      .sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0)),
    text:
      el.children
        .filter((c) => c.type === "text")
        .map((c) => (c as { text: string }).text)
        .join("")
        .trim() === ""
        ? ""
        : canonicalValue(
            el.children
              .filter((c) => c.type === "text")
              .map((c) => (c as { text: string }).text)
              .join(""),
            rewrite,
          ),
    children: el.children.filter((c): c is XacroElement => c.type === "element").map(conv),
  });
  return conv(parsed.root);
}

/** Element-by-element differences between two canonical documents (empty when identical). */
export function diffCanonical(a: CanonicalElement, b: CanonicalElement, path = ""): string[] {
  const here = `${path}/${a.name}${a.attrs.find(([k]) => k === "name") ? `[@name="${a.attrs.find(([k]) => k === "name")?.[1] ?? ""}"]` : ""}`;
  const out: string[] = [];
  if (a.name !== b.name) return [`${here}: element ${a.name} vs ${b.name}`];
  const ka = new Map(a.attrs);
  const kb = new Map(b.attrs);
  for (const k of new Set([...ka.keys(), ...kb.keys()])) {
    if (ka.get(k) !== kb.get(k))
      out.push(`${here}/@${k}: ${JSON.stringify(ka.get(k))} vs ${JSON.stringify(kb.get(k))}`);
  }
  if (a.text !== b.text)
    out.push(`${here}/text(): ${JSON.stringify(a.text.slice(0, 80))} vs ${JSON.stringify(b.text.slice(0, 80))}`);
  if (a.children.length !== b.children.length)
    out.push(`${here}: ${a.children.length} vs ${b.children.length} child elements`);
  for (let i = 0; i < Math.min(a.children.length, b.children.length); i++) {
    out.push(...diffCanonical(a.children[i] as CanonicalElement, b.children[i] as CanonicalElement, here));
    if (out.length > 20) break;
  }
  return out;
}
