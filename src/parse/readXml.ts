import { XMLParser, XMLValidator } from "fast-xml-parser";
import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { INPUT_LIMITS } from "../util/inputLimits.js";
import { blankLateDeclaration } from "./blankLateDeclaration.js";
import { LineIndex } from "./LineIndex.js";
import { scanXml } from "./scanXml.js";
import { tolerateXmlOddities, type XmlDialect } from "./tolerateXmlOddities.js";
import type { XmlAttribute, XmlDocument, XmlElement } from "./XmlDocument.js";
import { policyDiagnostic, severityPolicy } from "../diagnostics/severityPolicy.js";

/** Code and severity of a not-well-formed file, from the severity policy. */
const xmlError = { code: severityPolicy.xmlMalformed.code, severity: severityPolicy.xmlMalformed.severity };

/** Deeper nesting than this is reported and cut off: no robot description needs it. */
export const MAX_XML_DEPTH = INPUT_LIMITS.maxDepth;

/** A parsed document plus what went wrong while reading it. */
export interface ReadXmlResult {
  readonly document: XmlDocument;
  readonly diagnostics: Diagnostic[];
  /** Offset → line/column table of the text, for callers that report positions themselves. */
  readonly lines: LineIndex;
}

/**
 * Subtree size (elements) under which the model readers let readXml keep a subtree as text
 * until visited: a link or joint of any real robot, far below a robot.
 */
export const LAZY_SUBTREE = 256;

/** How {@link readXml} reads. */
export interface ReadXmlOptions {
  /** Skip the one-pass reader (scanXml) and always take the general path; tests compare the two. */
  readonly generalOnly?: boolean;
  /**
   * For a reader that visits each part once (urdfToModel, sdfToModel): subtrees below the root
   * with fewer elements than this are read again when visited instead of being kept (see
   * ScanXmlOptions.lazyBelow). Their elements are then not the same objects on every visit.
   */
  readonly lazyBelow?: number;
  /**
   * Read what this reference reader reads although it is not well-formed XML (see
   * tolerateXmlOddities), with an XML_TOLERATED warning each. Default: nothing is tolerated.
   */
  readonly tolerate?: XmlDialect;
}

type OrderedNode = Record<string, unknown>;

const metaSymbol = XMLParser.getMetaDataSymbol() as unknown as string;

const parser = new XMLParser({
  preserveOrder: true,
  captureMetaData: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  // Also decodes numeric character references (&#49; &#x31;), after DOCTYPE entities and before &amp;, as XML orders them.
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  cdataPropName: "#cdata",
  allowBooleanAttributes: true,
  maxNestedTags: MAX_XML_DEPTH,
});

/**
 * Reads XML text into a positioned element tree. The common shape of robot files is read in
 * one pass (scanXml); anything else takes the general path, where well-formedness is checked
 * first (fast-xml-parser's XMLValidator), so a broken file yields one XML_ERROR with line:col
 * and no tree. Never throws: every problem is returned as a diagnostic.
 */
export function readXml(text: string, file: string, options: ReadXmlOptions = {}): ReadXmlResult {
  const diagnostics: Diagnostic[] = [];
  const declared = blankLateDeclaration(text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text);
  const tolerated = options.tolerate === undefined ? undefined : tolerateXmlOddities(declared, options.tolerate);
  const source = tolerated?.text ?? declared;
  const lines = new LineIndex(source);
  for (const oddity of tolerated?.oddities ?? [])
    diagnostics.push(policyDiagnostic("xmlTolerated", oddity.message, { file, ...lines.position(oddity.offset) }));
  const empty = { document: { file, root: undefined }, diagnostics, lines };
  if (source.trim() === "") {
    diagnostics.push({ ...xmlError, message: "the file is empty", file, line: 1, column: 1 });
    return empty;
  }
  const limit = inputLimitProblem(source, file, lines) ?? badCharacterReference(source, file, lines);
  if (limit !== undefined) {
    diagnostics.push(limit);
    return empty;
  }
  if (options.generalOnly !== true) {
    const root = scanXml(source, lines, { maxDepth: MAX_XML_DEPTH, lazyBelow: options.lazyBelow ?? 0 });
    if (root !== undefined) return { document: { file, root }, diagnostics, lines };
  }
  let ordered: OrderedNode[];
  try {
    const check = XMLValidator.validate(source, { allowBooleanAttributes: true });
    let text = source;
    if (check !== true) {
      const line = Number.isFinite(check.err.line) ? check.err.line : 1;
      const column = Number.isFinite(check.err.col) ? check.err.col : 1;
      diagnostics.push({ ...xmlError, message: `not well-formed XML: ${check.err.msg}`, file, line, column });
      // Junk after a complete root element (a stray closing tag, text): like TinyXML2, keep
      // checking the complete document before it, so one run still reports everything.
      const prefix = completeRootPrefix(source);
      if (prefix === undefined) return empty;
      text = prefix;
    }
    ordered = parser.parse(text) as OrderedNode[];
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const text = /nested tags/i.test(message)
      ? `elements are nested deeper than ${MAX_XML_DEPTH} levels; robokit does not read such files`
      : `XML could not be parsed: ${message}`;
    diagnostics.push({ ...xmlError, message: text, file, line: 1, column: 1 });
    return empty;
  }
  const roots = ordered.filter((n) => elementName(n) !== undefined);
  const first = roots[0];
  if (first === undefined) {
    diagnostics.push({ ...xmlError, message: "the file has no root element", file, line: 1, column: 1 });
    return empty;
  }
  const builder = new TreeBuilder(source, file, lines, diagnostics);
  const root = builder.build(first, "", 0, 0, false);
  return { document: { file, root }, diagnostics, lines };
}

