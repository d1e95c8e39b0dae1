import { formatNumber } from "../../util/formatNumber.js";
import type { SweepRow } from "./SweepRow.js";

/** `runs.csv` read back: its columns and one numeric array per row (NaN for an empty cell). */
export interface SweepTable {
  readonly header: readonly string[];
  readonly rows: readonly (readonly number[])[];
}

/** A cell: the canonical number, or empty for NaN (an axis never commanded). */
function cell(v: number): string {
  return Number.isNaN(v) ? "" : formatNumber(v);
}

/**
 * `runs.csv` text: header `run,seed,<parameters>,<metrics>`, then one line per row, sorted by
 * run index. Numbers use the one formatter (15 significant digits), so text read back and
 * written again is byte-identical: merged shards give the very bytes of one unsharded run.
 */
export function sweepCsv(parameters: readonly string[], rows: readonly SweepRow[]): string {
  const sorted = [...rows].sort((a, b) => a.run - b.run);
  const metricNames = sorted[0]?.metricNames ?? [];
  const lines = [["run", "seed", ...parameters, ...metricNames].join(",")];
  for (const r of sorted)
    lines.push([String(r.run), String(r.seed), ...r.values.map(cell), ...r.metrics.map(cell)].join(","));
  return `${lines.join("\n")}\n`;
}

/**
 * Reads `runs.csv` text as {@link sweepCsv} writes it.
 * @throws RangeError naming the line of a malformed row.
 */
export function parseSweepCsv(text: string): SweepTable {
  const lines = text.split("\n");
  if (lines[lines.length - 1] === "") lines.pop();
  const header = (lines[0] ?? "").split(",");
  if (header[0] !== "run" || header[1] !== "seed")
    throw new RangeError("line 1: expected a header starting with run,seed");
  const rows = lines.slice(1).map((line, i) => {
    const cells = line.split(",");
    if (cells.length !== header.length)
      throw new RangeError(`line ${i + 2}: ${cells.length} cells, the header has ${header.length}`);
    return cells.map((c, k) => {
      if (c === "" && k >= 2) return NaN;
      const v = Number(c);
      if (c === "" || !Number.isFinite(v))
        throw new RangeError(`line ${i + 2}, column ${header[k] ?? k}: "${c}" is not a number`);
      return v;
    });
  });
  return { header, rows };
}

/** Re-writes a parsed table as {@link sweepCsv} would (rows sorted by run index). */
export function formatSweepTable(table: SweepTable): string {
  const rows = [...table.rows].sort((a, b) => (a[0] as number) - (b[0] as number));
  return `${[table.header.join(","), ...rows.map((r) => r.map((v, k) => (k < 2 ? String(v) : cell(v))).join(","))].join("\n")}\n`;
}
