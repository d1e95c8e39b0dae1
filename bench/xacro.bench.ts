// `robokit xacro` against ROS 2's xacro (the vendored reference, run as its `xacro` script runs:
// python3 importing xacro and calling main) on the real robots of test/data/xacro: whole
// processes, one per file, each case's two commands interleaved run by run after one warm-up
// each, medians per case, then the median over the cases. Both see the same ament prefix
// (AMENT_PREFIX_PATH) holding the case's packages, as in a sourced ROS 2 workspace, and both
// write to /dev/null. ROBOKIT_BENCH_SMOKE=1: three cases, one run (not timed).
import { spawnSync } from "node:child_process";
import { cpus, loadavg, tmpdir } from "node:os";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

import {
  casePackages,
  haveReferenceXacro,
  vendorPython,
  xacroCases,
  xacroDataRoot,
  xacroExpectedRoot,
  type XacroCase,
} from "../test/xacro/xacroTestSet.js";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..");
const smoke = process.env["ROBOKIT_BENCH_SMOKE"] === "1";
const RUNS = smoke ? 1 : 5;
const bin = join(repo, "dist", "src", "bundle", "main.js");

function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  return s.length === 0
    ? Number.NaN
    : s.length % 2 === 1
      ? s[(s.length - 1) / 2]!
      : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}

/** Wall seconds of one whole process (its output to /dev/null); throws if it fails. */
function runOnce(argv: readonly string[], env: NodeJS.ProcessEnv): number {
  const t = performance.now();
  const p = spawnSync(argv[0]!, argv.slice(1), {
    cwd: repo,
    env,
    stdio: ["ignore", "ignore", "pipe"],
    encoding: "utf8",
  });
  const seconds = (performance.now() - t) / 1000;
  if (p.status !== 0) throw new Error(`${argv.join(" ")} failed (${p.status}): ${p.stderr}`);
  return seconds;
}

/** An ament prefix holding a case's packages (share/NAME links and the resource index). */
function amentPrefix(c: XacroCase, dir: string): string {
  mkdirSync(join(dir, "share", "ament_index", "resource_index", "packages"), { recursive: true });
  for (const [name, folder] of casePackages(c)) {
    writeFileSync(join(dir, "share", "ament_index", "resource_index", "packages", name), "");
    symlinkSync(folder, join(dir, "share", name));
  }
  return dir;
}

export async function runBench(): Promise<void> {
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run npm run build first`);
  if (!haveReferenceXacro()) throw new Error("the reference xacro needs ../shared/vendor/python and python3 with yaml");
  // One case per top-level file (argument variants of one robot cost alike), reference-expandable only.
  const seen = new Set<string>();
  let cases = xacroCases().filter(
    (c) => existsSync(join(xacroExpectedRoot, `${c.id}.urdf`)) && !seen.has(c.file) && seen.add(c.file) !== undefined,
  );
  if (smoke) cases = cases.slice(0, 3);
  const work = mkdtempSync(join(tmpdir(), "robokit-xacro-bench-"));
  const load0 = loadavg()[0]!;
  const started = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const rows: string[] = [];
  const ours: number[] = [];
  const theirs: number[] = [];
  try {
    cases.forEach((c, i) => {
      const env = {
        ...process.env,
        AMENT_PREFIX_PATH: amentPrefix(c, join(work, `prefix${i}`)),
        PYTHONPATH: vendorPython,
      };
      const args = Object.entries(c.args).map(([k, v]) => `${k}:=${v}`);
      const file = join(xacroDataRoot, c.file);
      const robokit = ["node", bin, "xacro", file, ...args];
      const xacro = ["/usr/bin/python3", "-c", "import xacro; xacro.main()", file, ...args];
      if (!smoke) {
        runOnce(robokit, env);
        runOnce(xacro, env);
      }
      const r: number[] = [];
      const x: number[] = [];
      for (let k = 0; k < RUNS; k++) {
        r.push(runOnce(robokit, env));
        x.push(runOnce(xacro, env));
      }
      ours.push(median(r));
      theirs.push(median(x));
      rows.push(
        `| ${c.id} | ${median(r).toFixed(3)} | ${median(x).toFixed(3)} | ${(median(x) / median(r)).toFixed(2)}× |`,
      );
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const mOurs = median(ours);
  const mTheirs = median(theirs);
  const faster = ours.filter((t, i) => t <= theirs[i]!).length;
  const text = [
    `# robokit xacro against ROS 2's xacro${smoke ? " (smoke run: three cases, one run, not timed)" : ""}`,
    "",
    `bench/xacro.bench.ts on ${started}: Node ${process.version}, ${cpus().length} cores, load average ${load0.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end. ${cases.length} real robots (one case per top-level file of test/data/xacro), whole processes, ${RUNS} interleaved runs each after a warm-up, medians.`,
    "",
    "| case | robokit xacro (s) | ROS 2 xacro (s) | xacro ÷ robokit (> 1: robokit faster) |",
    "|---|---:|---:|---:|",
    ...rows,
    "",
    `Median per robot: robokit ${mOurs.toFixed(3)} s, ROS 2's xacro ${mTheirs.toFixed(3)} s (${(mTheirs / mOurs).toFixed(2)}×); robokit no slower on ${faster} of ${cases.length} robots.`,
    "",
  ].join("\n");
  const out = join(here, "results", "tmp", smoke ? "XACRO.smoke.md" : "XACRO.md");
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  console.log(text);
  console.log(`written to ${out}`);
}
