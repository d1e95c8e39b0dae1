import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { formatDiagnostic } from "../diagnostics/formatDiagnostic.js";
import { formatDiagnosticsJson } from "../diagnostics/formatDiagnosticsJson.js";

/**
 * Writes a command's findings about `file` to stderr: `text`, one line per warning (errors are
 * left to the error that ends the command; notes are not printed), or `json`, one report with
 * every finding, notes included, in `validate -f json`'s shape.
 */
export function reportDiagnostics(file: string, diagnostics: readonly Diagnostic[], format: "text" | "json"): void {
  if (format === "json") {
    process.stderr.write(formatDiagnosticsJson([{ file, diagnostics }]));
    return;
  }
  for (const d of diagnostics) if (d.severity === "warning") process.stderr.write(`${formatDiagnostic(d)}\n`);
}
