import type { SweepManifest } from "./SweepManifest.js";
import { formatSweepTable, parseSweepCsv, type SweepTable } from "./sweepTable.js";

/** One shard folder's content, as the CLI read it. */
export interface SweepPart {
  /** Where it came from (for messages). */
  readonly name: string;
  readonly manifest: SweepManifest;
  readonly runsCsv: string;
}

/** The keys every shard of one sweep must agree on. */
const SAME: readonly (keyof SweepManifest)[] = [
  "format",
  "robokitVersion",
  "robot",
  "robotSha256",
  "scenario",
  "scenarioSha256",
  "parameters",
  "variationSha256",
  "seedBase",
  "runs",
  "duration",
  "rate",
];

/**
 * Merges shard folders into one sweep, or says why not: every part must come from the same
 * robot, scenario, variation, seed base, run count, options and robokit version; each
 * part's runs.csv must match its manifest (hash and run indices), and together they must hold
 * every run 0…N−1 exactly once. Failed runs keep their error column. Pure: the hash function is injected.
 *
 * @returns the merged runs.csv text and table (rows sorted by run) and its manifest, or the
 *   problems found (each naming the part).
 */
export function mergeSweeps(
  parts: readonly SweepPart[],
  sha256: (text: string) => string,
):
  | { readonly ok: true; readonly runsCsv: string; readonly table: SweepTable; readonly manifest: SweepManifest }
  | { readonly ok: false; readonly problems: readonly string[] } {
  const problems: string[] = [];
  const first = parts[0];
  if (first === undefined) return { ok: false, problems: ["no shard folders given"] };
  const owner = new Map<number, string>();
  let header: readonly string[] | undefined;
  const rows: (readonly number[])[] = [];
  const errors = new Map<number, string>();
  for (const part of parts) {
    const m = part.manifest;
    for (const key of SAME) {
      if (JSON.stringify(m[key]) !== JSON.stringify(first.manifest[key])) {
        problems.push(
          `${part.name}: ${key} is ${JSON.stringify(m[key])}, but ${first.name} has ${JSON.stringify(first.manifest[key])}`,
        );
      }
    }
    if (sha256(part.runsCsv) !== m.runsCsvSha256) {
      problems.push(`${part.name}: runs.csv does not match its manifest's hash (edited or truncated?)`);
      continue;
    }
    let table: SweepTable;
    try {
      table = parseSweepCsv(part.runsCsv);
    } catch (error) {
      problems.push(`${part.name}: runs.csv ${(error as Error).message}`);
      continue;
    }
    // A shard with no runs (more shards than runs) has no metric columns to compare.
    if (table.rows.length > 0) {
      if (header === undefined) header = table.header;
      else if (table.header.join(",") !== header.join(","))
        problems.push(`${part.name}: runs.csv has other columns than the other shards'`);
    }
    const indices = table.rows.map((r) => r[0] as number);
    if (indices.join(",") !== m.runIndices.join(","))
      problems.push(
        `${part.name}: runs.csv holds runs ${indices.join(",")}, its manifest lists ${m.runIndices.join(",")}`,
      );
    for (const row of table.rows) {
      const run = row[0] as number;
      const seen = owner.get(run);
      if (seen !== undefined) problems.push(`run ${run} is in both ${seen} and ${part.name}`);
      else if (!(Number.isInteger(run) && run >= 0 && run < m.runs))
        problems.push(`${part.name}: run ${run} is outside 0…${m.runs - 1}`);
      else if (row[1] !== m.seedBase + run)
        problems.push(`${part.name}: run ${run} has seed ${row[1]}, expected ${m.seedBase + run}`);
      else {
        owner.set(run, part.name);
        rows.push(row);
        const error = table.errors.get(run);
        if (error !== undefined) errors.set(run, error);
      }
    }
  }
  const missing: number[] = [];
  for (let r = 0; r < first.manifest.runs; r++) if (!owner.has(r)) missing.push(r);
  if (missing.length > 0)
    problems.push(
      `missing runs: ${missing.length > 20 ? `${missing.slice(0, 20).join(", ")}, … (${missing.length} in all)` : missing.join(", ")}`,
    );
  if (problems.length > 0 || header === undefined)
    return { ok: false, problems: problems.length > 0 ? problems : ["no runs"] };
  const table: SweepTable = { header, rows: rows.sort((a, b) => (a[0] as number) - (b[0] as number)), errors };
  const runsCsv = formatSweepTable(table);
  const manifest: SweepManifest = {
    ...first.manifest,
    shard: { index: 0, count: 1 },
    runIndices: table.rows.map((r) => r[0] as number),
    runsCsvSha256: sha256(runsCsv),
  };
  return { ok: true, runsCsv, table, manifest };
}
