import { formatNumber } from "../../util/formatNumber.js";
import type { SweepTable } from "./sweepTable.js";
import { escapeMarkdown } from "../../util/escapeMarkdown.js";

/** Statistics of one column over the runs (its finite values only). */
export interface ColumnStatistics {
  /** Runs with a finite value. */
  readonly n: number;
  readonly mean: number | null;
  /** Sample standard deviation (n − 1), null below 2 values. */
  readonly std: number | null;
  readonly min: number | null;
  readonly max: number | null;
}

/**
 * Mean, sample standard deviation, min and max of every column after run and seed (a failed
 * run's metrics are empty, so only the runs that simulated count in them).
 */
export function sweepStatistics(
  table: Pick<SweepTable, "header" | "rows">,
): { readonly name: string; readonly stats: ColumnStatistics }[] {
  return table.header.slice(2).map((name, i) => {
    const xs = table.rows.map((r) => r[i + 2] as number).filter((v) => Number.isFinite(v));
    const n = xs.length;
    if (n === 0) return { name, stats: { n, mean: null, std: null, min: null, max: null } };
    // Summed in run order, whatever order the runs finished in. Deviations from the first value
    // are summed, not the values: a column whose runs agree then has exactly that mean and a std
    // of 0 (a plain sum of 100 × 31.42 s gave ± 4e-14), and rounding stays within min and max.
    const min = Math.min(...xs);
    const max = Math.max(...xs);
    const x0 = xs[0] as number;
    const shifted = x0 + xs.reduce((s, v) => s + (v - x0), 0) / n;
    const mean = Math.min(max, Math.max(min, shifted));
    const std = n > 1 ? Math.sqrt(xs.reduce((s, v) => s + (v - mean) ** 2, 0) / (n - 1)) : null;
    return { name, stats: { n, mean, std, min, max } };
  });
}

/** What the summary files say about the sweep besides its statistics. */
export interface SweepSummaryHeader {
  readonly robot: string;
  readonly scenario: string;
  readonly runs: number;
  readonly seedBase: number;
  readonly parameters: readonly string[];
}

/**
 * summary.json and summary.md of a sweep, from its runs.csv table (sorted by run). Both list
 * the failed runs by index (summary.json: `failedRuns`, empty when none failed).
 */
export function sweepSummary(
  head: SweepSummaryHeader,
  table: SweepTable,
): { readonly json: string; readonly markdown: string } {
  const sorted: SweepTable = {
    ...table,
    rows: [...table.rows].sort((a, b) => (a[0] as number) - (b[0] as number)),
  };
  const stats = sweepStatistics(sorted);
  const failedRuns = sorted.rows.map((r) => r[0] as number).filter((run) => table.errors.has(run));
  const round = (v: number | null): number | null => (v === null ? null : Number(formatNumber(v)));
  const json = `${JSON.stringify(
    {
      ...head,
      failedRuns,
      columns: Object.fromEntries(
        stats.map(({ name, stats: s }) => [
          name,
          { n: s.n, mean: round(s.mean), std: round(s.std), min: round(s.min), max: round(s.max) },
        ]),
      ),
    },
    null,
    2,
  )}\n`;
  const f = (v: number | null): string => (v === null ? "–" : Number(v.toPrecision(4)).toString());
  const lines = [
    `# Sweep: ${escapeMarkdown(head.robot)}, ${escapeMarkdown(head.scenario)}`,
    "",
    `${head.runs} runs, seeds ${head.seedBase}…${head.seedBase + head.runs - 1}${head.parameters.length > 0 ? `, varying ${head.parameters.map(escapeMarkdown).join(", ")}` : " (sensor noise only)"}.`,
    "",
    ...(failedRuns.length > 0
      ? [`${failedRuns.length} ${failedRuns.length === 1 ? "run" : "runs"} failed: ${failedRuns.join(", ")}.`, ""]
      : []),
    "| column | n | mean ± std | min | max |",
    "| --- | ---: | --- | ---: | ---: |",
    ...stats.map(
      ({ name, stats: s }) =>
        `| ${escapeMarkdown(name)} | ${s.n} | ${f(s.mean)} ± ${f(s.std)} | ${f(s.min)} | ${f(s.max)} |`,
    ),
    "",
  ];
  return { json, markdown: lines.join("\n") };
}
