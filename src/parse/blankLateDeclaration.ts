/**
 * Whitespace before the XML declaration is not well-formed XML, but TinyXML2 (urdfdom,
 * libsdformat) reads such files, and many real ones have it: the declaration is blanked out
 * (same length, so every position stays) instead of being reported. Used by every XML reader
 * of robokit (the validator's and xacro's).
 *
 * @param text - the file's text (a BOM already replaced).
 * @returns the text, its late declaration replaced by spaces.
 */
export function blankLateDeclaration(text: string): string {
  const m = /^\s+(<\?xml\s[^>]*\?>)/.exec(text);
  if (m === null || m[1] === undefined) return text;
  const start = m[0].length - m[1].length;
  return text.slice(0, start) + m[1].replace(/[^\n]/g, " ") + text.slice(m[0].length);
}