/**
 * The size and element-count limits (INPUT_LIMITS), checked in one pass before parsing, so a
 * hostile file costs a scan, not gigabytes of tree.
 */
function inputLimitProblem(source: string, file: string, lines: LineIndex): Diagnostic | undefined {
  if (source.length > INPUT_LIMITS.maxXmlBytes) {
    return policyDiagnostic(
      "inputTooLarge",
      `the text has ${source.length} characters; robokit reads at most ${INPUT_LIMITS.maxXmlBytes}`,
      { file, line: 1, column: 1 },
    );
  }
  let elements = 0;
  let parts = 0;
  for (let i = source.indexOf("<"); i >= 0; i = source.indexOf("<", i + 1)) {
    const c = source.charCodeAt(i + 1);
    // A start tag: "<" then a name start character (letters, "_", ":", non-ASCII).
    if ((c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 58 || c > 127) {
      if (++elements > INPUT_LIMITS.maxElements) {
        const { line, column } = lines.position(i);
        return policyDiagnostic(
          "tooManyElements",
          `the file has more than ${INPUT_LIMITS.maxElements} elements; robokit stops reading here`,
          { file, line, column },
        );
      }
      if ((c === 108 || c === 106) && isLinkOrJointTag(source, i) && ++parts > INPUT_LIMITS.maxLinksAndJoints) {
        const { line, column } = lines.position(i);
        return policyDiagnostic(
          "tooManyElements",
          `the file has more than ${INPUT_LIMITS.maxLinksAndJoints} <link> and <joint> elements; robokit stops reading here`,
          { file, line, column },
        );
      }
    }
  }
  return undefined;
}

/** True at the `<` of a `<link` or `<joint` start tag (the name ends there). */
function isLinkOrJointTag(source: string, at: number): boolean {
  const name = source.startsWith("link", at + 1) ? 4 : source.startsWith("joint", at + 1) ? 5 : 0;
  if (name === 0) return false;
  const next = source.charCodeAt(at + 1 + name);
  // whitespace, "/" or ">" ends the name; anything else (<link_name>, <joints>) is another element
  return next === 32 || next === 9 || next === 10 || next === 13 || next === 47 || next === 62;
}

/** A character reference to a code point XML 1.0 does not allow (`&#0;`, `&#xFFFE;`, a surrogate) makes the file not well-formed. */
function badCharacterReference(source: string, file: string, lines: LineIndex): Diagnostic | undefined {
  for (const m of source.matchAll(/&#(?:([0-9]+)|x([0-9a-fA-F]+));/g)) {
    const code = m[1] !== undefined ? Number.parseInt(m[1], 10) : Number.parseInt(m[2] ?? "", 16);
    const allowed =
      code === 0x9 ||
      code === 0xa ||
      code === 0xd ||
      (code >= 0x20 && code <= 0xd7ff) ||
      (code >= 0xe000 && code <= 0xfffd) ||
      (code >= 0x10000 && code <= 0x10ffff);
    if (!allowed) {
      const { line, column } = lines.position(m.index);
      return {
        ...xmlError,
        message: `not well-formed XML: ${m[0]} refers to a character XML does not allow`,
        file,
        line,
        column,
      };
    }
  }
  return undefined;
}

function elementName(node: OrderedNode): string | undefined {
  for (const key of Object.keys(node)) {
    if (key !== ":@" && key !== "#text" && key !== "#cdata" && !key.startsWith("?") && !key.startsWith("#")) return key;
  }
  return undefined;
}

class TreeBuilder {
  #depthReported = false;

  constructor(
    private readonly source: string,
    private readonly file: string,
    private readonly lines: LineIndex,
    private readonly diagnostics: Diagnostic[],
  ) {}

  build(
    node: OrderedNode,
    parentPath: string,
    depth: number,
    index: number,
    indexed: boolean,
    knownName?: string,
  ): XmlElement {
    const name = knownName ?? elementName(node) ?? "";
    const meta = (node as Record<string, unknown>)[metaSymbol] as { startIndex?: number } | undefined;
    const offset = typeof meta?.startIndex === "number" ? meta.startIndex : 0;
    const { line, column } = this.lines.position(offset);
    const rawAttributes = (node[":@"] ?? {}) as Record<string, unknown>;
    const attributes = this.attributes(offset, rawAttributes, line, column);
    const nameAttr = attributes.find((a) => a.name === "name")?.value;
    const segment = nameAttr !== undefined ? `${name}[@name="${nameAttr}"]` : indexed ? `${name}[${index}]` : name;
    const xmlPath = `${parentPath}/${segment}`;
    const content = Array.isArray(node[name]) ? (node[name] as OrderedNode[]) : [];
    let text = "";
    const childNodes: OrderedNode[] = [];
    const childNames: string[] = [];
    for (const c of content) {
      if ("#text" in c) text += String(c["#text"]);
      else if ("#cdata" in c) text += cdataText(c["#cdata"]);
      else {
        const n = elementName(c);
        if (n === undefined) continue;
        childNodes.push(c);
        childNames.push(n);
      }
    }
    const children: XmlElement[] = [];
    if (depth + 1 >= MAX_XML_DEPTH && childNodes.length > 0) {
      if (!this.#depthReported) {
        this.#depthReported = true;
        this.diagnostics.push({
          ...xmlError,
          message: `elements are nested deeper than ${MAX_XML_DEPTH} levels; the deeper ones were not checked`,
          file: this.file,
          line,
          column,
          xmlPath,
        });
      }
    } else {
      const counts = new Map<string, number>();
      for (const n of childNames) counts.set(n, (counts.get(n) ?? 0) + 1);
      const seen = new Map<string, number>();
      for (let k = 0; k < childNodes.length; k++) {
        const c = childNodes[k]!;
        const n = childNames[k]!;
        const i = seen.get(n) ?? 0;
        seen.set(n, i + 1);
        const named = ((c[":@"] ?? {}) as Record<string, unknown>)["name"] !== undefined;
        children.push(this.build(c, xmlPath, depth + 1, i, !named && (counts.get(n) ?? 0) > 1, n));
      }
    }
    return { name, attributes, children, text, line, column, offset, xmlPath, depth };
  }

  /** Attribute values come from the parser; their positions from a scan of the start tag. */
  attributes(offset: number, raw: Record<string, unknown>, line: number, column: number): XmlAttribute[] {
    const out: XmlAttribute[] = [];
    const names = Object.keys(raw);
    if (names.length === 0) return out;
    const positions = new Map<string, number>();
    const src = this.source;
    let i = offset + 1;
    // Skip the element name, then read name="value" pairs up to ">" (char codes: one pass, no per-character regex).
    while (i < src.length && !isSpaceSlashOrGt(src.charCodeAt(i))) i++;
    const re = /([^\s=/>"']+)\s*=\s*("[^"]*"|'[^']*')|>/y;
    for (;;) {
      while (i < src.length && isSpaceOrSlash(src.charCodeAt(i))) i++;
      re.lastIndex = i;
      const m = re.exec(src);
      if (m === null || m[0] === ">") break;
      if (m[1] !== undefined && !positions.has(m[1])) positions.set(m[1], i);
      i = re.lastIndex;
    }
    for (const name of names) {
      const value = raw[name];
      const at = positions.get(name);
      const pos = at === undefined ? { line, column } : this.lines.position(at);
      out.push({ name, value: typeof value === "string" ? value : String(value), line: pos.line, column: pos.column });
    }
    return out;
  }
}

/** XML white space (space, tab, LF, CR) or "/". */
function isSpaceOrSlash(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 47;
}

/** XML white space, "/" or ">". */
function isSpaceSlashOrGt(c: number): boolean {
  return isSpaceOrSlash(c) || c === 62;
}

function cdataText(value: unknown): string {
  if (Array.isArray(value))
    return value
      .map((v: unknown) =>
        typeof v === "object" && v !== null && "#text" in v ? String((v as Record<string, unknown>)["#text"]) : "",
      )
      .join("");
  return typeof value === "string" ? value : "";
}

/** The text up to the end of a well-formed root element, when what follows it is the only problem. */
function completeRootPrefix(source: string): string | undefined {
  const open = /<([A-Za-z_][\w:.-]*)[\s>/]/.exec(
    source.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, (m) => " ".repeat(m.length)),
  );
  const name = open?.[1];
  if (name === undefined) return undefined;
  const close = `</${name}>`;
  let at = source.indexOf(close);
  while (at >= 0) {
    const prefix = source.slice(0, at + close.length);
    if (XMLValidator.validate(prefix, { allowBooleanAttributes: true }) === true) return prefix;
    at = source.indexOf(close, at + 1);
  }
  return undefined;
}
