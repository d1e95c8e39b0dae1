// Prints docs/sweeps.md's "MARIO against Sharifi et al. (2018) Table 1" table from sweep
// folders written by `robokit sim mario --runs N …`: per axis, each sweep's odometry velocity
// error as mean ± sample std (min–max) over its runs, beside the paper's figures
// (PUBLISHED_RESULTS); then each sweep's truth errors and drift, for the prose.
// Usage: npx tsx scripts/sweep-table1.ts DIR…   (each DIR holds a sweep's summary.json)
import { readFileSync } from "node:fs";
import { join } from "node:path";

import { PUBLISHED_RESULTS } from "../src/sim/publishedResults.js";

interface Column {
  readonly n: number;
  readonly mean: number;
  readonly std: number | null;
  readonly min: number;
  readonly max: number;
}
interface Summary {
  readonly scenario: string;
  readonly runs: number;
  readonly seedBase: number;
  readonly parameters: readonly string[];
  readonly columns: Readonly<Record<string, Column>>;
}

const dirs = process.argv.slice(2);
if (dirs.length === 0) throw new Error("usage: npx tsx scripts/sweep-table1.ts DIR…");
const sweeps = dirs.map((d) => JSON.parse(readFileSync(join(d, "summary.json"), "utf8")) as Summary);
const label = (s: Summary): string => `\`${s.scenario}\`, ${s.parameters.length === 0 ? "seeds only" : "plant varied"}`;
const column = (s: Summary, name: string): Column => {
  const c = s.columns[name];
  if (c === undefined) throw new Error(`${s.scenario}: no column ${name}`);
  return c;
};
// A std below 1e-9 of the mean is the rounding of identical runs: print it as 0.
const spread = (c: Column, d: number): string =>
  `${c.mean.toFixed(d)} ± ${(c.std === null || c.std < 1e-9 * Math.abs(c.mean) ? 0 : c.std).toFixed(d)}`;
const cell = (c: Column, d = 2): string => `${spread(c, d)} (${c.min.toFixed(d)}–${c.max.toFixed(d)})`;

const axes = [
  ["v_x", "vx"],
  ["v_y", "vy"],
  ["θ̇", "omega"],
] as const;
const paper = PUBLISHED_RESULTS.marioTable1;
console.log(
  `| axis | ${sweeps.map(label).join(" | ")} | Sharifi et al. (2018) simulation | Sharifi et al. (2018) real robot |`,
);
console.log(`| --- | ${sweeps.map(() => "---").join(" | ")} | ---: | ---: |`);
for (const [name, key] of axes)
  console.log(
    `| ${name} | ${sweeps.map((s) => cell(column(s, `${key}_error_odometry_pct`))).join(" | ")} | ${paper.simulation[key]} | ${paper.real[key]} |`,
  );
console.log("");
for (const s of sweeps) {
  const truth = axes.map(([n, k]) => `${n} ${spread(column(s, `${k}_error_truth_pct`), 2)}`).join(", ");
  console.log(
    `- ${label(s)} (${s.runs} runs, seeds ${s.seedBase}…${s.seedBase + s.runs - 1}): truth ${truth} %; drift ${spread(column(s, "drift_position_m"), 3)} m and ${spread(column(s, "drift_heading_rad"), 3)} rad over ${spread(column(s, "distance_m"), 2)} m.`,
  );
}
