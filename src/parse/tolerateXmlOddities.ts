/**
 * Which reference reader's leniency to copy: urdfdom (`check_urdf`, TinyXML) for URDF,
 * libsdformat (`ign sdf -k`, TinyXML2) for SDF.
 */
export type XmlDialect = "urdfdom" | "libsdformat";

/** One tolerated oddity: what it is and where it starts (offset into the text). */
export interface XmlOddity {
  readonly message: string;
  readonly offset: number;
}

/** The text with the tolerated oddities blanked (same length, so every position stays), and what was blanked. */
export interface ToleratedXml {
  readonly text: string;
  readonly oddities: readonly XmlOddity[];
}

/**
 * What the reference tools read although it is not well-formed XML, found by running them on
 * each case (test/parse/xmlOddities.test.ts keeps the verdicts):
 *
 * | oddity                                   | check_urdf | ign sdf -k |
 * |------------------------------------------|------------|------------|
 * | an XML declaration after a comment       | accepts    | rejects    |
 * | text before the root element             | rejects    | accepts    |
 * | text after the root element              | accepts    | rejects    |
 * | NUL characters after the root element    | accepts    | accepts    |
 *
 * The accepted ones are blanked out (spaces, newlines kept) for `dialect`; everything else is
 * left for the XML check to report. `text` must not start with a BOM (readXml replaces it).
 */
export function tolerateXmlOddities(text: string, dialect: XmlDialect): ToleratedXml {
  const oddities: XmlOddity[] = [];
  let out = text;
  const blank = (from: number, to: number): void => {
    out = out.slice(0, from) + out.slice(from, to).replace(/[^\n\r]/g, " ") + out.slice(to);
  };
  if (dialect === "urdfdom") {
    // Comments (and whitespace) first, then the declaration: TinyXML takes it as one more node.
    const m = /^(?:\s*<!--[\s\S]*?-->)+\s*(<\?xml\s[^>]*\?>)/.exec(out);
    if (m?.[1] !== undefined) {
      const at = m[0].length - m[1].length;
      blank(at, m[0].length);
      oddities.push({ message: "the XML declaration comes after a comment", offset: at });
    }
  } else {
    // Text before the first markup: TinyXML2 skips it as a text node of the document.
    const m = /^[^<]*/.exec(out);
    if (m !== null && m[0].trim() !== "") {
      const at = m[0].length - m[0].trimStart().length;
      blank(at, m[0].length);
      oddities.push({ message: `text before the root element ("${preview(m[0].trim())}") is ignored`, offset: at });
    }
  }
  const end = rootEnd(out);
  if (end !== undefined && end < out.length) {
    const rest = out.slice(end);
    const onlyNuls = /^[\s\0]*$/.test(rest) && rest.includes("\0");
    const junk = rest.replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>/g, "").trim();
    if (onlyNuls) {
      blank(end, out.length);
      oddities.push({ message: "NUL characters after the root element are ignored", offset: end + rest.indexOf("\0") });
    } else if (dialect === "urdfdom" && junk !== "" && !junk.includes("<")) {
      // Plain text after the root (no markup): TinyXML stops at the root's end.
      blank(end, out.length);
      oddities.push({
        message: `text after the root element ("${preview(junk.replace(/\0/g, ""))}") is ignored`,
        offset: end + rest.search(/[^\s]/),
      });
    }
  }
  return { text: out, oddities };
}

/** A short, printable piece of `s` for a message. */
function preview(s: string): string {
  const printable = s.replace(/[^\x20-\x7e]/g, "?");
  return printable.length > 40 ? `${printable.slice(0, 40)}…` : printable;
}

/**
 * Offset just past the root element's end tag (or `/>`), found by the last `>` of the closing
 * tag of the first element's name; undefined when none is found.
 */
function rootEnd(text: string): number | undefined {
  const masked = text.replace(/<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>/g, (m) => " ".repeat(m.length));
  const open = /<([A-Za-z_][\w:.-]*)[\s>/]/.exec(masked);
  const name = open?.[1];
  if (name === undefined) return undefined;
  const close = new RegExp(`</${name.replace(/[.]/g, "\\.")}\\s*>`, "g");
  let last: number | undefined;
  for (const m of masked.matchAll(close)) last = m.index + m[0].length;
  if (last !== undefined) return last;
  // <root/>: a self-closed root ends at its own "/>".
  const self = /^<[^>]*\/>/.exec(masked.slice(open?.index ?? 0));
  return self === null ? undefined : (open?.index ?? 0) + self[0].length;
}
