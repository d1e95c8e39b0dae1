/**
 * Characters a terminal acts on instead of printing: C0 controls (U+0000–U+001F, ESC and CR
 * among them), DEL, C1 controls (U+0080–U+009F, CSI U+009B among them), the line and
 * paragraph separators, and the bidirectional formatting characters (U+061C, U+200E/F,
 * U+202A–U+202E, U+2066–U+2069) that reorder what follows them on screen.
 */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex
const UNSAFE_BUT_NEWLINE =
  /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Short forms people know; everything else is `\xHH` (up to U+00FF) or `\uHHHH`. */
const NAMED: Readonly<Record<string, string>> = { "\t": "\\t", "\n": "\\n", "\r": "\\r", "\u001b": "\\x1b" };

function escapeOne(c: string): string {
  const named = NAMED[c];
  if (named !== undefined) return named;
  const code = c.charCodeAt(0);
  return code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u${code.toString(16).padStart(4, "0")}`;
}

/**
 * Text from input (file names, element names, messages quoting them) made safe to print on
 * a terminal: every character a terminal would act on, rather than show, is written as a
 * visible escape (`\x1b`, `\r`, `\n`, `\u202e`), so a name cannot move the cursor, recolour,
 * clear or reorder the line and paint a fake result over robokit's own output. Everything
 * else, including non-ASCII letters, is kept. The one escaper for human-readable output;
 * JSON output is escaped by JSON.stringify instead.
 *
 * @param text - one line of output (without its line end).
 * @param keepNewlines - keep `\n` as a line break (for multi-line text such as a summary);
 *   every other control is still escaped.
 */
export function escapeTerminal(text: string, keepNewlines = false): string {
  return text.replace(keepNewlines ? UNSAFE_BUT_NEWLINE : UNSAFE, escapeOne);
}
