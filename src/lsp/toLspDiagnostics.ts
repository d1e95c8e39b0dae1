import { isAbsolute, resolve } from "node:path";

import { type Diagnostic as LspDiagnostic, DiagnosticSeverity, type Range } from "vscode-languageserver";
import type { TextDocument } from "vscode-languageserver-textdocument";

import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { pathToUri } from "./Workspace.js";
import { assertNever } from "../util/assertNever.js";

function severity(d: Diagnostic): DiagnosticSeverity {
  switch (d.severity) {
    case "error":
      return DiagnosticSeverity.Error;
    case "warning":
      return DiagnosticSeverity.Warning;
    case "info":
      return DiagnosticSeverity.Information;
    default:
      return assertNever(d.severity, "severity");
  }
}

/** Longest range a diagnostic is given, characters. */
const MAX_RANGE_CHARS = 256;

/**
 * A diagnostic's range in a document: from its 1-based line:column to the end of the name or
 * word that starts there (at least one character), the whole line's start when it has no line.
 */
function rangeIn(d: Diagnostic, doc: TextDocument | undefined): Range {
  const line = Math.max(0, (d.line ?? 1) - 1);
  const character = Math.max(0, (d.column ?? 1) - 1);
  const start = { line, character };
  if (doc === undefined) return { start, end: { line, character: character + 1 } };
  const text = doc.getText();
  const from = doc.offsetAt(start);
  let to = from;
  if (text[to] === "<") to++;
  // A name is short; the bound keeps many diagnostics at one long word from reading it each time.
  const limit = Math.min(text.length, from + MAX_RANGE_CHARS);
  while (to < limit && /[^\s<>/="']/.test(text[to]!)) to++;
  return { start: doc.positionAt(from), end: doc.positionAt(Math.max(to, from + 1)) };
}

/**
 * Groups robokit diagnostics by the file they are in, as LSP diagnostics (code, severity,
 * message, range; the xacro macro calls as relatedInformation). Relative file names are
 * resolved against `cwd`; `documents` give ranges their extent.
 */
export function toLspDiagnostics(
  diagnostics: readonly Diagnostic[],
  cwd: string,
  documentOf: (uri: string) => TextDocument | undefined,
): Map<string, LspDiagnostic[]> {
  const out = new Map<string, LspDiagnostic[]>();
  const uriOf = (file: string): string => pathToUri(isAbsolute(file) ? file : resolve(cwd, file));
  for (const d of diagnostics) {
    if (d.file === undefined) continue;
    const uri = uriOf(d.file);
    const path = d.xmlPath ?? d.jsonPath;
    const lsp: LspDiagnostic = {
      range: rangeIn(d, documentOf(uri)),
      severity: severity(d),
      code: d.code,
      source: "robokit",
      message: `${d.message}${d.hint === undefined ? "" : ` (${d.hint})`}${path === undefined || path === "" ? "" : ` [${path}]`}`,
      ...(d.related === undefined || d.related.length === 0
        ? {}
        : {
            relatedInformation: d.related.map((r) => {
              const at = { line: Math.max(0, r.line - 1), character: Math.max(0, (r.column ?? 1) - 1) };
              return { location: { uri: uriOf(r.file), range: { start: at, end: at } }, message: r.message };
            }),
          }),
    };
    const list = out.get(uri) ?? [];
    list.push(lsp);
    out.set(uri, list);
  }
  return out;
}
