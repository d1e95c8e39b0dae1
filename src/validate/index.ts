/**
 * robokit/validate: check URDF and SDF text as urdfdom and libsdformat would, and more
 * (physics, references, limits). Diagnostics are data with a stable code, a severity from one
 * table and a place.
 * @packageDocumentation
 */
export { diagnosticCodes } from "../diagnostics/codes.js";
export type { DiagnosticCode } from "../diagnostics/codes.js";
export { hasErrors } from "../diagnostics/Diagnostic.js";
export type { Diagnostic, Severity } from "../diagnostics/Diagnostic.js";
export { formatDiagnostic } from "../diagnostics/formatDiagnostic.js";
export { formatDiagnosticsJson } from "../diagnostics/formatDiagnosticsJson.js";
export type { FileReport } from "../diagnostics/formatDiagnosticsJson.js";
export type {
  IncludeResolver,
  ResolvedResource,
  ResourceLookup,
  ResourceResolver,
  ValidateOptions,
} from "./RuleContext.js";
export { severityPolicy } from "../diagnostics/severityPolicy.js";
export type { SeverityBasis, SeverityEntry } from "../diagnostics/severityPolicy.js";
export { validateFile, validateSdf, validateUrdf } from "./validateFile.js";
export {
  checkControllerParameters,
  type ControllerCheckOptions,
  type ParameterFileInput,
} from "./controllers/checkControllerParameters.js";
export { CONTROLLER_DISTROS, type ControllerDistro } from "./controllers/ControllerDefinitions.js";
export { isControllerParameterFile } from "./controllers/isControllerParameterFile.js";
