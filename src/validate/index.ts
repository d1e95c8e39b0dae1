/**
 * robokit/validate: check URDF and SDF text as urdfdom and libsdformat would, and more
 * (physics, references, limits). Diagnostics are data with a stable code, a severity from one
 * table and a place.
 * @packageDocumentation
 */
export { diagnosticCodes } from "./codes.js";
export type { DiagnosticCode } from "./codes.js";
export { hasErrors } from "./Diagnostic.js";
export type { Diagnostic, Severity } from "./Diagnostic.js";
export { formatDiagnostic } from "./formatDiagnostic.js";
export { formatDiagnosticsJson } from "./formatDiagnosticsJson.js";
export type { FileReport } from "./formatDiagnosticsJson.js";
export type { IncludeResolver, ResolvedResource, ResourceLookup, ResourceResolver, ValidateOptions } from "./RuleContext.js";
export { severityPolicy } from "./severityPolicy.js";
export type { SeverityBasis, SeverityEntry } from "./severityPolicy.js";
export { validateFile, validateSdf, validateUrdf } from "./validateFile.js";
