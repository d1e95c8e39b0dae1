/**
 * robokit: the typed robot model and its builder, and the diagnostics every part of robokit
 * reports. The other tasks have entry points of their own: `robokit/emit` (URDF, SDF, MJCF,
 * ros2_control, packages), `robokit/read` (URDF, SDF and xacro readers), `robokit/validate`,
 * `robokit/kinematics` and `robokit/sim`.
 * @packageDocumentation
 */
export * from "./model/index.js";

export { diagnosticCodes } from "./diagnostics/codes.js";
export type { DiagnosticCode } from "./diagnostics/codes.js";
export { hasErrors } from "./diagnostics/Diagnostic.js";
export type { Diagnostic, Severity } from "./diagnostics/Diagnostic.js";
export { formatDiagnostic } from "./diagnostics/formatDiagnostic.js";
export { formatNumber } from "./util/formatNumber.js";
export { ROBOKIT_VERSION } from "./version.js";
