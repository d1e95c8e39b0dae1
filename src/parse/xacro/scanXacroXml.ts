import type { LineIndex } from "../LineIndex.js";
import type { XacroElement } from "./XacroNode.js";

/** A name as the scanner takes it: ASCII only; any other name sends the file to the general parser. */
const NAME = /[A-Za-z_][\w.:-]*/y;

/** True for the characters XML counts as white space between markup: space, tab, line feed, carriage return. */
function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** XML's line-end normalisation: CR LF and a lone CR read as LF (in text, CDATA and comments). */
function lineEnds(raw: string): string {
  return raw.includes("\r") ? raw.replace(/\r\n?/g, "\n") : raw;
}

/**
 * One pass over the XML most xacro files are: elements with quoted attributes, text, comments,
 * CDATA, and an XML declaration at the very start. It builds the tree parseXacroXml builds from
 * fast-xml-parser's output (same nodes, same positions), several times faster and without
 * loading that parser. Line ends are normalised as the general path does (CR LF and CR read
 * as LF; in an attribute value every line end is one space). Anything else (a DOCTYPE, a
 * processing instruction, a non-ASCII name, a duplicate attribute, a second root, text outside the root,
 * deep nesting, anything not well-formed) returns undefined, and the general parser, whose
 * checks and messages stand, reads the file.
 *
 * @param source - the document (BOM and late declaration already blanked).
 * @param lines - the line index of `source`, for 1-based element positions.
 * @param decode - decodes the references of a text or (normalised) attribute value; throws on a bad one.
 * @param maxDepth - refused from this depth on (the general parser reports it).
 */
export function scanXacroXml(
  source: string,
  file: string,
  lines: LineIndex,
  decode: (raw: string, at: { line: number; column: number }) => string,
  maxDepth: number,
): { root: XacroElement; outside: { before: string[]; after: string[] } } | undefined {
  const n = source.length;
  const before: string[] = [];
  const after: string[] = [];
  const stack: XacroElement[] = [];
  let root: XacroElement | undefined;
  let i = 0;
  while (i < n) {
    const lt = source.indexOf("<", i);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > i) {
      const raw = source.slice(i, textEnd);
      const top = stack[stack.length - 1];
      if (top === undefined) {
        if (/\S/.test(raw)) return undefined;
      } else {
        if (raw.includes("]]>")) return undefined;
        top.children.push({ type: "text", text: decode(lineEnds(raw), top.origin) });
      }
    }
    if (lt < 0) break;
    const c = source.charCodeAt(lt + 1);
    if (c === 33 /* ! */) {
      if (source.startsWith("<!--", lt)) {
        const end = source.indexOf("-->", lt + 4);
        if (end < 0) return undefined;
        const body = lineEnds(source.slice(lt + 4, end));
        if (body.includes("--") || body.endsWith("-")) return undefined;
        const top = stack[stack.length - 1];
        if (top !== undefined) top.children.push({ type: "comment", text: body });
        else (root === undefined ? before : after).push(body);
        i = end + 3;
        continue;
      }
      const top = stack[stack.length - 1];
      if (top === undefined || !source.startsWith("<![CDATA[", lt)) return undefined;
      const end = source.indexOf("]]>", lt + 9);
      if (end < 0) return undefined;
      top.children.push({ type: "text", text: lineEnds(source.slice(lt + 9, end)) });
      i = end + 3;
      continue;
    }
    if (c === 63 /* ? */) {
      // Only the declaration, first thing in the file (the general parser ignores it too).
      if (lt !== 0 || !source.startsWith("<?xml", 0) || !isSpace(source.charCodeAt(5))) return undefined;
      const end = source.indexOf("?>", 5);
      if (end < 0 || source.lastIndexOf("<", end) !== 0) return undefined;
      i = end + 2;
      continue;
    }
    if (c === 47 /* / */) {
      const top = stack.pop();
      if (top === undefined) return undefined;
      let close = lt + 2 + top.name.length;
      if (!source.startsWith(top.name, lt + 2)) return undefined;
      while (isSpace(source.charCodeAt(close))) close++;
      if (source.charCodeAt(close) !== 62 /* > */) return undefined;
      i = close + 1;
      continue;
    }
    // A start tag.
    if (stack.length === 0 && root !== undefined) return undefined;
    if (stack.length + 1 >= maxDepth) return undefined;
    NAME.lastIndex = lt + 1;
    const name = NAME.exec(source)?.[0];
    if (name === undefined) return undefined;
    let j = lt + 1 + name.length;
    const at = lines.position(lt);
    const attrs: [string, string][] = [];
    let selfClosing = false;
    for (;;) {
      const k = source.charCodeAt(j);
      if (k === 62 /* > */) {
        j++;
        break;
      }
      if (k === 47 /* / */) {
        if (source.charCodeAt(j + 1) !== 62) return undefined;
        selfClosing = true;
        j += 2;
        break;
      }
      if (!isSpace(k)) return undefined;
      while (isSpace(source.charCodeAt(j))) j++;
      const next = source.charCodeAt(j);
      if (next === 62 || next === 47) continue;
      NAME.lastIndex = j;
      const key = NAME.exec(source)?.[0];
      if (key === undefined) return undefined;
      j += key.length;
      while (isSpace(source.charCodeAt(j))) j++;
      if (source.charCodeAt(j) !== 61 /* = */) return undefined;
      j++;
      while (isSpace(source.charCodeAt(j))) j++;
      const quote = source.charCodeAt(j);
      if (quote !== 34 && quote !== 39) return undefined;
      const end = source.indexOf(quote === 34 ? '"' : "'", j + 1);
      if (end < 0) return undefined;
      const raw = source.slice(j + 1, end);
      if (raw.includes("<") || attrs.some(([a]) => a === key)) return undefined;
      // Attribute-value normalisation, as parseXacroXml does it for the general parser's values.
      attrs.push([key, decode(raw.replace(/\r\n|[\n\r\t]/g, " "), at)]);
      j = end + 1;
    }
    const element: XacroElement = {
      type: "element",
      name,
      attrs,
      children: [],
      origin: { file, line: at.line, column: at.column, calls: [] },
    };
    const parent = stack[stack.length - 1];
    if (parent !== undefined) parent.children.push(element);
    else root = element;
    if (!selfClosing) stack.push(element);
    i = j;
  }
  if (root === undefined || stack.length > 0) return undefined;
  return { root, outside: { before, after } };
}
