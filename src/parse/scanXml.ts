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
  // Children and text parts of the open elements, in one shared stack each: every element's
  // arrays are made once, at their final size, when it closes (a robot file has millions of
  // small elements, and growable arrays would triple the tree's memory).
  const pendingChildren: Building[] = [];
  const childrenFrom: number[] = [];
  const pendingText: string[] = [];
  const textFrom: number[] = [];
  const attributes: XmlAttribute[] = [];
  const names = new Interner();
  const values = new Interner();
  let root: Building | undefined;
  let i = 0;
  // Line tracking moves forward with the cursor, so positions cost no binary search; a CR also
  // ends a line, and then the line index answers instead.
  const hasCr = source.includes("\r");
  let line = 1;
  let lineStart = 0;
  let counted = 0;
  let column = 1;
  const locate = (offset: number): void => {
    if (hasCr) {
      const p = lines.position(offset);
      line = p.line;
      column = p.column;
      return;
    }
    for (let k = source.indexOf("\n", counted); k >= 0 && k < offset; k = source.indexOf("\n", k + 1)) {
      line++;
      lineStart = k + 1;
    }
    counted = offset;
    column = offset - lineStart + 1;
  };

  while (i < n) {
    const lt = source.indexOf("<", i);
    const textEnd = lt < 0 ? n : lt;
    if (textEnd > i) {
      if (stack.length === 0) {
        if (!isBlank(source, i, textEnd)) return undefined;
      } else {
        const raw = source.slice(i, textEnd);
        const text = textEnd - i <= 256 && isBlank(source, i, textEnd) ? values.intern(normalizeNewlines(raw)) : decodeText(raw);
        if (text === undefined) return undefined;
        pendingText.push(text);
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
        const end = source.indexOf("]]>", lt + 9);
        if (stack.length === 0 || end < 0) return undefined;
        pendingText.push(normalizeNewlines(source.slice(lt + 9, end)));
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
      close(top);
      i = k + 1;
      continue;
    }
    // A start tag.
    if (root !== undefined && stack.length === 0) return undefined; // a second root
    if (stack.length >= maxDepth - 1) return undefined;
    if (!isNameStart(c)) return undefined;
    let k = lt + 2;
    while (k < n && isNameChar(source.charCodeAt(k))) k++;
    const name = names.intern(source.slice(lt + 1, k));
    locate(lt);
    const element: Building = { name, attributes: NONE, children: NONE, text: "", line, column, offset: lt, xmlPath: "", depth: stack.length };
    attributes.length = 0;
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
      const attrName = names.intern(source.slice(attrStart, k));
      while (k < n && isSpace(source.charCodeAt(k))) k++;
      if (source.charCodeAt(k) !== EQ) return undefined;
      k++;
      while (k < n && isSpace(source.charCodeAt(k))) k++;
      const q = source.charCodeAt(k);
      if (q !== QUOT && q !== APOS) return undefined;
      const end = source.indexOf(q === QUOT ? '"' : "'", k + 1);
      if (end < 0) return undefined;
      const raw = source.slice(k + 1, end);
      if (raw.includes("<")) return undefined;
      const value = decodeText(raw);
      if (value === undefined) return undefined;
      for (const a of attributes) if (a.name === attrName) return undefined;
      locate(attrStart);
      attributes.push({ name: attrName, value: value.length <= SHARED_VALUE_LENGTH ? values.intern(value) : value, line, column });
      k = end + 1;
    }
    if (attributes.length > 0) element.attributes = attributes.slice();
    if (stack.length === 0) root = element;
    else pendingChildren.push(element);
    if (selfClosing) element.text = "";
    else {
      stack.push(element);
      childrenFrom.push(pendingChildren.length);
      textFrom.push(pendingText.length);
    }
    i = k;
  }
  if (stack.length > 0 || root === undefined) return undefined;
  assignPaths(root);
  return root;

  /** Gives a closed element its children and text, at their final size. */
  function close(element: Building): void {
    const from = childrenFrom.pop() ?? 0;
    if (pendingChildren.length > from) {
      element.children = pendingChildren.slice(from);
      pendingChildren.length = from;
    }
    const at = textFrom.pop() ?? 0;
    const parts = pendingText.length - at;
    if (parts === 1) element.text = pendingText[at] ?? "";
    else if (parts > 1) {
      const text = pendingText.slice(at).join("");
      element.text = text.length <= 256 && isBlank(text, 0, text.length) ? values.intern(text) : text;
    }
    pendingText.length = at;
  }
}

/** Shared by every element without attributes or children (never mutated: XmlElement's arrays are readonly). */
const NONE: never[] = [];

/** Attribute values up to this length are shared between elements ("0 0 0", "1", "revolute"). */
const SHARED_VALUE_LENGTH = 24;

/** One copy of each short string seen (names, small values, indentation), up to a bound, so a robot file's repeats cost no memory. */
class Interner {
  readonly #seen = new Map<string, string>();

  intern(text: string): string {
    const known = this.#seen.get(text);
    if (known !== undefined) return known;
    if (this.#seen.size < 65_536) this.#seen.set(text, text);
    return text;
  }
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
function assignPaths(root: Building): void {
  root.xmlPath = `/${segment(root, false, 0)}`;
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
