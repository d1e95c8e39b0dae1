import { XMLParser, XMLValidator } from "fast-xml-parser";

import { blankLateDeclaration } from "../blankLateDeclaration.js";

import { LineIndex } from "../LineIndex.js";
import { INPUT_LIMITS } from "../../util/inputLimits.js";
import type { XacroElement, XacroNode } from "./XacroNode.js";

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
  htmlEntities: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  commentPropName: "#comment",
  cdataPropName: "#cdata",
  allowBooleanAttributes: true,
  // Deeper nesting is refused (parse throws; reported below): as readXml, no description needs it.
  maxNestedTags: INPUT_LIMITS.maxDepth,
});

/** A parse failure with its 1-based position. */
export interface XacroXmlError {
  readonly message: string;
  readonly line: number;
  readonly column: number;
}

/**
 * Reads XML text into the mixed-content tree xacro works on (elements, text, comments, in
 * order), each element knowing its file, line and column.
 */
export function parseXacroXml(text: string, file: string): { root: XacroElement } | { error: XacroXmlError } {
  const source = blankLateDeclaration(text.charCodeAt(0) === 0xfeff ? ` ${text.slice(1)}` : text);
  const check = XMLValidator.validate(source, { allowBooleanAttributes: true });
  if (check !== true) return { error: { message: `not well-formed XML: ${check.err.msg}`, line: check.err.line, column: check.err.col } };
  const lines = new LineIndex(source);
  let ordered: OrderedNode[];
  try {
    ordered = parser.parse(source) as OrderedNode[];
  } catch (error) {
    // The validator passed something the parser refuses (e.g. an unclosed processing instruction): report it, never throw.
    return { error: { message: `not well-formed XML: ${error instanceof Error ? error.message : String(error)}`, line: 1, column: 1 } };
  }
  const rootNode = ordered.find((n) => elementName(n) !== undefined);
  if (rootNode === undefined) return { error: { message: "the file has no root element", line: 1, column: 1 } };
  const build = (node: OrderedNode): XacroElement => {
    const name = elementName(node) ?? "";
    const meta = node[metaSymbol] as { startIndex?: number } | undefined;
    const pos = lines.position(typeof meta?.startIndex === "number" ? meta.startIndex : 0);
    const raw = (node[":@"] ?? {}) as Record<string, unknown>;
    // XML attribute-value normalisation (what expat does): literal newlines and tabs become spaces.
    const attrs: [string, string][] = Object.entries(raw).map(([k, v]) => [k, (typeof v === "string" ? v : String(v)).replace(/\r\n|[\n\r\t]/g, " ")]);
    const children: XacroNode[] = [];
    const content = Array.isArray(node[name]) ? (node[name] as OrderedNode[]) : [];
    for (const c of content) {
      if ("#text" in c) children.push({ type: "text", text: String(c["#text"]) });
      else if ("#cdata" in c) children.push({ type: "text", text: cdata(c["#cdata"]) });
      else if ("#comment" in c) children.push({ type: "comment", text: cdata(c["#comment"]) });
      else if (elementName(c) !== undefined) children.push(build(c));
    }
    return { type: "element", name, attrs, children, origin: { file, line: pos.line, column: pos.column, calls: [] } };
  };
  return { root: build(rootNode) };
}

function elementName(node: OrderedNode): string | undefined {
  for (const key of Object.keys(node)) if (key !== ":@" && !key.startsWith("#") && !key.startsWith("?")) return key;
  return undefined;
}

function cdata(value: unknown): string {
  if (Array.isArray(value)) return value.map((v: unknown) => (typeof v === "object" && v !== null && "#text" in v ? String((v as Record<string, unknown>)["#text"]) : "")).join("");
  return typeof value === "string" ? value : "";
}
