import type { Diagnostic } from "./Diagnostic.js";

/** The result of validating one file, for JSON output. */
export interface FileReport {
  readonly file: string;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Machine-readable report: `{ errors, warnings, files: [{ file, valid, diagnostics }] }`,
 * keys in a fixed order, one trailing newline. Each diagnostic has code, severity, message,
 * file, line, column, xmlPath and jsonPath when known.
 */
export function formatDiagnosticsJson(reports: readonly FileReport[]): string {
  const order = ["code", "severity", "message", "file", "line", "column", "xmlPath", "jsonPath", "hint"] as const;
  let errors = 0;
  let warnings = 0;
  const files = reports.map((r) => {
    const diagnostics = r.diagnostics.map((d) => {
      if (d.severity === "error") errors++;
      else if (d.severity === "warning") warnings++;
      const out: Record<string, unknown> = {};
      for (const k of order) if (d[k] !== undefined) out[k] = d[k];
      return out;
    });
    return { file: r.file, valid: !r.diagnostics.some((d) => d.severity === "error"), diagnostics };
  });
  return `${JSON.stringify({ errors, warnings, files }, null, 2)}\n`;
}
