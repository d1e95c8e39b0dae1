import type { LineIndex } from "./LineIndex.js";
import type { XmlAttribute, XmlElement } from "./XmlDocument.js";

const GT = 62;
const SLASH = 47;
const EQ = 61;
const QUOT = 34;
const APOS = 39;
const BANG = 33;
const QUESTION = 63;
const LT = 60;
const SEMI = 59;
const AMP = 38;

/** Characters XML 1.0 does not allow anywhere in a document (as literal characters). */
const FORBIDDEN_CHARACTER = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]/;

/** Options of {@link scanXml}. */
export interface ScanXmlOptions {
  /** Nesting at which this reader gives up (the general path reports it). */
  readonly maxDepth: number;
  /**
   * Subtrees below the root with fewer elements than this are kept as their place in the text
   * and read again when their children are asked for (0, the default: the whole tree is built).
   * A robot of 100,000 links then costs one small object per link, not fourteen.
   */
  readonly lazyBelow?: number;
}

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
 * @returns the root element, or undefined when the text is outside the subset.
 */
export function scanXml(source: string, lines: LineIndex, options: ScanXmlOptions): XmlElement | undefined {
  if (FORBIDDEN_CHARACTER.test(source)) return undefined;
  const document = new ScanDocument(source, lines, options.maxDepth);
  const top = document.scan(0, source.length, -1, options.lazyBelow ?? 0);
  const root = top?.[0];
  if (top === undefined || root === undefined || top.length > 1) return undefined;
  assignPaths([root]);
  return root;
}

/**
 * An element read by scanXml. Its children are either built with it or, for a small subtree
 * of a large document, read again from the text when first asked for (see
 * {@link ScanXmlOptions.lazyBelow}); a bounded cache keeps the most recent ones, so a reader
 * that visits a link's children several times reads them once.
 */
class ScannedElement implements XmlElement {
  text = "";
  attributes: readonly XmlAttribute[] = NONE;
  /** The children, or where they are in the text while they are not kept. */
  built: readonly ScannedElement[] | LazyContent = NONE;

  // Few fields: a validated file holds every element (millions in a large robot), so what an
  // element can find from its parent (depth) or needs only when not kept (its document, its
  // content's place) is not stored in each.
  constructor(
    readonly name: string,
    readonly line: number,
    readonly column: number,
    readonly offset: number,
  ) {}

  /** Nesting depth, from the parents (asked for rarely: the reader knows it while reading). */
  get depth(): number {
    let depth = 0;
    for (let p = this.pathParent; p !== undefined; p = p.pathParent) depth++;
    return depth;
  }

  /** The parent, for the path; undefined for the root. */
  pathParent: ScannedElement | undefined = undefined;
  /** Index among same-named siblings when the path needs one, else -1. */
  pathIndex = -1;
  #xmlPath: string | undefined = undefined;

  get children(): readonly XmlElement[] {
    const built = this.built;
    return built instanceof LazyContent ? built.document.childrenOf(this, built) : built;
  }

  /** The first child named `name`; of a subtree kept as text, only that child is read when it is a leaf. */
  firstChild(name: string): XmlElement | undefined {
    const built = this.built;
    if (!(built instanceof LazyContent)) return firstNamed(built, name);
    const known = built.document.knownChildrenOf(this);
    return known === undefined ? built.document.firstChildOf(this, built, name) : firstNamed(known, name);
  }

  /** Made when first asked for (diagnostics need a few; a tree has millions of elements). */
  get xmlPath(): string {
    if (this.#xmlPath === undefined) {
      const parent = this.pathParent;
      if (this.pathIndex === PATH_INDEX_UNKNOWN && parent !== undefined) {
        // Read alone (firstChild): whether same-named siblings need an index is known only now.
        let same = 0;
        let index = 0;
        for (const c of parent.children) {
          if (c.name !== this.name) continue;
          if (c.offset < this.offset) index++;
          same++;
        }
        this.pathIndex = same > 1 ? index : -1;
      }
      const own = segment(this, this.pathIndex >= 0, this.pathIndex);
      this.#xmlPath = parent === undefined ? `/${own}` : `${parent.xmlPath}/${own}`;
    }
    return this.#xmlPath;
  }
}

