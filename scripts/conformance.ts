// Writes test/conformance/REPORT.md and results.json from a run over test/data/sdformat/corpus.
import { renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { renderReport, renderResults, runConformance } from "../test/conformance/conformance.js";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "test", "conformance");
const result = runConformance();
for (const [name, text] of [
  ["REPORT.md", renderReport(result)],
  ["results.json", renderResults(result)],
] as const) {
  writeFileSync(join(out, `${name}.tmp`), text);
  renameSync(join(out, `${name}.tmp`), join(out, name));
}
console.log(
  `SDF <= 1.9 verdicts: ${result.sdfUpTo19.agree}/${result.sdfUpTo19.files}; expected codes: ${result.codeRows.matched}/${result.codeRows.files}`,
);
