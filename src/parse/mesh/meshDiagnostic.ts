import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { policyDiagnostic, type Finding } from "../../diagnostics/severityPolicy.js";

/** A mesh finding as a diagnostic, with the severity policy's code and severity, at `file` (and `line` when known, 1-based). */
export function meshDiagnostic(finding: Finding, message: string, file: string, line?: number): Diagnostic {
  return policyDiagnostic(finding, message, line === undefined ? { file } : { file, line, column: 1 });
}
