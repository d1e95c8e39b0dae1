// Writes test/realworld/REPORT.md and results.json from a run over test/data/realworld.
import { renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { renderReport, renderResults, runRealworld } from "../test/realworld/realworld.js";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "test", "realworld");
const result = runRealworld();
for (const [name, text] of [
  ["REPORT.md", renderReport(result)],
  ["results.json", renderResults(result)],
] as const) {
  writeFileSync(join(out, `${name}.tmp`), text);
  renameSync(join(out, `${name}.tmp`), join(out, name));
}
const slowest = [...result.rows].sort((a, b) => b.milliseconds - a.milliseconds)[0];
const { bothAccept: a, toolRejects: r } = result;
console.log(
  `both accept: robokit errors on ${a.all.robokitErrors}/${a.all.files}; a tool rejects: robokit errors on ${r.all.robokitErrors}/${r.all.files}, +${r.all.explained} explained; slowest ${slowest?.path ?? ""} ${slowest?.milliseconds.toFixed(0) ?? ""} ms`,
);
