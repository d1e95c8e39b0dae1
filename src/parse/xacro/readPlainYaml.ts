/**
 * Resolves the text of a plain scalar under a local tag (`!degrees 90` gives it "90"), as the
 * `resolve` of a custom tag of the yaml package does. It may throw: the document then goes to the
 * yaml package, which reports the failure in its own words.
 */
export type PlainYamlTag = (source: string) => unknown;

/** Nesting from which a document goes to the yaml package (its reader and toPy recurse). */
const MAX_DEPTH = 64;
/** Longest implicit key taken; YAML allows 1,024 characters, and the yaml package reports longer ones. */
const MAX_KEY = 1000;
/**
 * Characters outside the subset anywhere in a document: C0 controls but line feed (tab and CR
 * included; CR LF is normalised first), DEL and C1 controls, line and paragraph separators,
 * surrogates, the byte order mark and the two non-characters.
 */
const OUTSIDE = /[\0-\x09\x0b-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]/;
/** The core schema's integers (decimal, `0o` octal, `0x` hex), read as BigInt with intAsBigInt. */
const INT = /^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$/;
/** The core schema's floats with and without exponent (the integers matched INT first). */
const FLOAT = /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?$/;
const FLOAT_SPECIAL = /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/;
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/;
/** Characters that cannot start a plain scalar (indicators), `-`, `?` and `:` apart. */
const NOT_PLAIN_FIRST = new Set([..."?:,[]{}#&*!|>'\"%@`"]);
/** Double-quoted escapes taken (the yaml package's table, tab apart: tabs are outside the subset). */
const ESCAPES: Readonly<Record<string, string>> = {
  "0": "\0",
  a: "\x07",
  b: "\b",
  e: "\x1b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
  v: "\v",
  N: "\u0085",
  _: "\u00a0",
  L: "\u2028",
  P: "\u2029",
  " ": " ",
  '"': '"',
  "/": "/",
  "\\": "\\",
};
const HEX_LENGTH: Readonly<Record<string, number>> = { x: 2, u: 4, U: 8 };
const HEX = /^[0-9a-fA-F]+$/;
/** Flow indicators, which a plain key in the subset does not hold. */
const FLOW_INDICATOR = /[[\]{},]/;

type Container = unknown[] | Record<string, unknown>;
interface Frame {
  readonly indent: number;
  readonly node: Container;
  readonly seq: boolean;
}
interface Tagged {
  readonly node: Container;
  readonly key: string | number;
  readonly resolve: PlainYamlTag;
  readonly source: string;
  readonly placeholder: object;
}

/** Thrown inside the reader when the document leaves the subset. */
const OUT = Symbol("outside the plain subset");

const NO_TAGS: ReadonlyMap<string, PlainYamlTag> = new Map();

/**
 * Reads the plain YAML most robot configuration files are, giving exactly what the yaml package's
 * `parse(text, { schema: "core", intAsBigInt: true, uniqueKeys: false, customTags })` gives for
 * it: block mappings and sequences by space indentation (`- key: value` items included), one-line
 * plain, single- and double-quoted scalars, one-line flow sequences of scalars, comments, blank
 * lines, one leading `---`, CR LF line ends, and plain scalars under the local tags in `tags`.
 * Plain scalars resolve as the core schema does (null, booleans, integers as BigInt, floats,
 * otherwise strings); keys become strings as the yaml package makes them; a repeated key keeps
 * its first place and takes the last value.
 *
 * Anything else (tabs, anchors, aliases, other tags, block scalars, multi-line scalars, flow
 * mappings, explicit keys, directives, several documents, nesting deeper than 64, anything not
 * well-formed) gives `undefined`, as does a tag resolver that throws: the caller then reads the
 * document with the yaml package, whose checks and messages stand. Time is linear in the text.
 *
 * @param tags - resolvers of local tags by name (`"!degrees"`), called in document order once the
 *   whole document is known to be in the subset.
 */
export function readPlainYaml(text: string, tags: ReadonlyMap<string, PlainYamlTag> = NO_TAGS): unknown {
  let source = text;
  if (source.includes("\r")) {
    if (/\r(?!\n)/.test(source)) return undefined;
    source = source.replace(/\r\n/g, "\n");
  }
  if (OUTSIDE.test(source)) return undefined;
  const reader = new PlainYamlReader(tags);
  try {
    for (const line of source.split("\n")) reader.line(line);
  } catch (error) {
    if (error === OUT) return undefined;
    throw error;
  }
  return reader.finish();
}

