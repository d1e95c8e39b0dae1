/**
 * Characters generated text never carries raw, whatever the context: C0 and C1 controls and
 * DEL; every line terminator of JavaScript and of YAML 1.1 (LF, CR, U+0085, U+2028, U+2029);
 * U+FEFF (a BOM mid-file); the bidirectional controls (U+061C, U+200E/F, U+202A–E, U+2066–9),
 * which make code read differently from how it runs ("Trojan Source"); and lone surrogates,
 * which UTF-8 cannot encode. Global, with the `u` flag off so lone surrogates match.
 */
// eslint-disable-next-line no-control-regex
export const UNSAFE_CHARACTERS =
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** `\uXXXX` for one UTF-16 code unit: the escape JavaScript, JSON and YAML double quotes all read. */
export function unicodeEscape(c: string): string {
  return `\\u${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, "0")}`;
}

/**
 * `text` on one line with nothing invisible: each {@link UNSAFE_CHARACTERS} character becomes
 * its `\uXXXX` spelling, so a person sees it and no reader breaks a line or a comment there.
 * Idempotent: the result holds no unsafe character.
 */
export function visibleText(text: string): string {
  return text.replace(UNSAFE_CHARACTERS, unicodeEscape);
}
