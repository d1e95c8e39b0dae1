import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { STRIP_ERROR_CODE } from "./moduleHooks.js";

/**
 * A robot module that cannot run as written, as a diagnostic at its file:line:col: a `.ts`
 * module whose types cannot be stripped (a syntax error, an enum, a namespace, a parameter
 * property: moduleHooks.ts reports where), one over the size limit, or one that V8 refuses
 * after stripping, which for TypeScript that parsed is a decorator (Node runs no decorators;
 * V8's SyntaxError names no place, so the first `@` outside strings and comments is shown).
 * Undefined for any other error (a missing import, an exception the module throws).
 *
 * @param error - what `import()` of the module threw.
 * @param url - the module's file: URL.
 */
export function moduleSyntaxError(error: unknown, url: string): Diagnostic | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const e = error as { code?: unknown; file?: unknown; line?: unknown; column?: unknown; reason?: unknown };
  if (e.code === STRIP_ERROR_CODE && typeof e.file === "string") {
    if (typeof e.line !== "number" || typeof e.column !== "number") {
      return { code: "INPUT_TOO_LARGE", severity: "error", message: String((error as Error).message), file: e.file };
    }
    return {
      code: "MODULE_SYNTAX_ERROR",
      severity: "error",
      // swc's own words say "strip-only mode": tell what that means for the user.
      message: /strip/.test(String(e.reason))
        ? `${String(e.reason)}: robokit only strips the types of a .ts module, as Node does; write it as plain TypeScript (a union of string literals or an object for an enum) or compile the module first`
        : String(e.reason),
      file: e.file,
      line: e.line,
      column: e.column,
    };
  }
  if (!(error instanceof SyntaxError) || !/\.m?ts(?:\?|$)/.test(url)) return undefined;
  const file = fileURLToPath(url);
  const at = firstDecorator(readFileSync(file, "utf8"));
  if (at === undefined) return { code: "MODULE_SYNTAX_ERROR", severity: "error", message: error.message, file };
  return {
    code: "MODULE_SYNTAX_ERROR",
    severity: "error",
    message:
      "a decorator: Node runs no decorators, and robokit only strips types (as Node does); remove it or compile the module to JavaScript first",
    file,
    ...at,
  };
}

/**
 * The line:col (1-based) of the first `@` in TypeScript source outside strings, template text
 * and comments: in code that parses, that is a decorator. Regular expression literals are not
 * told apart, so this is used only to place an error V8 already raised.
 */
export function firstDecorator(source: string): { line: number; column: number } | undefined {
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === "/" && next === "/") i = after(source, "\n", i + 2);
    else if (c === "/" && next === "*") i = after(source, "*/", i + 2);
    else if (c === '"' || c === "'" || c === "`") i = skipString(source, i, c);
    else if (c === "@") return lineAndColumn(source, i);
    else i++;
  }
  return undefined;
}

function after(source: string, end: string, from: number): number {
  const j = source.indexOf(end, from);
  return j < 0 ? source.length : j + end.length;
}

/** The offset after a string or template that starts at `start` (escapes skipped; a template's `${…}` is passed over whole). */
function skipString(source: string, start: number, quote: string): number {
  let i = start + 1;
  while (i < source.length && source[i] !== quote) i += source[i] === "\\" ? 2 : 1;
  return i + 1;
}

function lineAndColumn(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, offset);
  const lineStart = before.lastIndexOf("\n") + 1;
  return { line: before.split("\n").length, column: offset - lineStart + 1 };
}