class PlainYamlReader {
  private readonly stack: Frame[] = [];
  /** The document's value, in a one-item array so the root is a slot like any other. */
  private readonly holder: unknown[] = [null];
  /** The entry with an empty value that the next line may give a block (undefined: none). */
  private pendingNode: Container | undefined;
  private pendingKey: string | number = 0;
  /** Indentation of the mapping or sequence that entry belongs to. */
  private pendingOwner = 0;
  private pendingOwnerIsMap = false;
  /** Where keyAt's key ends: the index after its `:`. */
  private keyNext = 0;
  private readonly tagged: Tagged[] = [];
  private started = false;
  private marker = false;
  private scalarRoot = false;

  constructor(private readonly tags: ReadonlyMap<string, PlainYamlTag>) {}

  line(text: string): void {
    const col = skipSpaces(text, 0);
    if (col === text.length || text[col] === "#") return;
    if (col === 0) {
      const c = text[0];
      if (text.startsWith("---") || text.startsWith("...")) {
        // One `---` before the content (a comment may follow it); any other marker is outside.
        if (c === "-" && !this.started && !this.marker && (text.length === 3 || text[3] === " ")) {
          this.marker = true;
          const j = skipSpaces(text, 3);
          if (j === text.length || text[j] === "#") return;
        }
        throw OUT;
      }
      if (c === "%") throw OUT;
    }
    this.content(text, col);
  }

  finish(): unknown {
    for (const t of this.tagged) {
      let value: unknown;
      try {
        value = t.resolve(t.source);
      } catch {
        return undefined;
      }
      // A repeated key may have replaced the tagged value; it was still resolved, as yaml does.
      if (get(t.node, t.key) === t.placeholder) set(t.node, t.key, value);
    }
    return this.holder[0];
  }

  private content(text: string, col: number): void {
    if (this.scalarRoot) throw OUT;
    const item = isItem(text, col);
    const pending = this.pendingNode;
    if (pending !== undefined) {
      this.pendingNode = undefined;
      // The empty entry's value is the block that starts here, if it is deeper (or a sequence at
      // the indentation of its mapping's keys); otherwise it stays null.
      const owner = this.pendingOwner;
      if (col > owner || (col === owner && this.pendingOwnerIsMap && item)) {
        const node: Container = item ? [] : {};
        set(pending, this.pendingKey, node);
        this.push(col, node, item);
      }
    }
    const stack = this.stack;
    let top = stack[stack.length - 1];
    while (
      top !== undefined &&
      (top.indent > col || (top.indent === col && top.seq && !item && stack[stack.length - 2]?.indent === col))
    ) {
      stack.pop();
      top = stack[stack.length - 1];
    }
    if (top === undefined) {
      if (this.started) throw OUT;
      this.started = true;
      if (item) {
        top = this.push(col, [], true);
        this.holder[0] = top.node;
      } else if (this.keyAt(text, col) !== undefined) {
        top = this.push(col, {}, false);
        this.holder[0] = top.node;
      } else {
        this.scalarRoot = true;
        this.value(text, col, this.holder, 0, col, false);
        return;
      }
    }
    if (top.indent !== col || top.seq !== item) throw OUT;
    if (item) this.item(top, text, col);
    else this.entry(top, text, col);
  }

  private push(indent: number, node: Container, seq: boolean): Frame {
    if (this.stack.length >= MAX_DEPTH) throw OUT;
    const frame = { indent, node, seq };
    this.stack.push(frame);
    return frame;
  }

  /** `- …` at `col`: an item of the sequence `frame`; its content may open a compact block. */
  private item(frame: Frame, text: string, col: number): void {
    const list = frame.node as unknown[];
    const index = list.length;
    list.push(null);
    const i = skipSpaces(text, col + 1);
    if (isItem(text, i)) {
      const inner = this.push(i, [], true);
      list[index] = inner.node;
      this.item(inner, text, i);
    } else if (this.keyAt(text, i) !== undefined) {
      const inner = this.push(i, {}, false);
      list[index] = inner.node;
      this.entry(inner, text, i);
    } else {
      this.value(text, i, list, index, col, false);
    }
  }

