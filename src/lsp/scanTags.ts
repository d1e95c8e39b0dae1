/** One attribute of a scanned start tag, with 0-based UTF-16 offsets into the text. */
export interface TagAttribute {
  readonly name: string;
  readonly nameStart: number;
  /** The raw value (entities not decoded), empty while it is being typed. */
  readonly value: string;
  /** Offset of the first character inside the quotes (the end of the name when there is no value). */
  readonly valueStart: number;
  readonly valueEnd: number;
  /** True when the closing quote is there. */
  readonly closed: boolean;
}

/** One start tag of a scanned document. */
export interface Tag {
  readonly name: string;
  /** Offset of the `<`. */
  readonly start: number;
  readonly nameStart: number;
  readonly nameEnd: number;
  /** Offset just past the `>` (or the end of what was scanned when the tag is unfinished). */
  readonly end: number;
  readonly attributes: readonly TagAttribute[];
  /** Index of the enclosing element's tag, -1 at the top. */
  readonly parent: number;
  /** Offset where the element's content ends (its end tag's `<`), or the text's length while open. */
  contentEnd: number;
  readonly selfClosing: boolean;
  /** True when the `>` was found. */
  readonly complete: boolean;
}

/** A document read tolerantly: every start tag in order, with its parent. */
export interface ScannedTags {
  readonly text: string;
  readonly tags: readonly Tag[];
}

/** Most tags scanned in one document: far above any robot, it bounds an editor's work on a hostile file. */
export const MAX_SCANNED_TAGS = 500_000;

