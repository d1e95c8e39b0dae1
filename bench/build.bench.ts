// Model check + URDF emission on synthetic robots of growing size, and the wall time of
// `robokit build mario` as a user runs it (compiled CLI, new process each time).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { emitUrdf } from "../src/emit/urdf/emitUrdf.js";
import { checkRobot } from "../src/model/checkRobot.js";
import { syntheticRobot } from "./support/syntheticRobot.js";
import { median } from "./support/median.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");

function timeMs(run: () => void, repeats: number): number {
  const times: number[] = [];
  for (let i = 0; i < repeats; i++) {
    const t0 = process.hrtime.bigint();
    run();
    times.push(Number(process.hrtime.bigint() - t0) / 1e6);
  }
  return median(times);
}

/** Runs the build benchmark and prints markdown tables. */
export async function runBench(): Promise<void> {
  console.log("| links | checkRobot (ms) | emitUrdf (ms) | URDF size (KiB) | heap after (MiB) |");
  console.log("|---:|---:|---:|---:|---:|");
  const rows: { n: number; check: number; emit: number }[] = [];
  for (const n of [100, 1_000, 10_000]) {
    const robot = syntheticRobot(n);
    const repeats = n >= 10_000 ? 3 : 7;
    const check = timeMs(() => checkRobot(robot), repeats);
    let text = "";
    const emit = timeMs(() => {
      text = emitUrdf(robot);
    }, repeats);
    globalThis.gc?.();
    const heap = process.memoryUsage().heapUsed / 2 ** 20;
    rows.push({ n, check, emit });
    console.log(
      `| ${n} | ${check.toFixed(1)} | ${emit.toFixed(1)} | ${(text.length / 1024).toFixed(0)} | ${heap.toFixed(0)} |`,
    );
  }
  const [a, b, c] = rows;
  if (a !== undefined && b !== undefined && c !== undefined) {
    console.log(
      `\nGrowth per 10× links: check ${(b.check / a.check).toFixed(1)}×, ${(c.check / b.check).toFixed(1)}×; emit ${(b.emit / a.emit).toFixed(1)}×, ${(c.emit / b.emit).toFixed(1)}× (linear = 10×).`,
    );
  }

  const cli = join(root, "dist", "src", "cli", "main.js");
  const out = mkdtempSync(join(tmpdir(), "robokit-bench-"));
  const wall = timeMs(() => {
    const r = spawnSync(process.execPath, [cli, "build", "mario", "--out", out], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`robokit build mario failed: ${r.stderr}`);
  }, 5);
  rmSync(out, { recursive: true, force: true });
  console.log(`\n\`robokit build mario\` (new process, compiled CLI, median of 5): ${wall.toFixed(0)} ms wall time.`);
}
