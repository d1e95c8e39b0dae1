// @alone: times whole processes as ratios of each other; other tests' load would skew them.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

import { readmeCart, TS_MODULE_RATIOS } from "../../bench/support/tsModuleBuild.js";
import { median } from "../../bench/support/median.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "dist", "src", "bundle", "robokit.cjs");
/** Rounds: each runs `build cart`, `build cart.ts` cached and `build cart.ts` with an emptied cache. */
const ROUNDS = 9;

// `build cart.ts` as a ratio against `build cart` in the same rounds (interleaved, after a warm-up
// each; medians), with its stripped code cached and with an empty cache: the ratios
// bench/tsModule.bench.ts reports against their targets, held here to budgets with headroom for
// noise (bench/support/tsModuleBuild.ts).
describe.skipIf(!existsSync(bin))("a .ts robot's build budget (ratios against the bundled robot's)", () => {
  const work = mkdtempSync(join(tmpdir(), "robokit-ts-budget-"));
  afterAll(() => rmSync(work, { recursive: true, force: true }));

  it("keeps build cart.ts within its budgets, cached and after an edit", { timeout: 600_000 }, () => {
    writeFileSync(join(work, "cart.ts"), readmeCart(root));
    const cache = join(work, "cache");
    const wall = (...args: string[]): number => {
      const t = process.hrtime.bigint();
      const r = spawnSync(process.execPath, [bin, ...args], {
        cwd: work,
        env: { ...process.env, ROBOKIT_CACHE_DIR: cache },
        stdio: "ignore",
        timeout: 120_000,
      });
      if (r.status !== 0) throw new Error(`robokit ${args.join(" ")} exited ${r.status}`);
      return Number(process.hrtime.bigint() - t) / 1e9;
    };
    const cart = (): number => wall("build", "cart", "--out", join(work, "out-cart"));
    const module = (): number => wall("build", "cart.ts", "--out", join(work, "out-ts"));
    cart();
    module();
    const times = { cart: [] as number[], cached: [] as number[], emptyCache: [] as number[] };
    for (let round = 0; round < ROUNDS; round++) {
      times.cart.push(cart());
      times.cached.push(module());
      rmSync(cache, { recursive: true, force: true });
      times.emptyCache.push(module());
    }
    const base = median(times.cart);
    const ratios = (["cached", "emptyCache"] as const).map((state) => ({
      state,
      ratio: Number((median(times[state]) / base).toFixed(2)),
      budget: TS_MODULE_RATIOS[state].budget,
    }));
    console.log(ratios.map((r) => `build cart.ts, ${r.state}: ${r.ratio}× (budget ${r.budget}×)`).join("\n"));
    expect(ratios.filter((r) => r.ratio > r.budget)).toEqual([]);
  });
});
