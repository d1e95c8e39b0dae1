import { type Amaro, loadAmaro } from "./loadAmaro.js";

/** What stripping a TypeScript module gives: JavaScript at the same offsets, or where and why it cannot. */
export type StripResult =
  | { readonly ok: true; readonly code: string }
  | {
      readonly ok: false;
      /** 1-based line and column of the offending TypeScript, as an editor counts them. */
      readonly line: number;
      readonly column: number;
      readonly message: string;
    };

let amaro: Amaro | undefined;

/**
 * Removes the TypeScript types from a module without type-checking it, as Node's own type
 * stripping does (amaro, swc's strip-only mode): every type annotation, type-only import and
 * declaration is replaced by spaces, so the JavaScript keeps each line and column of the source
 * and a stack frame points at the line the user wrote, without a source map. What only a
 * compiler can run (enum, namespace, parameter property, `<T>x` assertion) is refused with its
 * line:col instead of being compiled. amaro (3.5 MB) is loaded at the first call only (loadAmaro).
 */
export function stripTypeScript(source: string): StripResult {
  amaro ??= loadAmaro();
  try {
    return { ok: true, code: amaro.transformSync(source, { mode: "strip-only" }).code };
  } catch (error) {
    // swc throws its report as a string: a message, then the source frame with a caret line.
    const report = typeof error === "string" ? error : error instanceof Error ? error.message : String(error);
    return { ok: false, ...locateReport(report) };
  }
}

/**
 * The message and place of a swc report. Its frame shows numbered source lines (`  3 | enum E`)
 * and under the offending one a marker line (`    :   ^^^^`); the caret's offset past the
 * `|` is the column. Without a frame the place is 1:1.
 */
export function locateReport(report: string): { line: number; column: number; message: string } {
  const lines = report.split("\n");
  const message = (lines[0] ?? "").replace(/^\s*x\s+/, "").trim() || "cannot strip the TypeScript types";
  for (let i = 1; i < lines.length; i++) {
    const marker = /^(\s*:\s?)(\s*)\^/.exec(lines[i] ?? "");
    const numbered = /^(\s*(\d+) \| ?)/.exec(lines[i - 1] ?? "");
    if (marker === null || numbered === null) continue;
    const gutter = numbered[1]?.length ?? 0;
    const caret = (lines[i] ?? "").indexOf("^");
    return { line: Number(numbered[2]), column: Math.max(1, caret - gutter + 1), message };
  }
  return { line: 1, column: 1, message };
}
