// Writes src/validate/rules/SEVERITY.md from the severity policy table.
import { renameSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { renderSeverityTable } from "../src/diagnostics/renderSeverityTable.js";

const target = join(dirname(fileURLToPath(import.meta.url)), "..", "src", "validate", "rules", "SEVERITY.md");
writeFileSync(`${target}.tmp`, renderSeverityTable());
renameSync(`${target}.tmp`, target);
console.log(`wrote ${target}`);
