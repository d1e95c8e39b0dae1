import { visibleText } from "./unsafeCharacters.js";

/**
 * Text that is safe inside a TypeScript block or TSDoc comment (`/* … *\/`, `/** … *\/`) and
 * stays on its line: unsafe characters (line terminators including U+2028/U+2029, controls,
 * bidi controls) become visible `\uXXXX`, `*\/` becomes `*\/` with a backslash so it cannot
 * end the comment, and `@` becomes `\@` so input cannot add a TSDoc tag. Input never reaches
 * a comment any other way.
 */
export function tsComment(text: string): string {
  return visibleText(text).replace(/\*\//g, "*\\/").replace(/@/g, "\\@");
}
