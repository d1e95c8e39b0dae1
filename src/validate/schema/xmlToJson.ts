import type { XmlElement } from "../../parse/XmlDocument.js";

/** The JSON form of an XML element that the schemas describe. */
export type JsonElement = { [key: string]: string | JsonElement[] };

/**
 * Converts an element to the JSON form checked by the schemas: attributes under `@name`,
 * text under `_`, and each child element name mapped to the array of those children in
 * document order. The JSON pointer `/model/0/link/2/@name` therefore walks back to the
 * element's XML position without a separate table (see {@link locateJsonPointer}).
 */
export function xmlToJson(element: XmlElement): JsonElement {
  const out: JsonElement = {};
  for (const a of element.attributes) out[`@${a.name}`] = a.value;
  out["_"] = element.text;
  for (const c of element.children) {
    const list = out[c.name];
    const json = xmlToJson(c);
    if (Array.isArray(list)) list.push(json);
    else out[c.name] = [json];
  }
  return out;
}

/** Where a JSON pointer into {@link xmlToJson}'s output lands in the XML tree. */
export interface JsonLocation {
  readonly element: XmlElement;
  /** Set when the pointer ends at an attribute (`@name`). */
  readonly attribute?: string;
}

/**
 * Maps an ajv instancePath of the document `{ [root.name]: xmlToJson(root) }` back to the
 * XML element (and attribute) it names.
 */
export function locateJsonPointer(root: XmlElement, pointer: string): JsonLocation {
  const parts = pointer
    .split("/")
    .slice(1)
    .map((p) => p.replace(/~1/g, "/").replace(/~0/g, "~"));
  let element = root;
  let i = parts[0] === root.name ? 1 : 0;
  while (i < parts.length) {
    const key = parts[i] ?? "";
    if (key.startsWith("@")) return { element, attribute: key.slice(1) };
    if (key === "_") return { element };
    const index = Number(parts[i + 1]);
    const matches = element.children.filter((c) => c.name === key);
    const next = Number.isInteger(index) ? matches[index] : matches[0];
    if (next === undefined) return { element };
    element = next;
    i += Number.isInteger(index) ? 2 : 1;
  }
  return { element };
}
