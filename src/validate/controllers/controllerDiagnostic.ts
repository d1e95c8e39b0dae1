import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { type Finding, policyOf } from "../../diagnostics/severityPolicy.js";
import type { FilePlace } from "./readParameterFile.js";

/**
 * A diagnostic of the controller checks: the severity policy's code and severity, the message
 * followed by what the consumer (controller_manager, rclcpp) does, at a place in a file.
 */
export function controllerDiagnostic(finding: Finding, message: string, at: FilePlace, hint?: string): Diagnostic {
  const entry = policyOf(finding);
  return {
    code: entry.code,
    severity: entry.severity,
    message: entry.severity === "info" ? message : `${message}; ${entry.consequence}`,
    file: at.file,
    line: at.line,
    column: at.column,
    ...(hint !== undefined ? { hint } : {}),
  };
}
