import type { LineIndex } from "./LineIndex.js";
import type { XmlAttribute, XmlElement } from "./XmlDocument.js";

/** A mutable element under construction; frozen into an XmlElement shape by the time it is returned. */
interface Building {
  name: string;
  attributes: XmlAttribute[];
  children: Building[];
  text: string;
  line: number;
  column: number;
  offset: number;
  xmlPath: string;
  depth: number;
}

const GT = 62;
const SLASH = 47;
const EQ = 61;
const QUOT = 34;
const APOS = 39;
const BANG = 33;
const QUESTION = 63;

/** Characters XML 1.0 does not allow anywhere in a document (as literal characters). */
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/**
 * The one-pass reader behind {@link readXml}: reads the common shape of robot files (elements,
 * quoted attributes, the five predefined entities and numeric character references, comments,
 * processing instructions, CDATA) straight into a positioned element tree, with no intermediate
 * node objects. It only accepts text it fully understands: anything else (a DOCTYPE, an HTML
 * entity, a boolean or repeated attribute, a mismatched tag, non-ASCII names, junk after the
 * root, nesting near the depth limit) returns undefined, and readXml then takes the general
 * path (fast-xml-parser), which reports the problem or reads the rarer construct. Tests check
 * that both paths build the same tree wherever this one answers.
 *
 * @param source - the document text (BOM and late declaration already blanked).
 * @param lines - line index of `source`, for positions.
 * @param maxDepth - nesting at which this reader gives up (the general path reports it).
 * @returns the root element, or undefined when the text is outside the subset.
 */
export function scanXml(source: string, lines: LineIndex, maxDepth: number): XmlElement | undefined {
  if (FORBIDDEN_CHARACTER.test(source)) return undefined;
  const n = source.length;
  const stack: Building[] = [];
  let root: Building | undefined;
  let i = 0;
  // Line tracking moves forward with the cursor, so positions cost no binary search.
  let line = 1;
  let lineStart = 0;
  let counted = 0;
  const advanceTo = (offset: number): void => {
    for (let k = source.indexOf("\n", counted); k >= 0 && k < offset; k = source.indexOf("\n", k + 1)) {
      line++;
      lineStart = k + 1;
    }
    counted = offset;
  };
  // A CR also ends a line: then the line index answers instead of the forward scan.
  const hasCr = source.includes("\r");
  const position = (offset: number): { line: number; column: number } => {
    if (hasCr) return lines.position(offset);
    advanceTo(offset);
    return { line, column: offset - lineStart + 1 };
  };

  while (i < n) {
    const lt = source.indexOf("<", i);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > i) {
      const top = stack[stack.length - 1];
      if (top === undefined) {
        if (!isBlank(source, i, textEnd)) return undefined;
      } else {
        const text = decodeText(source.slice(i, textEnd));
        if (text === undefined) return undefined;
        top.text += text;
      }
    }
    if (lt < 0) break;
    const c = source.charCodeAt(lt + 1);
    if (c === BANG) {
      if (source.startsWith("<!--", lt)) {
        const end = source.indexOf("-->", lt + 4);
        if (end < 0) return undefined;
        i = end + 3;
        continue;
      }
      if (source.startsWith("<![CDATA[", lt)) {
        const top = stack[stack.length - 1];
        const end = source.indexOf("]]>", lt + 9);
        if (top === undefined || end < 0) return undefined;
        top.text += normalizeNewlines(source.slice(lt + 9, end));
        i = end + 3;
        continue;
      }
      return undefined; // DOCTYPE and the rest: the general path
    }
    if (c === QUESTION) {
      const end = source.indexOf("?>", lt + 2);
      if (end < 0 || !plainInstruction(source.slice(lt + 2, end))) return undefined;
      // An XML declaration anywhere but the very start is the general path's to judge.
      if (lt !== 0 && /^xml[\s?]/i.test(source.slice(lt + 2, lt + 6))) return undefined;
      i = end + 2;
      continue;
    }
    if (c === SLASH) {
      const top = stack.pop();
      if (top === undefined) return undefined;
      const nameEnd = lt + 2 + top.name.length;
      if (!source.startsWith(top.name, lt + 2)) return undefined;
      let k = nameEnd;
      while (k < n && isSpace(source.charCodeAt(k))) k++;
      if (source.charCodeAt(k) !== GT) return undefined;
      i = k + 1;
      continue;
    }
    // A start tag.
    if (root !== undefined && stack.length === 0) return undefined; // a second root
    if (stack.length >= maxDepth - 1) return undefined;
    if (!isNameStart(c)) return undefined;
    let k = lt + 2;
    while (k < n && isNameChar(source.charCodeAt(k))) k++;
    const name = source.slice(lt + 1, k);
    const at = position(lt);
    const element: Building = { name, attributes: [], children: [], text: "", line: at.line, column: at.column, offset: lt, xmlPath: "", depth: stack.length };
    let selfClosing = false;
    for (;;) {
      const before = k;
      while (k < n && isSpace(source.charCodeAt(k))) k++;
      const d = source.charCodeAt(k);
      if (d === GT) {
        k++;
        break;
      }
      if (d === SLASH) {
        if (source.charCodeAt(k + 1) !== GT) return undefined;
        selfClosing = true;
        k += 2;
        break;
      }
      if (k === before || !isNameStart(d)) return undefined; // attributes are separated by white space
      const attrStart = k;
      k++;
      while (k < n && isNameChar(source.charCodeAt(k))) k++;
      const attrName = source.slice(attrStart, k);
      while (k < n && isSpace(source.charCodeAt(k))) k++;
      if (source.charCodeAt(k) !== EQ) return undefined;
      k++;
      while (k < n && isSpace(source.charCodeAt(k))) k++;
      const q = source.charCodeAt(k);
      if (q !== QUOT && q !== APOS) return undefined;
      const close = source.indexOf(q === QUOT ? '"' : "'", k + 1);
      if (close < 0) return undefined;
      const raw = source.slice(k + 1, close);
      if (raw.includes("<")) return undefined;
      const value = decodeText(raw);
      if (value === undefined) return undefined;
      for (const a of element.attributes) if (a.name === attrName) return undefined;
      const p = position(attrStart);
      element.attributes.push({ name: attrName, value, line: p.line, column: p.column });
      k = close + 1;
    }
    const parent = stack[stack.length - 1];
    if (parent === undefined) root = element;
    else parent.children.push(element);
    if (!selfClosing) stack.push(element);
    i = k;
  }
  if (stack.length > 0 || root === undefined) return undefined;
  assignPaths(root, "");
  return root;
}

