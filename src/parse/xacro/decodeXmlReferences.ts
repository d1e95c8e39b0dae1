/** The five entities XML predefines. */
const PREDEFINED: ReadonlyMap<string, string> = new Map([
  ["lt", "<"],
  ["gt", ">"],
  ["amp", "&"],
  ["apos", "'"],
  ["quot", '"'],
]);

const REFERENCE = /&(?:#([0-9]+);|#x([0-9a-fA-F]+);|([A-Za-z_:][\w.:-]*);)?/g;

/** True for a code point XML 1.0 allows in a document (production [2] Char). */
function isXmlChar(c: number): boolean {
  return (
    c === 0x9 ||
    c === 0xa ||
    c === 0xd ||
    (c >= 0x20 && c <= 0xd7ff) ||
    (c >= 0xe000 && c <= 0xfffd) ||
    (c >= 0x10000 && c <= 0x10ffff)
  );
}

/**
 * Decodes the references in XML character data or an attribute value in one pass, as an XML
 * parser (expat, under Python's xml.dom.minidom that ROS's xacro uses) does: character references
 * (`&#108;`, `&#x6c;`), the five predefined entities, and the internal entities a DOCTYPE
 * declares (`entities`, values used as text). One pass means `&amp;#108;` stays `&#108;`.
 * Returns an error message for a reference expat refuses: a character XML does not allow, an
 * undeclared entity, or a `&` that starts no reference.
 */
export function decodeXmlReferences(
  text: string,
  entities: ReadonlyMap<string, string> = new Map(),
): { text: string } | { error: string } {
  if (!text.includes("&")) return { text };
  let error: string | undefined;
  const out = text.replace(
    REFERENCE,
    (whole: string, dec: string | undefined, hex: string | undefined, name: string | undefined) => {
      if (error !== undefined) return whole;
      if (dec !== undefined || hex !== undefined) {
        const code = dec !== undefined ? Number.parseInt(dec, 10) : Number.parseInt(hex ?? "", 16);
        if (!isXmlChar(code)) {
          error = `reference to invalid character number: ${whole}`;
          return whole;
        }
        return String.fromCodePoint(code);
      }
      if (name === undefined) {
        error = "not well-formed XML: a '&' starts no reference (a literal & is written &amp;)";
        return whole;
      }
      const value = PREDEFINED.get(name) ?? entities.get(name);
      if (value === undefined) {
        error = `undefined entity: ${whole}`;
        return whole;
      }
      return value;
    },
  );
  return error === undefined ? { text: out } : { error };
}
