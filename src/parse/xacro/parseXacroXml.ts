import { XMLParser, XMLValidator } from "fast-xml-parser";

import { blankLateDeclaration } from "../blankLateDeclaration.js";

import { LineIndex } from "../LineIndex.js";
import { INPUT_LIMITS } from "../../util/inputLimits.js";
import { decodeXmlReferences } from "./decodeXmlReferences.js";
import { scanXacroXml } from "./scanXacroXml.js";
import { XACRO_LIMITS } from "./XacroBudget.js";
import type { XacroElement, XacroNode } from "./XacroNode.js";

type OrderedNode = Record<string, unknown>;

/** The general parser, made at its first use: most files never need it (scanXacroXml reads them). */
let general: { parser: XMLParser; metaSymbol: string } | undefined;

function generalParser(): { parser: XMLParser; metaSymbol: string } {
  general ??= { parser: new XMLParser(PARSER_OPTIONS), metaSymbol: XMLParser.getMetaDataSymbol() as unknown as string };
  return general;
}

const PARSER_OPTIONS = {
  preserveOrder: true,
  captureMetaData: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  // References are decoded below in one pass (decodeXmlReferences), so that character references
  // are decoded as expat decodes them and attribute whitespace is normalised before decoding.
  processEntities: false,
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: "#comment",
  cdataPropName: "#cdata",
  allowBooleanAttributes: true,
  // Deeper nesting is refused (parse throws; reported below): as readXml, no description needs it.
  maxNestedTags: INPUT_LIMITS.maxDepth,
};

