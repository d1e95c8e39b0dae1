import { escapeTerminal } from "./escapeTerminal.js";
import type { Diagnostic } from "./Diagnostic.js";

/**
 * One diagnostic as one line, in the form editors and CI parse:
 * `file:line:col: error CODE: message [xmlPath or jsonPath]`.
 * Missing location parts are left out (`file: error CODE: …`). Control and bidirectional
 * characters from the input (a file or link name holding ESC, CR or U+202E) are shown as
 * escapes (`escapeTerminal`), so the line is safe to print and stays one line.
 */
export function formatDiagnostic(d: Diagnostic): string {
  let where = d.file ?? "";
  if (d.line !== undefined) where += `:${d.line}${d.column !== undefined ? `:${d.column}` : ""}`;
  const path = d.xmlPath ?? d.jsonPath;
  const suffix = path === undefined || path === "" ? "" : ` [${path}]`;
  const hint = d.hint === undefined ? "" : ` (${d.hint})`;
  return escapeTerminal(`${where.length > 0 ? `${where}: ` : ""}${d.severity} ${d.code}: ${d.message}${hint}${suffix}`);
}
