import { type ReadXmlResult, readXml } from "../parse/readXml.js";
import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { detectFormat } from "./detectFormat.js";
import type { ValidateOptions } from "./RuleContext.js";
import { effectiveSeverity } from "../diagnostics/severityPolicy.js";
import { validateSdfDocument } from "./validateSdf.js";
import { validateUrdfDocument } from "./validateUrdf.js";
import { assertNever } from "../util/assertNever.js";

/**
 * Validates a URDF or SDF file (detected from its content) and returns every finding,
 * sorted by line and column. Never throws for bad input: a crash inside a rule becomes an
 * INTERNAL diagnostic rather than an exception.
 *
 * @param text the file's text (see decodeXmlBytes for bytes)
 * @param fileName the name used in diagnostics and to resolve relative includes
 */
export function validateFile(text: string, fileName: string, options: ValidateOptions = {}): Diagnostic[] {
  return validateRead(readAsConsumer(text, fileName), fileName, options);
}

/** {@link validateFile} of a file already read by {@link readAsConsumer}. */
function validateRead(read: ReadXmlResult, fileName: string, options: ValidateOptions): Diagnostic[] {
  const found = validateUnsorted(read, fileName, options);
  // The policy's --strict: every warning, from any phase, is an error.
  return options.strict === true
    ? found.map((d) => (d.severity === "warning" ? { ...d, severity: effectiveSeverity(d.severity, true) } : d))
    : found;
}

/**
 * Reads the file as its consumer does: strictly, and when that fails, as the reference tool of
 * the format it turns out to be (urdfdom for `<robot>`, libsdformat for `<sdf>`) would, so a file
 * check_urdf or libsdformat reads is not an XML error here (XML_TOLERATED warns instead).
 */
function readAsConsumer(text: string, fileName: string): ReadXmlResult {
  const strict = readXml(text, fileName);
  if (!strict.diagnostics.some((d) => d.severity === "error")) return strict;
  for (const [dialect, kind] of [
    ["urdfdom", "urdf"],
    ["libsdformat", "sdf"],
  ] as const) {
    const lenient = readXml(text, fileName, { tolerate: dialect });
    const root = lenient.document.root;
    if (
      root !== undefined &&
      detectFormat(root).kind === kind &&
      !lenient.diagnostics.some((d) => d.severity === "error")
    )
      return lenient;
  }
  return strict;
}

function validateUnsorted(read: ReadXmlResult, fileName: string, options: ValidateOptions): Diagnostic[] {
  const { document, diagnostics } = read;
  const root = document.root;
  if (root === undefined) return diagnostics;
  const format = detectFormat(root);
  switch (format.kind) {
    case "urdf":
      return sortDiagnostics([...diagnostics, ...validateUrdfDocument(root, fileName, options)]);
    case "sdf":
      return sortDiagnostics([...diagnostics, ...validateSdfDocument(root, fileName, options)]);
    case "unknown":
      return [
        ...diagnostics,
        {
          code: "VERSION_UNSUPPORTED",
          severity: "error",
          message: `root element <${format.rootName}> is neither <robot> (URDF) nor <sdf> (SDF)`,
          file: fileName,
          line: root.line,
          column: root.column,
          xmlPath: root.xmlPath,
        },
      ];
    default:
      assertNever(format, "format");
  }
}

/** Validates text that must be URDF. */
export function validateUrdf(text: string, fileName: string, options: ValidateOptions = {}): Diagnostic[] {
  return validateAs("urdf", text, fileName, options);
}

/** Validates text that must be SDF. */
export function validateSdf(text: string, fileName: string, options: ValidateOptions = {}): Diagnostic[] {
  return validateAs("sdf", text, fileName, options);
}

function validateAs(kind: "urdf" | "sdf", text: string, fileName: string, options: ValidateOptions): Diagnostic[] {
  const read = readAsConsumer(text, fileName);
  const diagnostics = validateRead(read, fileName, options);
  const root = read.document.root;
  if (root !== undefined && detectFormat(root).kind !== kind) {
    diagnostics.unshift({
      code: "VERSION_UNSUPPORTED",
      severity: "error",
      message: `expected ${kind === "urdf" ? "URDF (<robot>)" : "SDF (<sdf>)"} but the root element is <${root.name}>`,
      file: fileName,
      line: root.line,
      column: root.column,
      xmlPath: root.xmlPath,
    });
  }
  return diagnostics;
}

/** Stable order: file, line, column, then code. */
export function sortDiagnostics(diagnostics: Diagnostic[]): Diagnostic[] {
  return diagnostics
    .map((d, i) => ({ d, i }))
    .sort((a, b) => {
      const fa = a.d.file ?? "";
      const fb = b.d.file ?? "";
      if (fa !== fb) return fa < fb ? -1 : 1;
      return (a.d.line ?? 0) - (b.d.line ?? 0) || (a.d.column ?? 0) - (b.d.column ?? 0) || a.i - b.i;
    })
    .map(({ d }) => d);
}
