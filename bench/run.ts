// Runs every bench/*.bench.ts in name order (or those named on the command line). Each bench
// module exports `runBench(): Promise<void>` and prints its own table. With more than one
// bench, each runs in its own Node process, so one bench's heap and peak RSS do not leak
// into the next one's figures.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((f) => f.endsWith(".bench.ts"))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();
if (files.length === 0) throw new Error(`no bench matches ${wanted.join(", ")}`);

if (files.length > 1) {
  for (const file of files) {
    const r = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), file], {
      stdio: "inherit",
    });
    if (r.status !== 0) process.exit(r.status ?? 1);
  }
} else {
  const file = files[0]!;
  console.log(`\n## ${file}\n`);
  const mod = (await import(pathToFileURL(join(here, file)).href)) as { runBench?: () => Promise<void> };
  if (typeof mod.runBench !== "function") throw new Error(`${file} does not export runBench()`);
  await mod.runBench();
}
