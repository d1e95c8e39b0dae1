/**
 * Words a generated module may not declare: ECMAScript reserved words (strict mode and
 * modules included), the globals generated code relies on, and TypeScript's primitive type
 * names (so a reader never sees `const string`).
 */
const RESERVED = new Set(
  (
    "await break case catch class const continue debugger default delete do else enum export extends false finally for function if import in " +
    "instanceof new null return super switch this throw true try typeof var void while with yield let static implements interface package " +
    "private protected public arguments eval undefined NaN Infinity globalThis Object Array Math Number String JSON Symbol Error " +
    "any unknown never boolean number string symbol bigint object as async of get set type declare namespace module require constructor"
  ).split(" "),
);

/**
 * Allocates the identifiers of one generated module from input names. Each identifier is
 * ASCII (`[A-Za-z_][A-Za-z0-9_]*`, so every TypeScript version and editor reads it), is not a
 * reserved word, and differs from every name the module declares itself (given to the
 * constructor: its imports, `robot`, parameters) and from every identifier allocated before.
 * Deterministic: the same names asked for in the same order give the same identifiers.
 */
export class TsIdentifiers {
  readonly #taken: Set<string>;

  /** @param declared - names the module declares or imports itself; never handed out. */
  constructor(declared: Iterable<string>) {
    this.#taken = new Set(declared);
  }

  /**
   * An identifier for `name`: its ASCII letters and digits in camelCase (`front_left wheel`
   * → `frontLeftWheel`); `fallback` (an identifier the generator chose) when no ASCII letter
   * or digit is left; `_` in front of a leading digit, `_` after a reserved word, then `2`,
   * `3` … until it is free.
   */
  fromName(name: string, fallback: string): string {
    const words = name.split(/[^A-Za-z0-9]+/).filter((w) => w !== "");
    let id = words.map((w, i) => (i === 0 ? w : `${w.charAt(0).toUpperCase()}${w.slice(1)}`)).join("");
    if (id === "") id = fallback;
    if (/^[0-9]/.test(id)) id = `_${id}`;
    if (RESERVED.has(id)) id = `${id}_`;
    let out = id;
    for (let i = 2; this.#taken.has(out); i++) out = `${id}${i}`;
    this.#taken.add(out);
    return out;
  }
}
