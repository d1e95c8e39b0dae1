// What the controller checks cost (docs/controllers.md): `robokit validate` as whole processes
// (the bin) on a controller file, on its robot and on both, beside `node -e 0`, interleaved run
// by run, medians of 9; and in process, the first check (which reads the distro's definitions)
// and a warm one. Needs `npm run build` (npm run bench does it).
import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

import { mario } from "../examples/mario/mario.js";
import { buildArtifacts } from "../src/emit/buildArtifacts.js";
import { checkControllerParameters } from "../src/validate/index.js";
import { median } from "./support/median.js";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(repo, "dist", "src", "bundle", "robokit.cjs");
const RUNS = 9;

function seconds(argv: readonly string[]): number {
  const t = performance.now();
  spawnSync(process.execPath, argv, { cwd: repo, stdio: "ignore" });
  return (performance.now() - t) / 1000;
}

/** Prints the table. */
export async function runBench(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), "robokit-bench-controllers-"));
  const files = buildArtifacts(mario, { target: "gz", distro: "jazzy" });
  const yaml = files.find((f) => f.path.endsWith("_controllers.yaml"))!;
  const urdf = files.find((f) => f.path.endsWith(".urdf"))!;
  const yamlPath = join(dir, "mario_controllers.yaml");
  const urdfPath = join(dir, "mario.urdf");
  writeFileSync(yamlPath, String(yaml.content));
  writeFileSync(urdfPath, String(urdf.content));
  const rows: [string, string[]][] = [
    ["node -e 0", ["-e", "0"]],
    ["validate mario.urdf", [bin, "validate", urdfPath]],
    ["validate mario_controllers.yaml", [bin, "validate", yamlPath]],
    ["validate mario_controllers.yaml mario.urdf (with robot checks)", [bin, "validate", yamlPath, urdfPath]],
  ];
  const times = rows.map(() => [] as number[]);
  for (const [, argv] of rows) seconds(argv);
  for (let run = 0; run < RUNS; run++) rows.forEach(([, argv], i) => times[i]!.push(seconds(argv)));
  const base = median(times[0]!);
  console.log("| process | median s | vs node -e 0 |\n|---|---|---|");
  rows.forEach(([label], i) => {
    const m = median(times[i]!);
    console.log(`| ${label} | ${m.toFixed(3)} | ${(m / base).toFixed(2)}x |`);
  });
  const input = [{ path: "mario_controllers.yaml", text: String(yaml.content) }];
  let t = performance.now();
  checkControllerParameters(input);
  const first = performance.now() - t;
  const warm: number[] = [];
  for (let i = 0; i < 50; i++) {
    t = performance.now();
    checkControllerParameters(input);
    warm.push(performance.now() - t);
  }
  t = performance.now();
  checkControllerParameters(input, { robot: { path: "mario.urdf", text: String(urdf.content) } });
  const withRobot = performance.now() - t;
  console.log(
    `\nin process: first check ${first.toFixed(1)} ms (reads data/controller-definitions/jazzy.json), warm ${median(warm).toFixed(2)} ms, with the robot ${withRobot.toFixed(1)} ms`,
  );
  sizeRatios();
}

/** One node block of `n` parameters, one repeated at the end. */
function manyParameters(n: number): string {
  const lines = ["controller_manager:", "  ros__parameters:"];
  for (let i = 0; i < n; i++) lines.push(`    p${i}: ${i}`);
  lines.push("    p0: 1");
  return `${lines.join("\n")}\n`;
}

/** Reading grows linearly with the parameter count: the time per parameter at 10,000 and at 100,000. */
function sizeRatios(): void {
  const per: number[] = [];
  // A first run warms the JIT, so that the ratio compares work, not compilation.
  checkControllerParameters([{ path: "many.yaml", text: manyParameters(10_000) }]);
  for (const n of [10_000, 100_000]) {
    const text = manyParameters(n);
    const t = performance.now();
    checkControllerParameters([{ path: "many.yaml", text }]);
    per.push((performance.now() - t) / n);
  }
  console.log(
    `\n${(per[0]! * 1000).toFixed(2)} µs per parameter at 10,000 parameters, ${(per[1]! * 1000).toFixed(2)} µs at 100,000: ratio ${(per[1]! / per[0]!).toFixed(2)} (1 is linear)`,
  );
}
