import type { DiagnosticCode } from "./codes.js";

/** How bad a finding is, after the policy (e.g. `--strict`) has been applied. */
export type Severity = "error" | "warning" | "info";

/**
 * One finding about a robot model or a description file. Diagnostics are data: rules
 * return them, only the CLI turns them into text and exit codes.
 *
 * Locations are two-sided: `file`/`line`/`column` (1-based) plus `xmlPath` for XML input,
 * `jsonPath` (RFC 6901 pointer) for a model or a JSON/YAML document.
 */
export interface Diagnostic {
  /** Stable, append-only code; libsdformat's name where one exists. */
  readonly code: DiagnosticCode;
  readonly severity: Severity;
  /** Human text naming the elements involved, e.g. `joint "servo1": axis must be non-zero`. */
  readonly message: string;
  readonly file?: string;
  /** 1-based line. */
  readonly line?: number;
  /** 1-based column. */
  readonly column?: number;
  /** e.g. `/robot[@name="mario"]/joint[@name="servo1"]/axis`. */
  readonly xmlPath?: string;
  /** RFC 6901 pointer into the model or document, e.g. `/joints/3/axis`. */
  readonly jsonPath?: string;
  /** Optional suggestion, e.g. `did you mean "base_link"?`. */
  readonly hint?: string;
  /**
   * Other places that explain the finding: for an element expanded from a xacro macro, each
   * call that led there (innermost first), so editors and SARIF viewers can step through them.
   */
  readonly related?: readonly RelatedLocation[];
}

/** A place tied to a diagnostic, with what it is (e.g. `macro wheel called here`). */
export interface RelatedLocation {
  readonly file: string;
  /** 1-based line. */
  readonly line: number;
  /** 1-based column. */
  readonly column?: number;
  readonly message: string;
}

/** True when any diagnostic is an error. */
export function hasErrors(diagnostics: readonly Diagnostic[]): boolean {
  return diagnostics.some((d) => d.severity === "error");
}