/** The content of an element not kept as elements: where it is in its document's text, for reading it again, and how many elements it holds. */
class LazyContent {
  constructor(
    readonly document: ScanDocument,
    /** Offsets of the content: after the start tag, before the end tag. */
    readonly from: number,
    readonly to: number,
    /** Elements in the subtree, its element included. */
    readonly size: number,
  ) {}
}

/** The text being read, with what every element of it shares: interned strings and the cache of re-read subtrees. */
class ScanDocument {
  readonly #hasCr: boolean;
  readonly #names = new Interner();
  readonly #values = new Interner();
  /** Re-read children of lazy elements, the order they were read in, and the elements they hold in all. */
  readonly #cache = new Map<ScannedElement, readonly ScannedElement[]>();
  readonly #order: ScannedElement[] = [];
  #oldest = 0;
  #cached = 0;
  /** What the last successful skim found: elements in the subtree, the element's own text, where its content ends. */
  #skimSize = 0;
  #skimText = "";
  #skimContentTo = 0;
  /** Characters read by skims that found no lazy subtree. */
  #skimWaste = 0;
  /** Scratch of skim: name offsets of the open elements. */
  readonly #skimNameFrom: number[] = [];
  readonly #skimNameTo: number[] = [];
  /** Scratch of #startTagEnd: attribute name offsets and lengths of one start tag; whether it closed itself. */
  readonly #attrFrom: number[] = [];
  readonly #attrLength: number[] = [];
  #selfClosing = false;

  constructor(
    private readonly source: string,
    private readonly lines: LineIndex,
    private readonly maxDepth: number,
  ) {
    // A CR also ends a line: then every position comes from the line index.
    this.#hasCr = source.includes("\r");
  }

  /** The children of a lazy element when they are in the cache. */
  knownChildrenOf(element: ScannedElement): readonly ScannedElement[] | undefined {
    return this.#cache.get(element);
  }

  /**
   * The first child named `name` of a lazy element whose children are not in the cache: when
   * it is a leaf, only it is read (a link's `<pose>`, a joint's `<parent>`); else all the
   * children are read again, as {@link childrenOf}.
   */
  firstChildOf(element: ScannedElement, content: LazyContent, name: string): ScannedElement | undefined {
    const source = this.source;
    const to = content.to;
    // The text was checked by the first read: only the element boundaries are looked for.
    for (let lt = source.indexOf("<", content.from); lt >= 0 && lt < to; ) {
      const c = source.charCodeAt(lt + 1);
      const end = c === BANG || c === QUESTION ? skipMarkup(source, lt) : this.#skipElement(lt);
      if (
        c !== BANG &&
        c !== QUESTION &&
        source.startsWith(name, lt + 1) &&
        !isNameChar(source.charCodeAt(lt + 1 + name.length))
      ) {
        if (!this.#skippedLeaf) return firstNamed(this.childrenOf(element, content), name);
        const read = this.scan(lt, end, element.depth, 0)?.[0];
        if (read === undefined) throw new Error(`robokit bug: <${name}> at offset ${lt} could not be read again`);
        read.pathParent = element;
        read.pathIndex = PATH_INDEX_UNKNOWN;
        return read;
      }
      lt = source.indexOf("<", end);
    }
    return undefined;
  }

  /** Whether the last element #skipElement passed had no child elements. */
  #skippedLeaf = true;

  /** The offset after the element whose start tag is at `lt`, in text the first read found well formed. */
  #skipElement(lt: number): number {
    const source = this.source;
    let open = 0;
    let leaf = true;
    let i = lt;
    for (;;) {
      const c = source.charCodeAt(i + 1);
      if (c === BANG || c === QUESTION) i = skipMarkup(source, i);
      else if (c === SLASH) {
        i = source.indexOf(">", i + 2) + 1;
        if (--open === 0) break;
      } else {
        if (open > 0) leaf = false;
        // The end of the start tag: the first ">" outside quotes ("/>" when it closes itself).
        let k = i + 1;
        for (let d = source.charCodeAt(k); d !== GT; d = source.charCodeAt(++k)) {
          if (d === QUOT || d === APOS) k = source.indexOf(d === QUOT ? '"' : "'", k + 1);
          // Cannot happen in text the first read accepted; a loop must not depend on that.
          if (k < 0 || k >= source.length) throw new Error(`robokit bug: the element at offset ${lt} has no end`);
        }
        const selfClosing = source.charCodeAt(k - 1) === SLASH;
        i = k + 1;
        if (!selfClosing) open++;
        else if (open === 0) break;
      }
      i = source.indexOf("<", i);
      if (i < 0) throw new Error(`robokit bug: the element at offset ${lt} has no end`);
    }
    this.#skippedLeaf = leaf;
    return i;
  }