/** A parse failure with its 1-based position. */
export interface XacroXmlError {
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/**
 * Reads XML text into the mixed-content tree xacro works on (elements, text, comments, in
 * order), each element knowing its file, line and column. The usual file takes one pass
 * (scanXacroXml); any other goes through fast-xml-parser's validator and parser, as does every
 * file with `useGeneral` (tests compare the two).
 */
export function parseXacroXml(
  text: string,
  file: string,
  useGeneral = false,
): { root: XacroElement; outside: { before: string[]; after: string[] } } | { error: XacroXmlError } {
  const source = blankLateDeclaration(text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text);
  const lines = new LineIndex(source);
  if (!useGeneral) {
    // The one-pass scanner reads the usual file; what it refuses (or a bad reference in it) goes the general way.
    try {
      const scanned = scanXacroXml(source, file, lines, referenceDecoder(new Map()), INPUT_LIMITS.maxDepth);
      if (scanned !== undefined) return scanned;
    } catch (error) {
      if (!(error instanceof ReferenceProblem)) throw error;
    }
  }
  const check = XMLValidator.validate(source, { allowBooleanAttributes: true });
  if (check !== true)
    return { error: { message: `not well-formed XML: ${check.err.msg}`, line: check.err.line, column: check.err.col } };
  let ordered: OrderedNode[];
  try {
    ordered = generalParser().parser.parse(source) as OrderedNode[];
  } catch (error) {
    // The validator passed something the parser refuses (e.g. an unclosed processing instruction): report it, never throw.
    return {
      error: {
        message: `not well-formed XML: ${error instanceof Error ? error.message : String(error)}`,
        line: 1,
        column: 1,
      },
    };
  }
  const rootNode = ordered.find((n) => elementName(n) !== undefined);
  if (rootNode === undefined) return { error: { message: "the file has no root element", line: 1, column: 1 } };
  const decode = referenceDecoder(declaredEntities(source));
  const { metaSymbol } = generalParser();
  const build = (node: OrderedNode): XacroElement => {
    const name = elementName(node) ?? "";
    const meta = node[metaSymbol] as { startIndex?: number } | undefined;
    const pos = lines.position(typeof meta?.startIndex === "number" ? meta.startIndex : 0);
    const raw = (node[":@"] ?? {}) as Record<string, unknown>;
    // XML attribute-value normalisation (what expat does): literal newlines and tabs become
    // spaces, then references are decoded (so `&#10;` stays a newline).
    const attrs: [string, string][] = Object.entries(raw).map(([k, v]) => [
      k,
      decode((typeof v === "string" ? v : String(v)).replace(/\r\n|[\n\r\t]/g, " "), pos),
    ]);
    const children: XacroNode[] = [];
    const content = Array.isArray(node[name]) ? (node[name] as OrderedNode[]) : [];
    for (const c of content) {
      if ("#text" in c) children.push({ type: "text", text: decode(String(c["#text"]), pos) });
      else if ("#cdata" in c) children.push({ type: "text", text: cdata(c["#cdata"]) });
      else if ("#comment" in c) children.push({ type: "comment", text: cdata(c["#comment"]) });
      else if (elementName(c) !== undefined) children.push(build(c));
    }
    return { type: "element", name, attrs, children, origin: { file, line: pos.line, column: pos.column, calls: [] } };
  };
  // Comments outside the root element, which the document keeps (xacro prints them).
  const at = ordered.indexOf(rootNode);
  const comments = (nodes: OrderedNode[]): string[] =>
    nodes.filter((n) => "#comment" in n).map((n) => cdata(n["#comment"]));
  const outside = { before: comments(ordered.slice(0, at)), after: comments(ordered.slice(at + 1)) };
  try {
    return { root: build(rootNode), outside };
  } catch (error) {
    if (error instanceof ReferenceProblem)
      return { error: { message: error.message, line: error.at.line, column: error.at.column } };
    throw error;
  }
}

/**
 * Decodes the references of one document's texts and attribute values, throwing a
 * {@link ReferenceProblem} at `at` for a bad one or when all of them together grow too large.
 */
function referenceDecoder(
  entities: ReadonlyMap<string, string>,
): (text: string, at: { line: number; column: number }) => string {
  let decoded = 0;
  return (text, at) => {
    const r = decodeXmlReferences(text, entities);
    if ("error" in r) throw new ReferenceProblem(r.error, at);
    // Declared entities can multiply the text (each reference copies the value): bounded like an expansion's output.
    decoded += r.text.length;
    if (decoded > XACRO_LIMITS.maxOutputChars)
      throw new ReferenceProblem(
        `entity references expand past ${XACRO_LIMITS.maxOutputChars.toLocaleString("en-US")} characters`,
        at,
      );
    return r.text;
  };
}

/** A reference expat refuses, at the element holding it. */
class ReferenceProblem extends Error {
  constructor(
    message: string,
    readonly at: { line: number; column: number },
  ) {
    super(message);
  }
}

/**
 * The general entities an internal DOCTYPE subset declares (`<!ENTITY name "value">`), their
 * values with references decoded. Values are used as text (markup inside one is not parsed).
 */
function declaredEntities(source: string): Map<string, string> {
  const out = new Map<string, string>();
  const doctype = /<!DOCTYPE[^[>]*\[([\s\S]*?)\]\s*>/.exec(source);
  if (doctype === null) return out;
  for (const m of (doctype[1] ?? "").matchAll(/<!ENTITY\s+([A-Za-z_:][\w.:-]*)\s+(?:"([^"]*)"|'([^']*)')\s*>/g)) {
    const name = m[1] ?? "";
    if (out.has(name)) continue; // XML: the first declaration wins
    const value = decodeXmlReferences(m[2] ?? m[3] ?? "", out);
    if ("text" in value) out.set(name, value.text);
  }
  return out;
}

function elementName(node: OrderedNode): string | undefined {
  for (const key of Object.keys(node)) if (key !== ":@" && !key.startsWith("#") && !key.startsWith("?")) return key;
  return undefined;
}

function cdata(value: unknown): string {
  if (Array.isArray(value))
    return value
      .map((v: unknown) =>
        typeof v === "object" && v !== null && "#text" in v ? String((v as Record<string, unknown>)["#text"]) : "",
      )
      .join("");
  return typeof value === "string" ? value : "";
}
