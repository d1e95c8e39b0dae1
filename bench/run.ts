// Runs every bench/*.bench.ts in name order (or those named on the command line).
// Each bench module exports `runBench(): Promise<void>` and prints its own table.
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();
for (const file of files) {
  console.log(`\n## ${file}\n`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { runBench?: () => Promise<void> };
  if (typeof mod.runBench !== "function") throw new Error(`${file} does not export runBench()`);
  await mod.runBench();
}
