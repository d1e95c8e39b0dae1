import type { XmlElement } from "../parse/XmlDocument.js";
import type { DiagnosticCode } from "../diagnostics/codes.js";
import type { Diagnostic, Severity } from "../diagnostics/Diagnostic.js";
import { INPUT_LIMITS } from "../util/inputLimits.js";
import { effectiveSeverity, type Finding, policyDiagnostic, severityPolicy } from "../diagnostics/severityPolicy.js";

/** What an include resolver returns: the included file's text, or why it could not be found. */
export type ResolvedResource =
  | { readonly file: string; readonly text: string }
  | {
      readonly error: string;
      /** Not looked up at all (e.g. an http URI while offline): a warning, not an error. */
      readonly offline?: boolean;
      /** The diagnostic code to report (a refused include: INCLUDE_TOO_LARGE, …); URI_LOOKUP when absent. */
      readonly code?: DiagnosticCode;
    };

/** An included file after parsing and validation, shared by every include of the same file. */
export interface ParsedInclude {
  /** The `<sdf>` root, or undefined when the file is not SDF. */
  readonly root: XmlElement | undefined;
}

/** Includes nested deeper than this are not followed (INCLUDE_DEPTH_EXCEEDED). */
export const MAX_INCLUDE_DEPTH = 32;

/**
 * Resolves an SDF `<include><uri>` (e.g. `model://box`, `box`, `../models/box/model.sdf`)
 * seen in `fromFile` to the text of the model's SDF file. Injected by the caller (the CLI
 * reads the disk); the validator itself does no I/O.
 */
export type IncludeResolver = (uri: string, fromFile: string) => ResolvedResource;

/**
 * Where a resource URI (a mesh's `package://`, `model://`, `file://` or relative path) led:
 * the file found, or why not. `searched` says whether the user gave search paths, which makes a
 * missing resource an error rather than a warning.
 */
export type ResourceLookup =
  | { readonly file: string }
  | { readonly problem: "not-found" | "unreadable" | "offline"; readonly detail: string; readonly searched: boolean };

/** Looks up a resource URI seen in `fromFile` (injected by the CLI, like {@link IncludeResolver}). */
export type ResourceResolver = (uri: string, fromFile: string) => ResourceLookup;

/** The bytes of a file a {@link ResourceResolver} found, or why they were not read (too large, not regular, I/O). */
export type ResourceBytes = { readonly bytes: Uint8Array } | { readonly problem: string; readonly detail: string };

/**
 * Reads a file a {@link ResourceResolver} returned, bounded (the CLI reads at most the mesh
 * byte limit of a regular file). Injected by the caller; the validator itself does no I/O.
 */
export type ResourceReader = (file: string) => ResourceBytes;

/** Options of {@link validateFile}. */
export interface ValidateOptions {
  /** Report every warning as an error (the severity policy's `--strict`). */
  readonly strict?: boolean;
  /** Resolves `<include>` URIs. Without it, includes are not followed (a note says so). */
  readonly resolveInclude?: IncludeResolver;
  /** Resolves mesh URIs. Without it, mesh files are not checked. */
  readonly resolveResource?: ResourceResolver;
  /**
   * Reads resolved mesh files, so that the geometry rules (src/validate/rules/inertiaGeometry.ts)
   * can measure collision meshes. Without it, only primitive collision shapes are measured.
   */
  readonly readResource?: ResourceReader;
  /** Include nesting already followed (internal: guards against include cycles). */
  readonly includeStack?: readonly string[];
  /** Included files already parsed and validated, by resolved file name (internal: each file once). */
  readonly includeCache?: Map<string, ParsedInclude>;
  /**
   * The includes resolved so far in every document of this validation, by `<include>` element
   * (internal: shared with included files, so that names inside an include of an include resolve).
   */
  readonly includedEntities?: Map<XmlElement, IncludedEntity>;
  /** Deepest include nesting followed; default `MAX_INCLUDE_DEPTH`. */
  readonly maxIncludeDepth?: number;
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
   * Reports a finding of the severity policy (src/diagnostics/severityPolicy.ts), which decides its
   * code and severity; a warning's message gets the policy's consequence appended ("…; RViz
   * draws it in its default colour"). Rules report through this only.
   */
  readonly flag: (finding: Finding, at: XmlElement, message: string, attribute?: string) => void;
  /** Low level: a diagnostic with an explicit code and severity (the policy's `strict` still applies). Rules use {@link flag}. */
  readonly report: (
    code: DiagnosticCode,
    severity: Severity,
    at: XmlElement,
    message: string,
    attribute?: string,
  ) => void;
  readonly diagnostics: Diagnostic[];
  /**
   * Diagnostics not kept, by code: past INPUT_LIMITS.maxDiagnosticsPerCode of one code in a
   * document, the rest are only counted ({@link suppressedDiagnostics} reports the counts).
   */
  readonly suppressed: Map<DiagnosticCode, number>;
}

/** One semantic check. Rules push diagnostics through `ctx.report` and never throw. */
export type Rule = (ctx: RuleContext) => void;

/** Builds a context whose `report` places diagnostics at the element or attribute. */
export function createRuleContext(
  init: Omit<RuleContext, "flag" | "report" | "diagnostics" | "includes" | "suppressed">,
): RuleContext {
  const diagnostics: Diagnostic[] = [];
  const strict = init.options.strict === true;
  // A file of millions of links that each lack an inertial would otherwise make millions of
  // diagnostics (4 GB for 3.2 million): the first ones of each code are kept, the rest counted.
  const kept = new Map<DiagnosticCode, number>();
  const suppressed = new Map<DiagnosticCode, number>();
  const report = (
    code: DiagnosticCode,
    severity: Severity,
    at: XmlElement,
    message: string,
    attribute?: string,
  ): void => {
    const count = (kept.get(code) ?? 0) + 1;
    if (count > INPUT_LIMITS.maxDiagnosticsPerCode) {
      suppressed.set(code, (suppressed.get(code) ?? 0) + 1);
      return;
    }
    kept.set(code, count);
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
    report(
      entry.code,
      entry.severity,
      at,
      entry.severity === "warning" ? `${message}; ${entry.consequence}` : message,
      attribute,
    );
  };
  return { ...init, flag, report, diagnostics, includes: init.options.includedEntities ?? new Map(), suppressed };
}

/**
 * One TOO_MANY_ERRORS note per code whose diagnostics passed the per-code limit, with how many
 * more there were (at the document's root).
 */
export function suppressedDiagnostics(ctx: RuleContext): Diagnostic[] {
  const out: Diagnostic[] = [];
  for (const [code, count] of ctx.suppressed) {
    out.push(
      policyDiagnostic(
        "tooManyOfOneCode",
        `${count} more ${code} diagnostics not shown: robokit reports the first ${INPUT_LIMITS.maxDiagnosticsPerCode.toLocaleString("en-US")} of each code in a file`,
        {
          file: ctx.file,
          line: ctx.root.line,
          column: ctx.root.column,
          xmlPath: ctx.root.xmlPath,
        },
      ),
    );
  }
  return out;
}
