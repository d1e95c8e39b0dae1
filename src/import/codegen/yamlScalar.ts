import { UNSAFE_CHARACTERS, unicodeEscape } from "./unsafeCharacters.js";

const NAMED: Readonly<Record<string, string>> = {
  "\t": "\\t",
  "\n": "\\n",
  "\r": "\\r",
  "\u0085": "\\N",
  "\u2028": "\\L",
  "\u2029": "\\P",
};

/**
 * A YAML double-quoted scalar, usable as a key or a value, that YAML 1.1 and 1.2 readers
 * (robokit, yaml-cpp, PyYAML) all read as exactly `text`, as a string: `\` and `"` escaped,
 * every unsafe character (controls, NEL, U+2028/U+2029, BOM, bidi controls, lone
 * surrogates) escaped, so the scalar is one line of visible text.
 */
export function yamlScalar(text: string): string {
  const body = text.replace(/["\\]/g, (c) => `\\${c}`).replace(UNSAFE_CHARACTERS, (c) => NAMED[c] ?? unicodeEscape(c));
  return `"${body}"`;
}
