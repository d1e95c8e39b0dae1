import type { XacroElement } from "../parse/xacro/XacroNode.js";

function prefixOf(name: string): string | undefined {
  const i = name.indexOf(":");
  return i > 0 ? name.slice(0, i) : undefined;
}

/** The prefixes `el` and its descendants use without declaring them, in order of first use. */
function unboundPrefixes(el: XacroElement, declared: ReadonlySet<string>, out: Set<string>): void {
  const scope = new Set(declared);
  for (const [k] of el.attrs) if (k.startsWith("xmlns:")) scope.add(k.slice(6));
  for (const name of [el.name, ...el.attrs.map(([k]) => k)]) {
    const p = prefixOf(name);
    if (p !== undefined && p !== "xmlns" && p !== "xml" && !scope.has(p)) out.add(p);
  }
  for (const c of el.children) if (c.type === "element") unboundPrefixes(c, scope, out);
}

/**
 * The namespace prefixes an element tree uses (in element or attribute names) where no
 * `xmlns:PREFIX` declaration is in scope: a namespace-aware XML parser refuses such a document.
 */
export function undeclaredPrefixes(root: XacroElement): string[] {
  const out = new Set<string>();
  unboundPrefixes(root, new Set(), out);
  return [...out];
}

/**
 * `block` with the namespace declarations it needs from `robot` (`xmlns:drake="…"` on the
 * `<robot>` it came from) copied onto it, so the block stays namespace-well-formed wherever it
 * is written: a prefix without its declaration makes every namespace-aware parser refuse the
 * file. A block that needs none comes back as it is.
 */
export function withNamespaces(block: XacroElement, robot: XacroElement): XacroElement {
  const used = new Set<string>();
  unboundPrefixes(block, new Set(), used);
  const declarations = robot.attrs.filter(([k]) => k.startsWith("xmlns:") && used.has(k.slice(6)));
  if (declarations.length === 0) return block;
  return { ...block, attrs: [...block.attrs, ...declarations.map(([k, v]): [string, string] => [k, v])] };
}
