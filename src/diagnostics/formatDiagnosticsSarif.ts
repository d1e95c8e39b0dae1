import { type DiagnosticCode, diagnosticCodes } from "./codes.js";
import type { Diagnostic, RelatedLocation, Severity } from "./Diagnostic.js";
import type { FileReport } from "./formatDiagnosticsJson.js";
import { type SeverityEntry, severityPolicy } from "./severityPolicy.js";

/** The `uriBaseId` every relative artifact URI is resolved against: the working folder. */
export const SARIF_SRCROOT = "SRCROOT";

/** What a SARIF log says about the run besides the diagnostics. */
export interface SarifOptions {
  /** robokit's version (tool.driver.version). */
  readonly toolVersion: string;
  /**
   * The working folder as a `file:` URI ending in `/` (run.originalUriBaseIds.SRCROOT);
   * left out when undefined, and CI uploaders then resolve against the checkout.
   */
  readonly srcRoot?: string;
}

/** SARIF `level` of a robokit severity. */
function levelOf(severity: Severity): "error" | "warning" | "note" {
  switch (severity) {
    case "error":
      return "error";
    case "warning":
      return "warning";
    case "info":
      return "note";
  }
}

/** Every finding of the severity policy, grouped by the code it reports. */
function findingsByCode(): Map<DiagnosticCode, SeverityEntry[]> {
  const out = new Map<DiagnosticCode, SeverityEntry[]>();
  for (const entry of Object.values(severityPolicy) as SeverityEntry[]) {
    const list = out.get(entry.code) ?? [];
    list.push(entry);
    out.set(entry.code, list);
  }
  return out;
}

/**
 * One SARIF reportingDescriptor per diagnostic code: the registry's sentence as short
 * description, the severity policy's findings for it (what, severity, consumer) as full
 * description and help.
 */
function sarifRules(): Record<string, unknown>[] {
  const findings = findingsByCode();
  return (Object.keys(diagnosticCodes) as DiagnosticCode[]).map((code) => {
    const short = diagnosticCodes[code];
    const list = findings.get(code) ?? [];
    const lines = list.map((f) => `${f.severity}: ${f.what} (${f.consequence})`);
    const full = lines.length === 0 ? short : `${short} ${lines.join("; ")}.`;
    const help =
      lines.length === 0
        ? `${short} See the severity policy (src/validate/rules/SEVERITY.md).`
        : `${lines.map((l) => `- ${l}`).join("\n")}\n\n--strict reports every warning as an error.`;
    const level = list.length > 0 && list.every((f) => f.severity === "warning") ? "warning" : "error";
    return {
      id: code,
      name: pascalCase(code),
      shortDescription: { text: short },
      fullDescription: { text: full },
      help: { text: help },
      defaultConfiguration: { level: list.length > 0 && list.every((f) => f.severity === "info") ? "note" : level },
    };
  });
}

function pascalCase(code: string): string {
  return code
    .toLowerCase()
    .split("_")
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1))
    .join("");
}

/** True for `/abs`, `C:\abs` and `C:/abs`. */
function isAbsolutePath(path: string): boolean {
  return path.startsWith("/") || /^[A-Za-z]:[\\/]/.test(path);
}

/**
 * An artifactLocation for a path as diagnostics name it: relative paths against SRCROOT
 * (forward slashes, each segment percent-encoded), absolute ones as `file:` URIs.
 */
export function sarifArtifactLocation(path: string): { uri: string; uriBaseId?: string } {
  const slashed = path.replace(/\\/g, "/");
  const encoded = slashed
    .split("/")
    .map((s) => (/^[A-Za-z]:$/.test(s) ? s : encodeURIComponent(s)))
    .join("/");
  if (isAbsolutePath(path)) return { uri: `file://${slashed.startsWith("/") ? "" : "/"}${encoded}` };
  return { uri: encoded.replace(/^(\.\/)+/, ""), uriBaseId: SARIF_SRCROOT };
}

function physicalLocation(file: string, line: number | undefined, column: number | undefined): Record<string, unknown> {
  return {
    artifactLocation: sarifArtifactLocation(file),
    ...(line === undefined || line < 1
      ? {}
      : { region: { startLine: line, ...(column === undefined || column < 1 ? {} : { startColumn: column }) } }),
  };
}

function relatedLocation(r: RelatedLocation, id: number): Record<string, unknown> {
  return { id, physicalLocation: physicalLocation(r.file, r.line, r.column), message: { text: r.message } };
}

function sarifResult(d: Diagnostic, ruleIndex: Map<string, number>): Record<string, unknown> {
  const text = `${d.message}${d.hint === undefined ? "" : ` (${d.hint})`}`;
  const path = d.xmlPath ?? d.jsonPath;
  return {
    ruleId: d.code,
    ruleIndex: ruleIndex.get(d.code) ?? -1,
    level: levelOf(d.severity),
    message: { text },
    ...(d.file === undefined
      ? {}
      : {
          locations: [
            {
              physicalLocation: physicalLocation(d.file, d.line, d.column),
              ...(path === undefined || path === ""
                ? {}
                : {
                    logicalLocations: [
                      { fullyQualifiedName: path, kind: d.xmlPath === undefined ? "member" : "element" },
                    ],
                  }),
            },
          ],
        }),
    ...(d.related === undefined || d.related.length === 0
      ? {}
      : { relatedLocations: d.related.map((r, i) => relatedLocation(r, i + 1)) }),
  };
}

/**
 * A SARIF 2.1.0 log of a validation run (OASIS SARIF 2.1.0): one run, tool.driver with one rule
 * per diagnostic code, one result per diagnostic with its 1-based line and column (UTF-16 code
 * units), the xacro macro calls as relatedLocations, paths relative to SRCROOT. Deterministic:
 * the same reports give the same bytes. Ends with a newline.
 */
export function formatDiagnosticsSarif(reports: readonly FileReport[], options: SarifOptions): string {
  const rules = sarifRules();
  const ruleIndex = new Map(rules.map((r, i) => [r["id"] as string, i]));
  const results = reports.flatMap((r) => r.diagnostics.map((d) => sarifResult(d, ruleIndex)));
  const log = {
    $schema: "https://json.schemastore.org/sarif-2.1.0.json",
    version: "2.1.0",
    runs: [
      {
        tool: {
          driver: {
            name: "robokit",
            version: options.toolVersion,
            semanticVersion: options.toolVersion,
            informationUri: "https://www.npmjs.com/package/robokit",
            rules,
          },
        },
        ...(options.srcRoot === undefined ? {} : { originalUriBaseIds: { [SARIF_SRCROOT]: { uri: options.srcRoot } } }),
        columnKind: "utf16CodeUnits",
        results,
      },
    ],
  };
  return `${JSON.stringify(log, null, 2)}\n`;
}
