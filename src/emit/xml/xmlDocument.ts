import { create } from "xmlbuilder2";
import type { XMLBuilder } from "xmlbuilder2/lib/interfaces.js";

import { formatNumber, formatVector } from "../../util/formatNumber.js";

export type { XMLBuilder };

/** Creates an XML document with the fixed declaration and a leading comment. */
export function xmlDocument(comment: string): XMLBuilder {
  const doc = create({ version: "1.0", encoding: "UTF-8" });
  doc.com(` ${comment} `);
  return doc;
}

/** Serialises a document: 2-space indent, LF, trailing newline (byte-stable). */
export function serializeXml(doc: XMLBuilder): string {
  return `${doc.end({ prettyPrint: true, indent: "  ", newline: "\n", headless: false })}\n`;
}

/** Attribute text of a number through the one formatter. */
export function num(value: number): string {
  return formatNumber(value);
}

/** Attribute text of a vector ("0 0.5 1"). */
export function vec(values: readonly number[]): string {
  return formatVector(values);
}
