import { XMLParser } from "fast-xml-parser";

/**
 * One node of an XML fragment in document order, as fast-xml-parser's `preserveOrder` form
 * gives it: `{ name: children, ":@": attributes }` for an element, `{ "#text": text }`,
 * `{ "#comment": [{ "#text": text }] }`, `{ "#cdata": [{ "#text": text }] }`, and
 * `{ "?target": [], ":@": attributes }` for a processing instruction.
 */
export type XmlFragmentNode = Record<string, unknown>;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: "",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  // Numeric character references (&#49; &#x31;) are decoded too, as in readXml.
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: false,
  commentPropName: "#comment",
  cdataPropName: "#cdata",
  allowBooleanAttributes: true,
});

/**
 * Parses a well-formed XML fragment (one or more top-level nodes) robokit writes into a file:
 * a rendered plugin template or a block kept verbatim from an imported robot. Entities and
 * character references are decoded; the writer escapes again. No positions: the text was
 * produced or already checked by robokit, so this is the light path (fast-xml-parser, already
 * loaded by every reading command), not readXml.
 */
export function parseXmlFragment(text: string): XmlFragmentNode[] {
  return parser.parse(text) as XmlFragmentNode[];
}