/** A processing instruction with no markup and balanced quotes: one every reader ends at the same "?>". */
function plainInstruction(body: string): boolean {
  if (body.includes("<")) return false;
  let quote = 0;
  for (let k = 0; k < body.length; k++) {
    const c = body.charCodeAt(k);
    if (quote === 0 && (c === QUOT || c === APOS)) quote = c;
    else if (c === quote) quote = 0;
  }
  return quote === 0;
}

/** Sets each element's libsdformat-style path; siblings are known only once their parent is read. */
function assignPaths(root: Building, rootParent: string): void {
  root.xmlPath = `${rootParent}/${segment(root, false, 0)}`;
  const pending: Building[] = [root];
  const counts = new Map<string, number>();
  const seen = new Map<string, number>();
  while (pending.length > 0) {
    const parent = pending.pop()!;
    const kids = parent.children;
    if (kids.length === 0) continue;
    counts.clear();
    seen.clear();
    for (const k of kids) counts.set(k.name, (counts.get(k.name) ?? 0) + 1);
    for (const k of kids) {
      const index = seen.get(k.name) ?? 0;
      seen.set(k.name, index + 1);
      k.xmlPath = `${parent.xmlPath}/${segment(k, (counts.get(k.name) ?? 0) > 1, index)}`;
      pending.push(k);
    }
  }
}

function segment(element: Building, repeated: boolean, index: number): string {
  for (const a of element.attributes) if (a.name === "name") return `${element.name}[@name="${a.value}"]`;
  return repeated ? `${element.name}[${index}]` : element.name;
}

/** Text or an attribute value with line ends normalised and references decoded; undefined when it holds a reference outside the subset. */
function decodeText(raw: string): string | undefined {
  const text = normalizeNewlines(raw);
  if (!text.includes("&")) return text;
  let out = "";
  let from = 0;
  for (let amp = text.indexOf("&"); amp >= 0; amp = text.indexOf("&", from)) {
    const semi = text.indexOf(";", amp + 1);
    if (semi < 0 || semi - amp > 12) return undefined;
    const ref = text.slice(amp + 1, semi);
    const decoded = decodeReference(ref);
    if (decoded === undefined) return undefined;
    out += text.slice(from, amp) + decoded;
    from = semi + 1;
  }
  return out + text.slice(from);
}

function decodeReference(ref: string): string | undefined {
  switch (ref) {
    case "amp":
      return "&";
    case "lt":
      return "<";
    case "gt":
      return ">";
    case "quot":
      return '"';
    case "apos":
      return "'";
    default: {
      const m = /^#(?:([0-9]{1,7})|x([0-9a-fA-F]{1,6}))$/.exec(ref);
      if (m === null) return undefined;
      const code = m[1] !== undefined ? Number.parseInt(m[1], 10) : Number.parseInt(m[2] ?? "", 16);
      // Disallowed code points were rejected before this reader ran; stay defensive.
      return code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
    }
  }
}

function normalizeNewlines(text: string): string {
  return text.includes("\r") ? text.replace(/\r\n?/g, "\n") : text;
}

function isBlank(source: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (!isSpace(source.charCodeAt(k))) return false;
  return true;
}

/** XML white space: space, tab, LF, CR. */
function isSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13;
}

/** ASCII name start characters (letters, "_", ":"); other names take the general path. */
function isNameStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95 || c === 58;
}

/** ASCII name characters: name start characters, digits, "-" and ".". */
function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 45 || c === 46;
}
