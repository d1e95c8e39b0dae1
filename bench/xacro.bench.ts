// `robokit xacro` against ROS 2's xacro (the vendored reference, run as its `xacro` script runs:
// python3 importing xacro and calling main) on the real robots of test/data/xacro: whole
// processes, one per file, each case's two commands interleaved run by run after one warm-up
// each, medians per case, then the median over the cases. Each process is timed by a small
// Python parent (fork, exec, wait4): its wall time and its CPU time (user + system, all its
// threads), the figure that a shared, loaded machine disturbs least. Both see the same ament
// prefix (AMENT_PREFIX_PATH) holding the case's packages, as in a sourced ROS 2 workspace, and
// both write to /dev/null. The floor, `node -e 0` and `python3 -c 0` timed the same way, is
// reported beside. ROBOKIT_BENCH_RUNS: runs per case (default 5); ROBOKIT_BENCH_BIN: another
// robokit bin to time (default the package bin, dist/src/bundle/robokit.cjs); ROBOKIT_BENCH_SMOKE=1: three cases,
// one run (not timed); ROBOKIT_BENCH_BASE: an earlier robokit bin, timed in the same interleaved
// runs (a before/after comparison under the same load).
import { spawnSync } from "node:child_process";
import { cpus, loadavg, tmpdir } from "node:os";
import { existsSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
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
import { median } from "./support/median.js";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..");
const smoke = process.env["ROBOKIT_BENCH_SMOKE"] === "1";
const RUNS = smoke ? 1 : Number(process.env["ROBOKIT_BENCH_RUNS"] ?? 5);
const bin = process.env["ROBOKIT_BENCH_BIN"] ?? join(repo, "dist", "src", "bundle", "robokit.cjs");
const base = process.env["ROBOKIT_BENCH_BASE"];

/** Runs argv[1:] as a child with stdout to /dev/null; prints its wall and CPU seconds and its exit status. */
const TIMER = [
  "import os, sys, time",
  "null = os.open('/dev/null', os.O_WRONLY)",
  "t = time.perf_counter()",
  "pid = os.fork()",
  "if pid == 0:",
  "    os.dup2(null, 1)",
  "    os.execvp(sys.argv[1], sys.argv[1:])",
  "_, status, ru = os.wait4(pid, 0)",
  "print(time.perf_counter() - t, ru.ru_utime + ru.ru_stime, os.waitstatus_to_exitcode(status))",
].join("\n");

/** Wall and CPU seconds of one whole process (its output to /dev/null); throws if it fails. */
function runOnce(argv: readonly string[], env: NodeJS.ProcessEnv): { wall: number; cpu: number } {
  const p = spawnSync("/usr/bin/python3", ["-c", TIMER, ...argv], {
    cwd: repo,
    env,
    stdio: ["ignore", "pipe", "pipe"],
    encoding: "utf8",
  });
  const [wall = Number.NaN, cpu = Number.NaN, status = Number.NaN] = p.stdout.trim().split(" ").map(Number);
  if (p.status !== 0 || status !== 0) throw new Error(`${argv.join(" ")} failed (${status}): ${p.stderr}`);
  return { wall, cpu };
}

/** Per-run medians of `runs` interleaved runs of each command (after one warm-up each, unless smoke). */
function interleaved(
  commands: readonly (readonly string[])[],
  env: NodeJS.ProcessEnv,
  runs: number,
): { wall: number; cpu: number }[] {
  if (!smoke) for (const c of commands) runOnce(c, env);
  const times = commands.map(() => ({ wall: [] as number[], cpu: [] as number[] }));
  for (let k = 0; k < runs; k++)
    commands.forEach((c, i) => {
      const t = runOnce(c, env);
      times[i]!.wall.push(t.wall);
      times[i]!.cpu.push(t.cpu);
    });
  return times.map((t) => ({ wall: median(t.wall), cpu: median(t.cpu) }));
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
  if (!haveReferenceXacro())
    throw new Error(
      "the reference xacro needs ROBOKIT_REFERENCE_PYTHON (a folder holding xacro) and python3 with yaml",
    );
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
  const ours: { wall: number; cpu: number }[] = [];
  const theirs: { wall: number; cpu: number }[] = [];
  const before: { wall: number; cpu: number }[] = [];
  let floor: { wall: number; cpu: number }[] = [];
  try {
    floor = interleaved(
      [
        ["node", "-e", "0"],
        ["/usr/bin/python3", "-c", "0"],
      ],
      process.env,
      smoke ? 1 : 3 * RUNS,
    );
    cases.forEach((c, i) => {
      const env = {
        ...process.env,
        AMENT_PREFIX_PATH: amentPrefix(c, join(work, `prefix${i}`)),
        PYTHONPATH: vendorPython,
      };
      const args = Object.entries(c.args).map(([k, v]) => `${k}:=${v}`);
      const file = join(xacroDataRoot, c.file);
      const [r, x, b] = interleaved(
        [
          ["node", bin, "xacro", file, ...args],
          ["/usr/bin/python3", "-c", "import xacro; xacro.main()", file, ...args],
          ...(base === undefined ? [] : [["node", base, "xacro", file, ...args]]),
        ],
        env,
        RUNS,
      );
      if (b !== undefined) before.push(b);
      ours.push(r!);
      theirs.push(x!);
      rows.push(
        `| ${c.id} | ${r!.wall.toFixed(3)} | ${x!.wall.toFixed(3)} | ${(x!.wall / r!.wall).toFixed(2)}× | ${r!.cpu.toFixed(3)} | ${x!.cpu.toFixed(3)} | ${(x!.cpu / r!.cpu).toFixed(2)}× |`,
      );
    });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const m = (list: { wall: number; cpu: number }[], k: "wall" | "cpu"): number => median(list.map((t) => t[k]));
  const faster = (k: "wall" | "cpu"): number => ours.filter((t, i) => t[k] <= theirs[i]![k]).length;
  const summary = (k: "wall" | "cpu", what: string): string =>
    `Median ${what} per robot: robokit ${m(ours, k).toFixed(3)} s, ROS 2's xacro ${m(theirs, k).toFixed(3)} s: xacro ÷ robokit ${(m(theirs, k) / m(ours, k)).toFixed(2)}× (> 1: robokit faster); robokit no slower on ${faster(k)} of ${cases.length} robots.`;
  const text = [
    `# robokit xacro against ROS 2's xacro${smoke ? " (smoke run: three cases, one run, not timed)" : ""}`,
    "",
    `bench/xacro.bench.ts on ${started}: Node ${process.version}, ${cpus().length} cores, load average ${load0.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end. ${cases.length} real robots (one case per top-level file of test/data/xacro), whole processes, ${RUNS} interleaved runs each after a warm-up, medians; CPU is user + system time of the process.`,
    "",
    "| case | robokit wall (s) | xacro wall (s) | xacro ÷ robokit | robokit CPU (s) | xacro CPU (s) | xacro ÷ robokit |",
    "|---|---:|---:|---:|---:|---:|---:|",
    ...rows,
    "",
    summary("wall", "wall time"),
    "",
    summary("cpu", "CPU time"),
    "",
    ...(base === undefined
      ? []
      : [
          `The earlier bin ${base} in the same runs: ${m(before, "wall").toFixed(3)} s wall (${(m(before, "wall") / m(theirs, "wall")).toFixed(2)}× xacro's), ${m(before, "cpu").toFixed(3)} s CPU (${(m(before, "cpu") / m(theirs, "cpu")).toFixed(2)}×); this bin ${(m(ours, "wall") / m(theirs, "wall")).toFixed(2)}× wall, ${(m(ours, "cpu") / m(theirs, "cpu")).toFixed(2)}× CPU.`,
          "",
        ]),
    `The floor on this machine (an empty process, same timing): \`node -e 0\` ${floor[0]!.wall.toFixed(3)} s wall, ${floor[0]!.cpu.toFixed(3)} s CPU; \`python3 -c 0\` ${floor[1]!.wall.toFixed(3)} s wall, ${floor[1]!.cpu.toFixed(3)} s CPU.`,
    "",
  ].join("\n");
  const out = join(here, "results", "tmp", smoke ? "XACRO.smoke.md" : "XACRO.md");
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  console.log(text);
  console.log(`written to ${out}`);
}
