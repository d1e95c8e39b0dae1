import type { Diagnostic } from "./Diagnostic.js";

/**
 * One diagnostic as one line, in the form editors and CI parse:
 * `file:line:col: error CODE: message [xmlPath or jsonPath]`.
 * Missing location parts are left out (`file: error CODE: …`).
 */
export function formatDiagnostic(d: Diagnostic): string {
  let where = d.file ?? "";
  if (d.line !== undefined) where += `:${d.line}${d.column !== undefined ? `:${d.column}` : ""}`;
  const path = d.xmlPath ?? d.jsonPath;
  const suffix = path === undefined || path === "" ? "" : ` [${path}]`;
  const hint = d.hint === undefined ? "" : ` (${d.hint})`;
  return `${where.length > 0 ? `${where}: ` : ""}${d.severity} ${d.code}: ${d.message}${hint}${suffix}`;
}