const NAME = /[^\s/>="'<]+/y;
const SPACE = /\s*/y;

/**
 * Reads start and end tags of XML that may be half-typed (an editor's buffer): comments, CDATA,
 * processing instructions and DOCTYPE are skipped, an unfinished tag ends at the next `<`, and
 * a mismatched end tag closes up to the nearest open element of its name. Never throws; linear
 * in the text's length.
 */
export function scanTags(text: string): ScannedTags {
  const tags: Tag[] = [];
  const open = new OpenElements();
  const find = new NextChar(text);
  let i = text.indexOf("<");
  while (i !== -1 && i < text.length && tags.length < MAX_SCANNED_TAGS) {
    if (text.startsWith("<!--", i)) i = skipPast(text, i, "-->");
    else if (text.startsWith("<![CDATA[", i)) i = skipPast(text, i, "]]>");
    else if (text.startsWith("<?", i)) i = skipPast(text, i, "?>");
    else if (text.startsWith("<!", i)) i = skipPast(text, i, ">");
    else if (text[i + 1] === "/") i = closeTag(text, i, tags, open, find);
    else i = startTag(text, i, tags, open, find);
    i = text.indexOf("<", i);
  }
  return { text, tags };
}

/**
 * `text.indexOf(c, from)` for single characters, remembering each character's last answer: the
 * scan asks for the next `>`, `<`, quote or line end from positions that only move forward, and
 * without the memory every unfinished tag would search to the end of the text again.
 */
class NextChar {
  private readonly known = new Map<string, { from: number; at: number }>();

  constructor(private readonly text: string) {}

  /** The offset of the first `c` at or after `from`, -1 when there is none. */
  at(c: string, from: number): number {
    const k = this.known.get(c);
    if (k !== undefined && from >= k.from && (k.at === -1 || from <= k.at)) return k.at;
    const at = this.text.indexOf(c, from);
    this.known.set(c, { from, at });
    return at;
  }
}

function skipPast(text: string, from: number, end: string): number {
  const j = text.indexOf(end, from + 2);
  return j === -1 ? text.length : j + end.length;
}

/**
 * The stack of open elements, with each name's depths in it, so an end tag finds its element
 * without searching the stack: every element is pushed and popped once, the whole scan is linear
 * however many end tags match nothing.
 */
class OpenElements {
  private readonly stack: number[] = [];
  private readonly depths = new Map<string, number[]>();

  /** The innermost open element, -1 at the top. */
  top(): number {
    return this.stack[this.stack.length - 1] ?? -1;
  }

  push(tags: readonly Tag[], index: number): void {
    const name = tags[index]!.name;
    let list = this.depths.get(name);
    if (list === undefined) this.depths.set(name, (list = []));
    list.push(this.stack.length);
    this.stack.push(index);
  }

  /** Closes the innermost open element named `name` and those inside it; their content ends at `at`. */
  close(tags: Tag[], name: string, at: number): void {
    const depth = this.depths.get(name)?.at(-1);
    if (depth === undefined) return;
    while (this.stack.length > depth) {
      const index = this.stack.pop()!;
      tags[index]!.contentEnd = at;
      this.depths.get(tags[index]!.name)!.pop();
    }
  }
}

function closeTag(text: string, i: number, tags: Tag[], open: OpenElements, find: NextChar): number {
  NAME.lastIndex = i + 2;
  const m = NAME.exec(text);
  open.close(tags, m?.[0] ?? "", i);
  const gt = find.at(">", i);
  const lt = find.at("<", i + 1);
  return gt === -1 || (lt !== -1 && lt < gt) ? i + 2 : gt + 1;
}

function startTag(text: string, i: number, tags: Tag[], open: OpenElements, find: NextChar): number {
  NAME.lastIndex = i + 1;
  const m = NAME.exec(text);
  const name = m?.[0] ?? "";
  const nameEnd = i + 1 + name.length;
  const attributes: TagAttribute[] = [];
  let j = nameEnd;
  let complete = false;
  let selfClosing = false;
  for (;;) {
    SPACE.lastIndex = j;
    SPACE.exec(text);
    j = SPACE.lastIndex;
    if (j >= text.length || text[j] === "<") break;
    if (text[j] === ">") {
      complete = true;
      j++;
      break;
    }
    if (text.startsWith("/>", j)) {
      complete = true;
      selfClosing = true;
      j += 2;
      break;
    }
    NAME.lastIndex = j;
    const a = NAME.exec(text);
    if (a === null) {
      j++;
      continue;
    }
    j = readAttribute(text, j, a[0], attributes, find);
  }
  const index = tags.length;
  tags.push({
    name,
    start: i,
    nameStart: i + 1,
    nameEnd,
    end: j,
    attributes,
    parent: open.top(),
    contentEnd: selfClosing ? j : text.length,
    selfClosing,
    complete,
  });
  if (!selfClosing) open.push(tags, index);
  return j;
}

function readAttribute(text: string, nameStart: number, name: string, out: TagAttribute[], find: NextChar): number {
  let j = nameStart + name.length;
  SPACE.lastIndex = j;
  SPACE.exec(text);
  if (text[SPACE.lastIndex] !== "=") {
    out.push({ name, nameStart, value: "", valueStart: j, valueEnd: j, closed: false });
    return j;
  }
  SPACE.lastIndex += 1;
  SPACE.exec(text);
  j = SPACE.lastIndex;
  const quote = text[j];
  if (quote !== '"' && quote !== "'") {
    out.push({ name, nameStart, value: "", valueStart: j, valueEnd: j, closed: false });
    return j;
  }
  const close = find.at(quote, j + 1);
  const lt = find.at("<", j + 1);
  // An unclosed value ends at the line's end or the next tag, so one missing quote spoils one tag.
  const eol = find.at("\n", j + 1);
  const unclosedEnd = Math.min(eol === -1 ? text.length : eol, lt === -1 ? text.length : lt);
  if (close === -1 || (lt !== -1 && lt < close)) {
    out.push({
      name,
      nameStart,
      value: text.slice(j + 1, unclosedEnd),
      valueStart: j + 1,
      valueEnd: unclosedEnd,
      closed: false,
    });
    return unclosedEnd;
  }
  out.push({ name, nameStart, value: text.slice(j + 1, close), valueStart: j + 1, valueEnd: close, closed: true });
  return close + 1;
}

/** The innermost tag whose element contains `offset` (inside its start tag or its content), or -1. */
export function tagAt(scanned: ScannedTags, offset: number): number {
  let best = -1;
  for (let t = 0; t < scanned.tags.length; t++) {
    const tag = scanned.tags[t]!;
    if (tag.start > offset) break;
    if (offset <= Math.max(tag.end, tag.contentEnd)) best = t;
  }
  return best;
}

/** Names of the elements from the root down to tag `index`, inclusive. */
export function tagPath(scanned: ScannedTags, index: number): string[] {
  const out: string[] = [];
  for (let t = index; t !== -1; t = scanned.tags[t]!.parent) out.push(scanned.tags[t]!.name);
  return out.reverse();
}