  /** The children of a lazy element, read again from the text (or from the cache). */
  childrenOf(element: ScannedElement, content: LazyContent): readonly ScannedElement[] {
    const hit = this.#cache.get(element);
    if (hit !== undefined) return hit;
    const children = this.scan(content.from, content.to, element.depth, 0);
    // The text was read once already, so reading a part of it again cannot fail.
    if (children === undefined)
      throw new Error(`robokit bug: <${element.name}> at offset ${element.offset} could not be read again`);
    assignPaths([element], children);
    // First in, first out: readers visit a subtree's parts one after another, then move on.
    this.#cache.set(element, children);
    this.#order.push(element);
    this.#cached += content.size;
    while (this.#cached > CACHED_ELEMENTS && this.#order.length - this.#oldest > 1) {
      const old = this.#order[this.#oldest++]!;
      this.#cache.delete(old);
      this.#cached -= old.built instanceof LazyContent ? old.built.size : 0;
    }
    if (this.#oldest > 4096) {
      this.#order.splice(0, this.#oldest);
      this.#oldest = 0;
    }
    return children;
  }

  /**
   * Reads a start tag's attributes from `k` (just after its name) to its `>` or `/>`, with every
   * check of the subset: white space between attributes, quoted values without "<", references
   * decodeText decodes, no name twice. Each attribute is handed to `keep` when given (scan keeps
   * them; skim only checks). Returns the offset after the tag (with #selfClosing), or -1 when
   * the tag is outside the subset.
   */
  #startTagEnd(
    k: number,
    to: number,
    keep?: (nameFrom: number, nameTo: number, valueFrom: number, valueTo: number) => void,
  ): number {
    const source = this.source;
    let attrs = 0;
    for (;;) {
      const before = k;
      while (k < to && isSpace(source.charCodeAt(k))) k++;
      const d = source.charCodeAt(k);
      if (d === GT || d === SLASH) {
        if (d === SLASH && source.charCodeAt(k + 1) !== GT) return -1;
        this.#selfClosing = d === SLASH;
        const end = d === SLASH ? k + 2 : k + 1;
        return end > to ? -1 : end;
      }
      if (k === before || !isNameStart(d)) return -1; // attributes are separated by white space
      const nameFrom = k;
      k++;
      while (k < to && isNameChar(source.charCodeAt(k))) k++;
      const nameLength = k - nameFrom;
      for (let a = 0; a < attrs; a++) {
        if (nameLength === this.#attrLength[a] && sameText(source, this.#attrFrom[a]!, nameFrom, nameLength)) return -1;
      }
      this.#attrFrom[attrs] = nameFrom;
      this.#attrLength[attrs] = nameLength;
      attrs++;
      while (k < to && isSpace(source.charCodeAt(k))) k++;
      if (source.charCodeAt(k) !== EQ) return -1;
      k++;
      while (k < to && isSpace(source.charCodeAt(k))) k++;
      const q = source.charCodeAt(k);
      if (q !== QUOT && q !== APOS) return -1;
      const end = source.indexOf(q === QUOT ? '"' : "'", k + 1);
      if (end < 0 || end >= to || !validValue(source, k + 1, end)) return -1;
      keep?.(nameFrom, nameFrom + nameLength, k + 1, end);
      k = end + 1;
    }
  }

  /**
   * Checks the content of an element opened at `depth` (its name at `source[nameFrom, nameTo)`,
   * its start tag ending before `from`) exactly as {@link scan} would, building nothing. When
   * the subtree has child elements and fewer than `limit` elements in all, returns the offset
   * after its end tag, with its size, own text and content end in the skim fields; returns
   * SKIM_NOT_LAZY when it does not qualify (the caller builds it as usual; what was read for
   * nothing counts against a budget of one document length, after which nothing is skimmed, so
   * nested large subtrees cannot make the read quadratic), SKIM_INVALID when scan would give up.
   */
  skim(from: number, to: number, nameFrom: number, nameTo: number, depth: number, limit: number): number {
    const source = this.source;
    const openFrom = this.#skimNameFrom;
    const openTo = this.#skimNameTo;
    openFrom[0] = nameFrom;
    openTo[0] = nameTo;
    let open = 1;
    let size = 1;
    let children = 0;
    const text: string[] = [];
    let i = from;
    const notLazy = (at: number): number => {
      this.#skimWaste += at - from;
      return SKIM_NOT_LAZY;
    };
    while (i < to) {
      const found = source.indexOf("<", i);
      if (found < 0 || found >= to) return SKIM_INVALID; // an element left open
      const lt = found;
      if (lt > i) {
        if (open === 1) {
          const blank = lt - i <= 256 && isBlank(source, i, lt);
          const part = blank && !this.#hasCr ? this.#values.at(source, i, lt) : decodeText(source.slice(i, lt));
          if (part === undefined) return SKIM_INVALID;
          text.push(part);
        } else if (!validReferences(source, i, lt)) return SKIM_INVALID;
      }
      const c = source.charCodeAt(lt + 1);
      if (c === BANG) {
        if (source.startsWith("<!--", lt)) {
          const end = source.indexOf("-->", lt + 4);
          if (end < 0) return SKIM_INVALID;
          i = end + 3;
          continue;
        }
        if (source.startsWith("<![CDATA[", lt)) {
          const end = source.indexOf("]]>", lt + 9);
          if (end < 0) return SKIM_INVALID;
          if (open === 1) text.push(normalizeNewlines(source.slice(lt + 9, end)));
          i = end + 3;
          continue;
        }
        return SKIM_INVALID;
      }
      if (c === QUESTION) {
        const end = source.indexOf("?>", lt + 2);
        if (end < 0 || !plainInstruction(source.slice(lt + 2, end))) return SKIM_INVALID;
        if (/^xml[\s?]/i.test(source.slice(lt + 2, lt + 6))) return SKIM_INVALID;
        i = end + 2;
        continue;
      }
      if (c === SLASH) {
        open--;
        const n = openTo[open]! - openFrom[open]!;
        if (!sameText(source, openFrom[open]!, lt + 2, n)) return SKIM_INVALID;
        let k = lt + 2 + n;
        while (k < to && isSpace(source.charCodeAt(k))) k++;
        if (source.charCodeAt(k) !== GT) return SKIM_INVALID;
        i = k + 1;
        if (open > 0) continue;
        if (children === 0) return notLazy(i);
        this.#skimSize = size;
        this.#skimContentTo = lt;
        this.#skimText = text.length === 0 ? "" : text.length === 1 ? text[0]! : joinText(text, this.#values);
        return i;
      }
      // A start tag: the checks of scan's, on offsets.
      if (depth + open >= this.maxDepth - 1) return SKIM_INVALID;
      if (!isNameStart(c)) return SKIM_INVALID;
      let k = lt + 2;
      while (k < to && isNameChar(source.charCodeAt(k))) k++;
      const tagFrom = lt + 1;
      const tagTo = k;
      k = this.#startTagEnd(k, to);
      if (k < 0) return SKIM_INVALID;
      const selfClosing = this.#selfClosing;
      size++;
      if (open === 1) children++;
      if (size >= limit) return notLazy(k);
      if (!selfClosing) {
        openFrom[open] = tagFrom;
        openTo[open] = tagTo;
        open++;
      }
      i = k;
    }
    return SKIM_INVALID;
  }

  /**
   * Reads the elements of `source[from, to)`, whose parent has depth `baseDepth` (-1: the
   * document, where only white space may stand outside elements). Undefined when the text is
   * outside the subset.
   */
  scan(from: number, to: number, baseDepth: number, lazyBelow: number): ScannedElement[] | undefined {
    const source = this.source;
    const names = this.#names;
    const values = this.#values;
    const atDocument = baseDepth < 0;
    const stack: ScannedElement[] = [];
    // Children and text parts of the open elements, in one shared stack each: every element's
    // arrays are made once, at their final size, when it closes (a robot file has millions of
    // small elements, and growable arrays would triple the tree's memory).
    const pendingChildren: ScannedElement[] = [];
    const childrenFrom: number[] = [];
    const pendingText: string[] = [];
    const textFrom: number[] = [];
    const sizeFrom: number[] = [];
    const contentFroms: number[] = [];
    const attributes: XmlAttribute[] = [];
    const top: ScannedElement[] = [];
    let created = 0;
    let i = from;
    // Line tracking moves forward with the cursor, so positions cost no binary search.
    const hasCr = this.#hasCr;
    const startAt = this.lines.position(from);
    let line = startAt.line;
    let lineStart = from - startAt.column + 1;
    // The next line break at or after the cursor (-1: none left), so each one is looked for
    // once: searching afresh at every tag was quadratic in a file written on one line.
    let nextBreak = hasCr ? -1 : source.indexOf("\n", from);
    let column = 1;
    const locate = (offset: number): void => {
      if (hasCr) {
        const p = this.lines.position(offset);
        line = p.line;
        column = p.column;
        return;
      }
      while (nextBreak >= 0 && nextBreak < offset) {
        line++;
        lineStart = nextBreak + 1;
        nextBreak = source.indexOf("\n", lineStart);
      }
      column = offset - lineStart + 1;
    };
    /** Makes the attribute the start tag reader found (checked already, so its value decodes). */
    const keepAttribute = (nameFrom: number, nameTo: number, valueFrom: number, valueTo: number): void => {
      locate(nameFrom);
      attributes.push({
        name: names.at(source, nameFrom, nameTo),
        value: decodeText(source.slice(valueFrom, valueTo)) ?? "",
        line,
        column,
      });
    };
    /** Gives a closed element its children and text, at their final size; a small subtree keeps only its place in the text. */
    const close = (element: ScannedElement, contentTo: number): void => {
      const from = childrenFrom.pop() ?? 0;
      const size = created - (sizeFrom.pop() ?? 0);
      const contentFrom = contentFroms.pop() ?? 0;
      // Its depth: the stack no longer holds it.
      const depth = baseDepth + 1 + stack.length;
      if (pendingChildren.length > from) {
        if (lazyBelow > 0 && depth > 0 && size < lazyBelow) {
          element.built = new LazyContent(this, contentFrom, contentTo, size);
        } else {
          element.built = pendingChildren.slice(from);
        }
        pendingChildren.length = from;
      }
      const at = textFrom.pop() ?? 0;
      const parts = pendingText.length - at;
      if (parts === 1) element.text = pendingText[at] ?? "";
      else if (parts > 1) element.text = joinText(pendingText.slice(at), values);
      pendingText.length = at;
    };

    while (i < to) {
      const found = source.indexOf("<", i);
      const lt = found < 0 || found >= to ? -1 : found;
      const textEnd = lt < 0 ? to : lt;
      if (textEnd > i) {
        if (stack.length === 0) {
          // Text beside the top elements: outside the root it must be blank; inside a re-read element it is known already.
          if (atDocument && !isBlank(source, i, textEnd)) return undefined;
        } else {
          const blank = textEnd - i <= 256 && isBlank(source, i, textEnd);
          const text = blank && !hasCr ? values.at(source, i, textEnd) : decodeText(source.slice(i, textEnd));
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
          if (end < 0 || (atDocument && stack.length === 0)) return undefined;
          if (stack.length > 0) pendingText.push(normalizeNewlines(source.slice(lt + 9, end)));
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
        const open = stack.pop();
        if (open === undefined) return undefined;
        if (!source.startsWith(open.name, lt + 2)) return undefined;
        let k = lt + 2 + open.name.length;
        while (k < to && isSpace(source.charCodeAt(k))) k++;
        if (source.charCodeAt(k) !== GT) return undefined;
        close(open, lt);
        i = k + 1;
        continue;
      }
      // A start tag.
      if (atDocument && top.length > 0 && stack.length === 0) return undefined; // a second root
      const depth = baseDepth + 1 + stack.length;
      if (depth >= this.maxDepth - 1) return undefined;
      if (!isNameStart(c)) return undefined;
      let k = lt + 2;
      while (k < to && isNameChar(source.charCodeAt(k))) k++;
      const name = names.at(source, lt + 1, k);
      locate(lt);
      const element = new ScannedElement(name, line, column, lt);
      created++;
      attributes.length = 0;
      k = this.#startTagEnd(k, to, keepAttribute);
      if (k < 0) return undefined;
      const selfClosing = this.#selfClosing;
      if (attributes.length > 0) element.attributes = attributes.slice();
      if (stack.length === 0) top.push(element);
      else pendingChildren.push(element);
      if (!selfClosing && lazyBelow > 0 && depth > 0 && this.#skimWaste <= source.length) {
        // A subtree that will be kept as text is checked without being built (building it only
        // to drop it at its end tag was most of a large robot's first read).
        const end = this.skim(k, to, lt + 1, lt + 1 + name.length, depth, lazyBelow);
        if (end === SKIM_INVALID) return undefined;
        if (end >= 0) {
          element.built = new LazyContent(this, k, this.#skimContentTo, this.#skimSize);
          element.text = this.#skimText;
          created += this.#skimSize - 1;
          i = end;
          continue;
        }
      }
      if (!selfClosing) {
        contentFroms.push(k);
        stack.push(element);
        childrenFrom.push(pendingChildren.length);
        textFrom.push(pendingText.length);
        sizeFrom.push(created - 1);
      }
      i = k;
    }
    return stack.length > 0 ? undefined : top;
  }
}

/** The first of `children` named `name`. */
function firstNamed(children: readonly ScannedElement[], name: string): ScannedElement | undefined {
  for (const c of children) if (c.name === name) return c;
  return undefined;
}

/** pathIndex of an element read alone: computed from its siblings when its path is first asked for. */
const PATH_INDEX_UNKNOWN = -2;

/** The offset after the comment, CDATA section or processing instruction at `lt` (known to be complete). */
function skipMarkup(source: string, lt: number): number {
  if (source.charCodeAt(lt + 1) === QUESTION) return source.indexOf("?>", lt + 2) + 2;
  return source.startsWith("<!--", lt) ? source.indexOf("-->", lt + 4) + 3 : source.indexOf("]]>", lt + 9) + 3;
}

/** skim's answers besides an end offset. */
const SKIM_INVALID = -1;
const SKIM_NOT_LAZY = -2;

/** An element's text made of several parts (text around children, CDATA): blank text is interned, as indentation repeats. */
function joinText(parts: readonly string[], values: Interner): string {
  const text = parts.join("");
  return text.length <= 256 && isBlank(text, 0, text.length) ? values.intern(text) : text;
}

/** Whether `source` holds the `length` characters at `a` again at `b`. */
function sameText(source: string, a: number, b: number, length: number): boolean {
  for (let k = 0; k < length; k++) if (source.charCodeAt(a + k) !== source.charCodeAt(b + k)) return false;
  return true;
}

/** Whether every reference in `source[from, to)` is one decodeText decodes (as it finds them: "&", then ";" within 12 characters). */
function validReferences(source: string, from: number, to: number): boolean {
  // A loop bounded by `to`, not indexOf: that would search the rest of the document for every text.
  for (let amp = from; amp < to; amp++) {
    if (source.charCodeAt(amp) !== AMP) continue;
    let semi = -1;
    for (let k = amp + 1; k < to && k - amp <= 12; k++) {
      if (source.charCodeAt(k) === SEMI) {
        semi = k;
        break;
      }
    }
    if (semi < 0 || decodeReference(source.slice(amp + 1, semi)) === undefined) return false;
    amp = semi;
  }
  return true;
}

/** An attribute value scan accepts: no "<", references decodeText decodes. */
function validValue(source: string, from: number, to: number): boolean {
  for (let k = from; k < to; k++) if (source.charCodeAt(k) === LT) return false;
  return validReferences(source, from, to);
}

/** Shared by every element without attributes or children (never mutated: XmlElement's arrays are readonly). */
const NONE: never[] = [];

/** Re-read elements kept in the cache of a document: enough for any reader's look at one subtree, far below a large robot. */
const CACHED_ELEMENTS = 50_000;

/**
 * One copy of each short string seen (element and attribute names, indentation), up to a
 * bound, so a robot file's repeats cost no memory. Looked up by place in the text: a known
 * string is compared there, not cut out first.
 */
class Interner {
  /** Known strings by first character and length. */
  readonly #buckets = new Map<number, string[]>();
  #count = 0;

  /** `source.slice(from, to)`, the known copy when there is one. */
  at(source: string, from: number, to: number): string {
    const length = to - from;
    const key = source.charCodeAt(from) * 4096 + Math.min(length, 4095);
    const bucket = this.#buckets.get(key);
    if (bucket !== undefined) {
      for (const known of bucket) if (known.length === length && source.startsWith(known, from)) return known;
    }
    const text = source.slice(from, to);
    if (length <= 64 && this.#count < 65_536 && (bucket === undefined || bucket.length < 16)) {
      if (bucket === undefined) this.#buckets.set(key, [text]);
      else bucket.push(text);
      this.#count++;
    }
    return text;
  }

  /** The known copy of `text`, or `text`. */
  intern(text: string): string {
    const bucket = this.#buckets.get(text.charCodeAt(0) * 4096 + Math.min(text.length, 4095));
    if (bucket !== undefined) for (const known of bucket) if (known === text) return known;
    if (text.length === 0) return text;
    // Blank text between children (what calls this): indentation of longer runs too, e.g. six inertia values.
    if (text.length <= 256 && this.#count < 65_536 && (bucket === undefined || bucket.length < 16)) {
      if (bucket === undefined) this.#buckets.set(text.charCodeAt(0) * 4096 + text.length, [text]);
      else bucket.push(text);
      this.#count++;
    }
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

/**
 * Gives every built element below `parents` what its libsdformat-style path needs (its parent,
 * and its index when same-named siblings without a name attribute make one necessary);
 * siblings are known only once their parent is read. `children` gives the first parent's
 * children when they were just read again.
 */
function assignPaths(parents: readonly ScannedElement[], children?: readonly ScannedElement[]): void {
  const builtOf = (e: ScannedElement): readonly ScannedElement[] | undefined =>
    e.built instanceof LazyContent ? undefined : e.built;
  const pending: { parent: ScannedElement; kids: readonly ScannedElement[] | undefined }[] = parents.map(
    (parent, k) => ({ parent, kids: k === 0 && children !== undefined ? children : builtOf(parent) }),
  );
  const counts = new Map<string, number>();
  const seen = new Map<string, number>();
  for (let item = pending.pop(); item !== undefined; item = pending.pop()) {
    const { parent, kids } = item;
    if (kids === undefined || kids.length === 0) continue;
    counts.clear();
    seen.clear();
    for (const k of kids) counts.set(k.name, (counts.get(k.name) ?? 0) + 1);
    for (const k of kids) {
      const index = seen.get(k.name) ?? 0;
      seen.set(k.name, index + 1);
      k.pathParent = parent;
      k.pathIndex = (counts.get(k.name) ?? 0) > 1 ? index : -1;
      const built = builtOf(k);
      if (built !== undefined && built.length > 0) pending.push({ parent: k, kids: built });
    }
  }
}

function segment(element: ScannedElement, repeated: boolean, index: number): string {
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
