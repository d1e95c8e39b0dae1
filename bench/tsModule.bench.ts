// A robot written in TypeScript against the same kind of robot bundled: `robokit build cart.ts`
// (the README's cart, as a user's file in a folder of its own) over `robokit build cart` (the
// bundled example), as a ratio of medians of interleaved runs in one process tree, so machine
// load hits both alike. The .ts robot is measured with its stripped code cached (a rebuild of
// an unchanged file) and with an empty cache on every run (the first build after an edit).
// Both wall time and CPU time (user + system, from /usr/bin/time) are shown: on a machine shared
// with other work, CPU time is what the command itself cost.
// "before" is the same pair on the CLI built from BEFORE_COMMIT (the tsx loader) in a temporary
// git worktree, or from ROBOKIT_BENCH_BEFORE_BIN (a robokit.cjs) when set.
// ROBOKIT_BENCH_SMOKE=1: one run of each, no "before".
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

import { readmeCart, TS_MODULE_RATIOS } from "./support/tsModuleBuild.js";
import { median } from "./support/median.js";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..");
const smoke = process.env["ROBOKIT_BENCH_SMOKE"] === "1";
const RUNS = smoke ? 1 : 11;
/** The last commit whose CLI loaded .ts robots through tsx. */
const BEFORE_COMMIT = "07bc60b";
const after = join(repo, "dist", "src", "bundle", "robokit.cjs");

/** One run: wall seconds and CPU seconds (user + system). */
interface Time {
  readonly wall: number;
  readonly cpu: number;
}

function seconds(argv: readonly string[], cwd: string, env: NodeJS.ProcessEnv): Time {
  const t = performance.now();
  const r = spawnSync("/usr/bin/time", ["-f", "RKCPU %U %S", process.execPath, ...argv], {
    cwd,
    env,
    encoding: "utf8",
  });
  const wall = (performance.now() - t) / 1000;
  if (r.status !== 0) throw new Error(`${argv.join(" ")} failed:\n${r.stderr}`);
  const m = /RKCPU ([\d.]+) ([\d.]+)/.exec(r.stderr);
  return { wall, cpu: m === null ? Number.NaN : Number(m[1]) + Number(m[2]) };
}

interface Row {
  readonly label: string;
  readonly cart: Time;
  readonly cached: Time;
  readonly uncached: Time;
}

const medians = (times: readonly Time[]): Time => ({
  wall: median(times.map((t) => t.wall)),
  cpu: median(times.map((t) => t.cpu)),
});

/** Medians of `build cart`, `build cart.ts` (cache kept) and `build cart.ts` (cache emptied), interleaved. */
function measure(label: string, bin: string, work: string): Row {
  const cache = join(work, `cache-${label}`);
  const env = { ...process.env, ROBOKIT_CACHE_DIR: cache };
  const cmds = {
    cart: [bin, "build", "cart", "--out", join(work, "out-cart")],
    ts: [bin, "build", "cart.ts", "--out", join(work, "out-ts")],
  };
  const times = { cart: [] as Time[], cached: [] as Time[], uncached: [] as Time[] };
  // Warm-up (and the first fill of the cache).
  seconds(cmds.cart, work, env);
  seconds(cmds.ts, work, env);
  for (let i = 0; i < RUNS; i++) {
    times.cart.push(seconds(cmds.cart, work, env));
    times.cached.push(seconds(cmds.ts, work, env));
    rmSync(cache, { recursive: true, force: true });
    times.uncached.push(seconds(cmds.ts, work, env));
  }
  return { label, cart: medians(times.cart), cached: medians(times.cached), uncached: medians(times.uncached) };
}

/** robokit.cjs built from BEFORE_COMMIT in a temporary worktree (removed afterwards by the caller). */
function buildBefore(work: string): { bin: string; cleanup: () => void } {
  const given = process.env["ROBOKIT_BENCH_BEFORE_BIN"];
  if (given !== undefined && given !== "") return { bin: given, cleanup: () => undefined };
  const tree = join(work, "before");
  const git = (...args: string[]): void => {
    const r = spawnSync("git", ["-C", repo, ...args], { encoding: "utf8" });
    if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  };
  git("worktree", "add", "--detach", tree, BEFORE_COMMIT);
  const cleanup = (): void => git("worktree", "remove", "--force", tree);
  symlinkSync(join(repo, "node_modules"), join(tree, "node_modules"));
  for (const step of [
    ["node_modules/.bin/tsc", "-p", "tsconfig.build.json"],
    ["node", "scripts/bundle-cli.mjs"],
  ]) {
    const r = spawnSync(step[0] ?? "", step.slice(1), { cwd: tree, encoding: "utf8" });
    if (r.status !== 0) {
      cleanup();
      throw new Error(`${step.join(" ")} failed in ${tree}:\n${r.stdout}${r.stderr}`);
    }
  }
  return { bin: join(tree, "dist", "src", "bundle", "robokit.cjs"), cleanup };
}

export async function runBench(): Promise<void> {
  const work = mkdtempSync(join(tmpdir(), "robokit-bench-ts-"));
  writeFileSync(join(work, "cart.ts"), readmeCart(repo));
  const rows: Row[] = [];
  try {
    if (!smoke) {
      const before = buildBefore(work);
      const given = process.env["ROBOKIT_BENCH_BEFORE_BIN"];
      try {
        rows.push(measure(given ? `before (${given})` : `before (${BEFORE_COMMIT}, tsx)`, before.bin, work));
      } finally {
        before.cleanup();
      }
    }
    rows.push(measure("after (amaro, in process)", after, work));
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const f = (s: number): string => s.toFixed(3);
  console.log(`${RUNS} interleaved runs each, medians, seconds (wall / CPU)\n`);
  console.log(
    "| CLI | build cart | build cart.ts (cached) | ratio wall / CPU | build cart.ts (empty cache) | ratio wall / CPU |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: |");
  for (const r of rows) {
    const t = (x: Time): string => `${f(x.wall)} / ${f(x.cpu)}`;
    const ratio = (x: Time): string => `${(x.wall / r.cart.wall).toFixed(2)}× / ${(x.cpu / r.cart.cpu).toFixed(2)}×`;
    console.log(
      `| ${r.label} | ${t(r.cart)} | ${t(r.cached)} | ${ratio(r.cached)} | ${t(r.uncached)} | ${ratio(r.uncached)} |`,
    );
  }
  const now = rows.at(-1);
  if (now === undefined) return;
  const verdict = (x: Time, target: number): string =>
    `${(x.wall / now.cart.wall).toFixed(2)}× (target ≤ ${target}×: ${x.wall / now.cart.wall <= target ? "met" : "not met"})`;
  console.log(
    `\nbuild cart.ts over build cart, wall: cached ${verdict(now.cached, TS_MODULE_RATIOS.cached.target)}, ` +
      `empty cache ${verdict(now.uncached, TS_MODULE_RATIOS.emptyCache.target)}`,
  );
}
