/**
 * Characters XML 1.0 (Fifth Edition) does not allow in a document at all, not even as a character
 * reference (production [2] Char): C0 controls but tab, line feed and carriage return; lone
 * surrogates; U+FFFE and U+FFFF. DEL and the C1 controls are allowed but invisible and act on
 * terminals, so they are shown too.
 */
const NOT_XML_CHAR =
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Markup characters and the whitespace an attribute value would normalise to a space. */
const REFERENCES: Readonly<Record<string, string>> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "\t": "&#9;",
  "\n": "&#10;",
  "\r": "&#13;",
};

/**
 * Input text (a scenario name, a series label) made safe as the content of an XML element or a
 * double-quoted attribute value, for any string: `&`, `<`, `>`, `"` become references; tab, line
 * feed and carriage return become character references (kept, even in an attribute); characters
 * XML cannot hold in any form become visible escapes (`\x1b`, `\ud800`), so the document always
 * parses and the reader sees that something was there.
 */
export function escapeXml(text: string): string {
  return text
    .replace(NOT_XML_CHAR, (c) => {
      const code = c.charCodeAt(0);
      return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
    })
    .replace(/[&<>"\t\n\r]/g, (c) => REFERENCES[c]!);
}