  /** `key: …` at `col`: an entry of the mapping `frame`. */
  private entry(frame: Frame, text: string, col: number): void {
    const key = this.keyAt(text, col);
    if (key === undefined) throw OUT;
    this.value(text, skipSpaces(text, this.keyNext), frame.node, key, col, true);
  }

  /**
   * The implicit key starting at `i` (its end in keyNext), or undefined when the line holds no
   * key there (a scalar; the caller decides whether that is allowed).
   */
  private keyAt(text: string, i: number): string | undefined {
    const c = text[i] ?? "";
    if (c === "'" || c === '"') {
      const q = quoted(text, i);
      const j = skipSpaces(text, q.end);
      if (text[j] !== ":") return undefined;
      if (!(j + 1 === text.length || text[j + 1] === " ") || j - i > MAX_KEY) throw OUT;
      this.keyNext = j + 1;
      return q.value;
    }
    if (!plainFirst(text, i)) return undefined;
    // indexOf, not a loop over characters: this code runs once per process, mostly interpreted.
    let colon = text.indexOf(":", i);
    while (colon >= 0 && !(colon + 1 === text.length || text.charCodeAt(colon + 1) === 32))
      colon = text.indexOf(":", colon + 1);
    if (colon < 0) return undefined;
    const hash = text.indexOf(" #", i);
    if (hash >= 0 && hash < colon) return undefined;
    if (colon - i > MAX_KEY || FLOW_INDICATOR.test(text.slice(i, colon))) throw OUT;
    this.keyNext = colon + 1;
    return keyString(resolvePlain(text.slice(i, trimSpacesEnd(text, i, colon))));
  }

  /**
   * The value starting at `i` (spaces skipped) of an entry: empty (null, and the next lines may
   * give it a block), quoted, a flow sequence, a tagged or a plain scalar, then only a comment.
   */
  private value(
    text: string,
    i: number,
    node: Container,
    key: string | number,
    owner: number,
    ownerIsMap: boolean,
  ): void {
    if (i === text.length || text[i] === "#") {
      set(node, key, null);
      this.pendingNode = node;
      this.pendingKey = key;
      this.pendingOwner = owner;
      this.pendingOwnerIsMap = ownerIsMap;
      return;
    }
    const c = text[i];
    if (c === "'" || c === '"' || c === "[") {
      const v = c === "[" ? flowSequence(text, i) : quoted(text, i);
      const j = skipSpaces(text, v.end);
      if (j < text.length && !(text[j] === "#" && j > v.end)) throw OUT;
      set(node, key, v.value);
      return;
    }
    if (c === "!") {
      let j = i;
      while (j < text.length && text[j] !== " ") j++;
      const resolve = this.tags.get(text.slice(i, j));
      const k = skipSpaces(text, j);
      if (resolve === undefined || k === text.length || text[k] === "#") throw OUT;
      const placeholder = {};
      set(node, key, placeholder);
      this.tagged.push({ node, key, resolve, source: plainValue(text, k), placeholder });
      return;
    }
    set(node, key, resolvePlain(plainValue(text, i)));
  }
}

/** True if a block sequence item (`-` then a space or the line's end) starts at `i`. */
function isItem(text: string, i: number): boolean {
  return text[i] === "-" && (i + 1 === text.length || text[i + 1] === " ");
}

function skipSpaces(text: string, i: number): number {
  let j = i;
  while (text.charCodeAt(j) === 32) j++;
  return j;
}

/** The end of `text[from, to)` without its trailing spaces (only spaces: U+00A0 is content in YAML). */
function trimSpacesEnd(text: string, from: number, to: number): number {
  let j = to;
  while (j > from && text.charCodeAt(j - 1) === 32) j--;
  return j;
}

/** True if a plain scalar may start at `i` in block context. */
function plainFirst(text: string, i: number): boolean {
  const c = text[i];
  if (c === undefined || NOT_PLAIN_FIRST.has(c)) return false;
  return c !== "-" || (i + 1 < text.length && text[i + 1] !== " ");
}

/** A one-line plain value from `i` to the comment or line end; a `: ` in it (a nested mapping) is outside. */
function plainValue(text: string, i: number): string {
  if (!plainFirst(text, i)) throw OUT;
  const hash = text.indexOf(" #", i);
  const end = hash < 0 ? text.length : hash;
  const colon = text.indexOf(": ", i);
  if ((colon >= 0 && colon < end) || (hash < 0 && text.charCodeAt(end - 1) === 58)) throw OUT;
  return text.slice(i, trimSpacesEnd(text, i, end));
}

