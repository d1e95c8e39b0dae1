// Writes test/realworld/CONVERT.md: robokit convert --to sdf on the real URDFs, checked with ign sdf -k and compared with ign sdf -p.
import { renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { renderConvertReport, runConvertSdf } from "../test/realworld/convertSdf.js";

const out = join(dirname(fileURLToPath(import.meta.url)), "..", "test", "realworld", "CONVERT.md");
const rows = await runConvertSdf();
writeFileSync(`${out}.tmp`, renderConvertReport(rows));
renameSync(`${out}.tmp`, out);
console.log(
  `${rows.filter((r) => r.written && r.ignError === "").length}/${rows.length} accepted by ign sdf -k; written ${out}`,
);
