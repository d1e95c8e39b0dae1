// @alone: times whole processes as ratios of each other; other tests' load would skew them.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

import { STARTUP_COMMANDS } from "../../bench/support/startupCommands.js";
import { median } from "../../bench/support/median.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "dist", "src", "bundle", "robokit.cjs");
/** Rounds per command: each round runs bare node and every command once, in turn. */
const ROUNDS = 9;

function wallSeconds(argv: readonly string[]): number {
  const t = process.hrtime.bigint();
  const r = spawnSync(process.execPath, argv, { cwd: root, stdio: "ignore", timeout: 120_000 });
  // 1 is a verdict (the small URDF has an error libsdformat would refuse); anything else is a failure to run.
  if (r.status !== 0 && r.status !== 1) throw new Error(`${argv.join(" ")} exited ${r.status}`);
  return Number(process.hrtime.bigint() - t) / 1e9;
}

// Start-up as a ratio against `node -e 0` in the same run: commands interleaved round by round
// (after one warm-up each), so load on the machine hits every command alike; medians of the
// rounds. A budget (bench/support/startupCommands.ts) has headroom for a loaded 2-core machine;
// bench/startup.bench.ts reports the same ratios against their targets.
describe.skipIf(!existsSync(bin))("start-up budgets (ratios against node -e 0)", () => {
  const scratch = mkdtempSync(join(tmpdir(), "robokit-startup-budget-"));
  afterAll(() => rmSync(scratch, { recursive: true, force: true }));

  it("keeps every command within its budget", { timeout: 600_000 }, () => {
    const runs = [["-e", "0"], ...STARTUP_COMMANDS.map((c) => [bin, ...c.args(root, scratch)])];
    for (const argv of runs) wallSeconds(argv);
    const times = runs.map((): number[] => []);
    for (let round = 0; round < ROUNDS; round++) runs.forEach((argv, i) => times[i]!.push(wallSeconds(argv)));
    const node = median(times[0]!);
    const ratios = STARTUP_COMMANDS.map((c, i) => ({
      label: c.label,
      ratio: Number((median(times[i + 1]!) / node).toFixed(2)),
      budget: c.budget,
    }));
    console.log(ratios.map((r) => `${r.label}: ${r.ratio}× (budget ${r.budget}×)`).join("\n"));
    expect(ratios.filter((r) => r.ratio > r.budget)).toEqual([]);
  });
});
