import { UNSAFE_CHARACTERS, unicodeEscape } from "./unsafeCharacters.js";

/**
 * An untagged TypeScript template literal whose value is `texts` joined by the values of
 * `holes` (`texts.length === holes.length + 1`). Each text is escaped: `\`, `` ` `` and `$`
 * (so no `${` opens a substitution), CR (a raw one would read back as LF), and every unsafe
 * character but LF and tab, which stay raw so kept XML stays readable. `holes` are
 * expressions the generator wrote itself (identifiers), never input.
 *
 * @example tsTemplateLiteral(["", "_wheel"], ["name"]) === "`${name}_wheel`"
 */
export function tsTemplateLiteral(texts: readonly string[], holes: readonly string[] = []): string {
  if (texts.length !== holes.length + 1)
    throw new Error(`tsTemplateLiteral: ${texts.length} texts need ${texts.length - 1} holes, not ${holes.length}`);
  const escapePart = (t: string): string =>
    t
      .replace(/[\\`$]/g, (c) => `\\${c}`)
      .replace(UNSAFE_CHARACTERS, (c) => (c === "\n" || c === "\t" ? c : c === "\r" ? "\\r" : unicodeEscape(c)));
  return `\`${texts.map((t, i) => (i === 0 ? escapePart(t) : `\${${holes[i - 1] ?? ""}}${escapePart(t)}`)).join("")}\``;
}
