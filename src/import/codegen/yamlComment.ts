import { visibleText } from "./unsafeCharacters.js";

/**
 * One YAML comment line (`# …`, or `#` alone for no text, no line break) holding `text`: every
 * character a YAML 1.1 or 1.2 reader takes as a line break (LF, CR, U+0085, U+2028, U+2029) or
 * cannot hold (controls, BOM, lone surrogates), and the bidi controls, become visible `\uXXXX`.
 * Input cannot end the comment, so it cannot add keys to the document.
 */
export function yamlComment(text: string): string {
  return text === "" ? "#" : `# ${visibleText(text)}`;
}
