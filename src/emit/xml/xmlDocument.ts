import { formatNumber, formatVector } from "../../util/formatNumber.js";
import { XmlOutElement } from "./XmlOutElement.js";
import { xmlCommentText } from "../../util/xmlCommentText.js";

export { XmlOutElement };

/** Creates an XML document node with a leading comment, escaped for that context (the declaration is written by {@link serializeXml}). */
export function xmlDocument(comment: string): XmlOutElement {
  const doc = new XmlOutElement("");
  doc.com(` ${xmlCommentText(comment)} `);
  return doc;
}

/** Serialises a document: fixed declaration, 2-space indent, LF, trailing newline (byte-stable). */
export function serializeXml(doc: XmlOutElement): string {
  return doc.serialize(`<?xml version="1.0" encoding="UTF-8"?>`);
}

/** Attribute text of a number through the one formatter. */
export function num(value: number): string {
  return formatNumber(value);
}

/** Attribute text of a vector ("0 0.5 1"). */
export function vec(values: readonly number[]): string {
  return formatVector(values);
}
