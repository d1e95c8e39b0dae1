import { csvField } from "../../util/csvField.js";
import { formatNumber } from "../../util/formatNumber.js";
import type { SweepRow } from "./SweepRow.js";

/**
 * `runs.csv` read back: its numeric columns (run, seed, parameters, metrics; without the final
 * `error` column) with one numeric array per row (NaN for an empty cell), and the error of each
 * failed run by run index.
 */
export interface SweepTable {
  readonly header: readonly string[];
  readonly rows: readonly (readonly number[])[];
  /** Run index → its error (one line); runs that simulated are absent. */
  readonly errors: ReadonlyMap<number, string>;
}

/** A cell: the canonical number, or empty for NaN (an axis never commanded, a failed run). */
function cell(v: number): string {
  return Number.isNaN(v) ? "" : formatNumber(v);
}

/**
 * `runs.csv` text: header `run,seed,<parameters>,<metrics>,error`, then one line per row,
 * sorted by run index. A failed run has empty metric cells and its error (quoted as CSV when
 * it holds a comma or quote) in the last column, which is empty for a run that simulated.
 * Numbers use the one formatter (15 significant digits), so text read back and written again
 * is byte-identical: merged shards give the very bytes of one unsharded run.
 */
export function sweepCsv(parameters: readonly string[], rows: readonly SweepRow[]): string {
  const sorted = [...rows].sort((a, b) => a.run - b.run);
  const metricNames = sorted[0]?.metricNames ?? [];
  const lines = [["run", "seed", ...parameters, ...metricNames, "error"].join(",")];
  for (const r of sorted) {
    const metrics = metricNames.map((_, i) => r.metrics[i] ?? NaN);
    lines.push(
      [String(r.run), String(r.seed), ...r.values.map(cell), ...metrics.map(cell), csvField(r.error ?? "")].join(","),
    );
  }
  return `${lines.join("\n")}\n`;
}

/** A column of runs.csv: run, seed, a `--vary` parameter name or a metric name (never a formula). */
const COLUMN_NAME = /^[A-Za-z_][A-Za-z0-9_.:/*-]*$/;

/** The text of a CSV field as {@link csvField} wrote it, or undefined when it is not such a field. */
function unquote(field: string): string | undefined {
  if (!field.startsWith('"')) return /["\r\n]/.test(field) ? undefined : field;
  if (field.length < 2 || !field.endsWith('"')) return undefined;
  const inner = field.slice(1, -1);
  return inner.replace(/""/g, "").includes('"') ? undefined : inner.replace(/""/g, '"');
}

/**
 * Reads `runs.csv` text as {@link sweepCsv} writes it (a file without the final `error`
 * column, from before failed runs were kept, reads as one with no failures).
 * @throws RangeError naming the line of a malformed row.
 */
export function parseSweepCsv(text: string): SweepTable {
  const cr = text.indexOf("\r");
  if (cr >= 0)
    throw new RangeError(
      `line ${text.slice(0, cr).split("\n").length}: a carriage return (CRLF line ends); robokit writes runs.csv with LF`,
    );
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const all = (lines[0] ?? "").split(",");
  if (all[0] !== "run" || all[1] !== "seed") throw new RangeError("line 1: expected a header starting with run,seed");
  for (const name of all)
    if (!COLUMN_NAME.test(name))
      throw new RangeError(
        `line 1: column "${name.length > 40 ? `${name.slice(0, 40)}…` : name}" is not a parameter or metric name`,
      );
  const hasError = all[all.length - 1] === "error";
  const header = hasError ? all.slice(0, -1) : all;
  const errors = new Map<number, string>();
  const rows = lines.slice(1).map((line, i) => {
    let numeric = line;
    let error = "";
    if (hasError) {
      // Numbers hold no commas: the error is whatever follows the header.length-th comma.
      let at = -1;
      for (let c = 0; c < header.length && (c === 0 || at >= 0); c++) at = line.indexOf(",", at + 1);
      if (at < 0) throw new RangeError(`line ${i + 2}: fewer cells than the header's ${all.length}`);
      numeric = line.slice(0, at);
      const e = unquote(line.slice(at + 1));
      if (e === undefined) throw new RangeError(`line ${i + 2}, column error: not a CSV field`);
      error = e;
    }
    const cells = numeric.split(",");
    if (cells.length !== header.length)
      throw new RangeError(`line ${i + 2}: ${cells.length + (hasError ? 1 : 0)} cells, the header has ${all.length}`);
    const row = cells.map((c, k) => {
      if (c === "" && k >= 2) return NaN;
      const v = Number(c);
      if (c === "" || !Number.isFinite(v))
        throw new RangeError(`line ${i + 2}, column ${header[k] ?? k}: "${c}" is not a number`);
      return v;
    });
    if (error !== "") errors.set(row[0] as number, error);
    return row;
  });
  return { header, rows, errors };
}

/** Re-writes a parsed table as {@link sweepCsv} would (rows sorted by run index). */
export function formatSweepTable(table: SweepTable): string {
  const rows = [...table.rows].sort((a, b) => (a[0] as number) - (b[0] as number));
  const line = (r: readonly number[]): string =>
    [...r.map((v, k) => (k < 2 ? String(v) : cell(v))), csvField(table.errors.get(r[0] as number) ?? "")].join(",");
  return `${[[...table.header, "error"].join(","), ...rows.map(line)].join("\n")}\n`;
}