/** A single- or double-quoted scalar closed on its line; `end` is the index after the quote. */
function quoted(text: string, i: number): { value: string; end: number } {
  const q = text[i];
  let out = "";
  let from = i + 1;
  if (q === "'") {
    for (;;) {
      const k = text.indexOf("'", from);
      if (k < 0) throw OUT;
      out += text.slice(from, k);
      if (text[k + 1] !== "'") return { value: out, end: k + 1 };
      out += "'";
      from = k + 2;
    }
  }
  for (let j = from; j < text.length; j++) {
    const c = text[j];
    if (c === '"') return { value: out + text.slice(from, j), end: j + 1 };
    if (c !== "\\") continue;
    out += text.slice(from, j);
    const e = text[j + 1] ?? "";
    const simple = ESCAPES[e];
    if (simple !== undefined) {
      out += simple;
      j++;
    } else {
      const n = HEX_LENGTH[e];
      const hex = n === undefined ? "" : text.slice(j + 2, j + 2 + n);
      if (n === undefined || hex.length !== n || !HEX.test(hex)) throw OUT;
      const code = Number.parseInt(hex, 16);
      if (code > 0x10ffff) throw OUT;
      out += String.fromCodePoint(code);
      j += 1 + n;
    }
    from = j + 1;
  }
  throw OUT;
}

/** `[a, 'b', "c"]` on one line: scalars only, one trailing comma allowed. */
function flowSequence(text: string, i: number): { value: unknown[]; end: number } {
  const items: unknown[] = [];
  let j = skipSpaces(text, i + 1);
  if (text[j] === "]") return { value: items, end: j + 1 };
  for (;;) {
    const c = text[j];
    if (c === "'" || c === '"') {
      const q = quoted(text, j);
      items.push(q.value);
      j = skipSpaces(text, q.end);
    } else {
      if (c === undefined || NOT_PLAIN_FIRST.has(c)) throw OUT;
      let k = j;
      for (; k < text.length; k++) {
        const d = text[k];
        if (d === "," || d === "]") break;
        if (d === "[" || d === "{" || d === "}" || d === "#" || d === ":" || d === "'" || d === '"') throw OUT;
      }
      if (c === "-" && (k === j + 1 || text[j + 1] === " ")) throw OUT;
      items.push(resolvePlain(text.slice(j, trimSpacesEnd(text, j, k))));
      j = k;
    }
    if (text[j] === "]") return { value: items, end: j + 1 };
    if (text[j] !== ",") throw OUT;
    j = skipSpaces(text, j + 1);
    if (text[j] === "]") return { value: items, end: j + 1 };
  }
}

/** A plain scalar as the core schema resolves it (integers as BigInt). */
function resolvePlain(s: string): unknown {
  const c = s[0];
  switch (c) {
    case undefined:
    case "~":
      return s.length <= 1 ? null : s;
    case "n":
    case "N":
      return s === "null" || s === "Null" || s === "NULL" ? null : s;
    case "t":
    case "T":
    case "f":
    case "F":
      return BOOL.test(s) ? c === "t" || c === "T" : s;
    default:
      if (INT.test(s)) return BigInt(s);
      if (FLOAT.test(s)) return Number.parseFloat(s);
      if (FLOAT_SPECIAL.test(s)) {
        if (s.endsWith("an") || s.endsWith("aN") || s.endsWith("AN")) return Number.NaN;
        return c === "-" ? Number.NEGATIVE_INFINITY : Number.POSITIVE_INFINITY;
      }
      return s;
  }
}

/** A resolved key as the yaml package turns it into a property name (null gives ""). */
function keyString(key: unknown): string {
  return key === null ? "" : String(key);
}

function get(node: Container, key: string | number): unknown {
  return Array.isArray(node) ? node[key as number] : node[key as string];
}

/** Sets an item or entry as the yaml package does: a name the object already has (`__proto__` too) is defined, not assigned. */
function set(node: Container, key: string | number, value: unknown): void {
  if (Array.isArray(node)) node[key as number] = value;
  else if (key in node)
    Object.defineProperty(node, key, { value, writable: true, enumerable: true, configurable: true });
  else node[key as string] = value;
}
