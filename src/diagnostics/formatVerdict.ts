import type { FileReport } from "./formatDiagnosticsJson.js";

/**
 * The last line of `robokit validate`, for robot and parameter files alike: how many files are
 * valid or invalid, with the errors, and the warnings either way (a warning loads but says what
 * the consumer will do, so "valid" alone would hide it). `invalid` is true when a file has an
 * error (exit 1).
 */
export function formatVerdict(reports: readonly FileReport[]): { invalid: boolean; text: string } {
  let errors = 0;
  let warnings = 0;
  let bad = 0;
  for (const r of reports) {
    const e = r.diagnostics.filter((d) => d.severity === "error").length;
    errors += e;
    if (e > 0) bad++;
    warnings += r.diagnostics.filter((d) => d.severity === "warning").length;
  }
  const warned = warnings > 0 ? `, ${warnings} warning(s)` : "";
  if (bad > 0)
    return { invalid: true, text: `${bad} of ${reports.length} file(s) invalid, ${errors} error(s)${warned}` };
  return { invalid: false, text: `${reports.length} file(s) valid${warned}` };
}
