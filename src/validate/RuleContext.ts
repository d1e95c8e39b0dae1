import type { XmlElement } from "../parse/XmlDocument.js";
import type { DiagnosticCode } from "./codes.js";
import type { Diagnostic, Severity } from "./Diagnostic.js";
import { effectiveSeverity, type Finding, severityPolicy } from "./severityPolicy.js";

/** What an include resolver returns: the included file's text, or why it could not be found. */
export type ResolvedResource = { readonly file: string; readonly text: string } | { readonly error: string; readonly offline?: boolean };

/**
 * Resolves an SDF `<include><uri>` (e.g. `model://box`, `box`, `../models/box/model.sdf`)
 * seen in `fromFile` to the text of the model's SDF file. Injected by the caller (the CLI
 * reads the disk); the validator itself does no I/O.
 */
export type IncludeResolver = (uri: string, fromFile: string) => ResolvedResource;

/** Options of {@link validateFile}. */
export interface ValidateOptions {
  /** Report every warning as an error (the severity policy's `--strict`). */
  readonly strict?: boolean;
  /** Resolves `<include>` URIs. Without it, includes are not followed (a note says so). */
  readonly resolveInclude?: IncludeResolver;
  /** Include nesting already followed (internal: guards against include cycles). */
  readonly includeStack?: readonly string[];
}

/** An SDF `<include>` after resolution: the model (or actor, light) it brings in, if found. */
export interface IncludedEntity {
  readonly include: XmlElement;
  /** Top-level element of the included file (model, actor or light), when resolved. */
  readonly entity: XmlElement | undefined;
  /** Name in the including scope: `<name>` override, else the included entity's name. */
  readonly name: string | undefined;
}

/** Everything a rule sees: the document, its format and version, and a way to report. */
export interface RuleContext {
  readonly file: string;
  readonly format: "urdf" | "sdf";
  /** SDF: "1.9"; URDF: "1.0". */
  readonly version: string;
  /** SDF minor version (9 for 1.9); 0 for URDF. */
  readonly minor: number;
  readonly root: XmlElement;
  readonly options: ValidateOptions;
  /** Resolved includes by `<include>` element (SDF only; filled by the include rule). */
  readonly includes: Map<XmlElement, IncludedEntity>;
  /**
   * Reports a finding of the severity policy (src/validate/severityPolicy.ts), which decides its
   * code and severity; a warning's message gets the policy's consequence appended ("…; RViz
   * draws it in its default colour"). Rules report through this only.
   */
  readonly flag: (finding: Finding, at: XmlElement, message: string, attribute?: string) => void;
  /** Low level: a diagnostic with an explicit code and severity (the policy's `strict` still applies). Rules use {@link flag}. */
  readonly report: (code: DiagnosticCode, severity: Severity, at: XmlElement, message: string, attribute?: string) => void;
  readonly diagnostics: Diagnostic[];
}

/** One semantic check. Rules push diagnostics through `ctx.report` and never throw. */
export type Rule = (ctx: RuleContext) => void;

/** Builds a context whose `report` places diagnostics at the element or attribute. */
export function createRuleContext(init: Omit<RuleContext, "flag" | "report" | "diagnostics" | "includes">): RuleContext {
  const diagnostics: Diagnostic[] = [];
  const strict = init.options.strict === true;
  const report = (code: DiagnosticCode, severity: Severity, at: XmlElement, message: string, attribute?: string): void => {
    const a = attribute === undefined ? undefined : at.attributes.find((x) => x.name === attribute);
    diagnostics.push({
      code,
      severity: effectiveSeverity(severity, strict),
      message,
      file: init.file,
      line: a?.line ?? at.line,
      column: a?.column ?? at.column,
      xmlPath: attribute === undefined ? at.xmlPath : `${at.xmlPath}/@${attribute}`,
    });
  };
  const flag = (finding: Finding, at: XmlElement, message: string, attribute?: string): void => {
    const entry = severityPolicy[finding];
    report(entry.code, entry.severity, at, entry.severity === "warning" ? `${message}; ${entry.consequence}` : message, attribute);
  };
  return { ...init, flag, report, diagnostics, includes: new Map() };
}
