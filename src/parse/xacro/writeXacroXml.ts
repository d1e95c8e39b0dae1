import type { XacroElement, XacroNode, XacroOrigin } from "./XacroNode.js";

/** Expanded XML text plus, for each output line (1-based index), the xacro origin of the element starting on it. */
export interface WrittenXacro {
  readonly text: string;
  readonly origins: ReadonlyMap<number, XacroOrigin>;
}

function escapeText(s: string): string {
  return s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
}

function escapeAttr(s: string): string {
  return escapeText(s).replace(/"/g, "&quot;").replace(/\n/g, "&#10;").replace(/\r/g, "&#13;").replace(/\t/g, "&#9;");
}

/**
 * Writes an expanded document one element per line (two-space indent, whitespace-only text
 * dropped, comments kept), recording which xacro element each line came from so that
 * diagnostics on the expanded text can point back at the source.
 */
export function writeXacroXml(root: XacroElement): WrittenXacro {
  const lines: string[] = ['<?xml version="1.0" ?>'];
  const origins = new Map<number, XacroOrigin>();
  const push = (s: string): void => {
    for (const l of s.split("\n")) lines.push(l);
  };
  const write = (el: XacroElement, indent: string): void => {
    origins.set(lines.length + 1, el.origin);
    const attrs = el.attrs.map(([k, v]) => ` ${k}="${escapeAttr(v)}"`).join("");
    const kids = el.children.filter((c) => !(c.type === "text" && c.text.trim() === ""));
    if (kids.length === 0) {
      push(`${indent}<${el.name}${attrs}/>`);
      return;
    }
    if (kids.every((c) => c.type === "text")) {
      push(
        `${indent}<${el.name}${attrs}>${escapeText(kids.map((c) => (c as { text: string }).text).join(""))}</${el.name}>`,
      );
      return;
    }
    push(`${indent}<${el.name}${attrs}>`);
    for (const c of kids) writeNode(c, `${indent}  `);
    push(`${indent}</${el.name}>`);
  };
  const writeNode = (n: XacroNode, indent: string): void => {
    if (n.type === "element") write(n, indent);
    else if (n.type === "comment") push(`${indent}<!--${n.text}-->`);
    else push(`${indent}${escapeText(n.text.trim())}`);
  };
  write(root, "");
  return { text: `${lines.join("\n")}\n`, origins };
}

/** One element (and its content) as XML text, indented by two spaces per level; no declaration. */
export function writeXacroElement(el: XacroElement): string {
  const doc = writeXacroXml(el).text;
  return doc.slice(doc.indexOf("\n") + 1).replace(/\n$/, "");
}
