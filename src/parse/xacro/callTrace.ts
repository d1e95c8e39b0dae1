import type { RelatedLocation } from "../../diagnostics/Diagnostic.js";
import type { XacroCall, XacroElement, XacroOrigin } from "./XacroNode.js";

/** Adds the macro calls that led to `node` to its origin and its descendants' (shared, not copied). */
export function withCalls(node: XacroElement, calls: readonly XacroCall[]): XacroElement {
  if (calls.length === 0) return node;
  const visit = (n: XacroElement): void => {
    // Shared, not copied, when the element has no calls of its own: a copy per element costs
    // elements × depth (1,000,000 elements 250 macro calls deep passed 1 GB).
    n.origin = { ...n.origin, calls: n.origin.calls.length === 0 ? calls : [...n.origin.calls, ...calls] };
    for (const c of n.children) if (c.type === "element") visit(c);
  };
  visit(node);
  return node;
}

/** " (macro X defined at file:line)" for a message about a macro call. */
export function macroWhere(call: XacroCall): string {
  return ` (macro ${call.macro} defined at ${call.definedIn}:${call.definedLine})`;
}

/** " (in macro X defined at f:l, called at f:l:c; ...)" for a message, or "". */
export function callTrace(at: XacroOrigin | undefined): string {
  if (at === undefined || at.calls.length === 0) return "";
  return ` [${at.calls.map((c) => `in macro ${c.macro} (defined at ${c.definedIn}:${c.definedLine}) called at ${c.file}:${c.line}:${c.column}`).join("; ")}]`;
}

/** Most macro calls listed as related locations: the innermost ones, then the outermost call. */
const MAX_RELATED_CALLS = 16;

/**
 * The macro calls that led to `at`, innermost first, as related locations: each call site,
 * then where the macro is defined (at most MAX_RELATED_CALLS calls: the innermost, and the
 * outermost, which is in the file the user opened). Empty (no `related` key) outside macros.
 */
export function callLocations(
  at: XacroOrigin,
  rename: (file: string) => string = (f) => f,
): { related?: RelatedLocation[] } {
  if (at.calls.length === 0) return {};
  const calls =
    at.calls.length <= MAX_RELATED_CALLS
      ? at.calls
      : [...at.calls.slice(0, MAX_RELATED_CALLS - 1), at.calls[at.calls.length - 1]!];
  return {
    related: calls.flatMap((c) => [
      { file: rename(c.file), line: c.line, column: c.column, message: `macro ${c.macro} called here` },
      { file: rename(c.definedIn), line: c.definedLine, message: `macro ${c.macro} defined here` },
    ]),
  };
}
