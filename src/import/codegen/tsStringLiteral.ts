import { UNSAFE_CHARACTERS, unicodeEscape } from "./unsafeCharacters.js";

const NAMED: Readonly<Record<string, string>> = {
  "\b": "\\b",
  "\t": "\\t",
  "\n": "\\n",
  "\v": "\\v",
  "\f": "\\f",
  "\r": "\\r",
};

/**
 * A TypeScript (and JavaScript, and JSON) double-quoted string literal that evaluates to
 * exactly `text`: `\` and `"` escaped, every unsafe character (controls, line terminators
 * including U+2028/U+2029, bidi controls, BOM, lone surrogates) written as an escape. The
 * literal is one line of visible text, so it can neither end early nor hide code.
 */
export function tsStringLiteral(text: string): string {
  const body = text.replace(/["\\]/g, (c) => `\\${c}`).replace(UNSAFE_CHARACTERS, (c) => NAMED[c] ?? unicodeEscape(c));
  return `"${body}"`;
}
