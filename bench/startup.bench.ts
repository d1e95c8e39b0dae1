// The comparing benchmark: robokit as whole processes (the bin,
// dist/src/bundle/robokit.cjs) beside `node -e 0`, `ign sdf -k` and `check_urdf` on the same files
// in the same run, as ratios, with peak memory (max RSS from /usr/bin/time). Each row
// interleaves its commands run by run (after one warm-up of each), so a change in machine
// load hits all of them alike; figures are medians. Writes bench/RESULTS.md.
// ROBOKIT_BENCH_SMOKE=1: tiny sizes, one run, a few realworld files, written to
// bench/results/tmp/RESULTS.smoke.md (CI checks that it is well formed; not a timed test).
import { spawnSync } from "node:child_process";
import { cpus, loadavg } from "node:os";
import { existsSync, mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";

import { expandInputFiles, VALIDATE_EXTENSIONS } from "../src/cli/expandInputFiles.js";
import { SMALL_SDF, SMALL_URDF, STARTUP_COMMANDS } from "./support/startupCommands.js";
import { sdf, urdf } from "./validate.bench.js";
import { median } from "./support/median.js";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..");
const smoke = process.env["ROBOKIT_BENCH_SMOKE"] === "1";
/** ROBOKIT_BENCH_STARTUP=1: the start-up table alone, to bench/results/tmp/RESULTS.startup.md. */
const startupOnly = process.env["ROBOKIT_BENCH_STARTUP"] === "1";
const RUNS = smoke ? 1 : 7;
const SIZES = smoke ? [10, 20, 40] : [100, 1_000, 10_000];
const bin = join(repo, "dist", "src", "bundle", "robokit.cjs");
const smallSdf = join(repo, ...SMALL_SDF);
const smallUrdf = join(repo, ...SMALL_URDF);
const realworld = join(repo, "test", "data", "realworld", ...(smoke ? ["ros+urdf_tutorial"] : []));
/** A reference tool run longer than this is killed and reported as a timeout. */
const TIMEOUT_S = 120;

/** One process run: wall seconds (hrtime around the spawn), peak RSS MiB, exit status. */
interface Run {
  readonly seconds: number;
  /** User + system CPU seconds (/usr/bin/time): what load on the machine changes least. */
  readonly cpuSeconds: number;
  readonly peakMiB: number;
  readonly status: number | null;
}

interface Cmd {
  readonly label: string;
  readonly argv: readonly string[];
  readonly runs?: number;
}

interface Stat {
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly peakMiB: number;
  readonly statuses: readonly (number | null)[];
}

function have(command: string): boolean {
  return spawnSync("sh", ["-c", `command -v ${command}`]).status === 0;
}

function runOnce(argv: readonly string[]): Run {
  const t = performance.now();
  const p = spawnSync("/usr/bin/time", ["-f", "RKTIME %M %U %S", "timeout", "-s", "KILL", String(TIMEOUT_S), ...argv], {
    cwd: repo,
    encoding: "utf8",
    maxBuffer: 1 << 28,
  });
  const seconds = (performance.now() - t) / 1000;
  const m = /RKTIME (\d+) ([\d.]+) ([\d.]+)/.exec(p.stderr ?? "");
  const killed = /signal 9|status 137/.test(p.stderr ?? "");
  return {
    seconds: killed ? Number.POSITIVE_INFINITY : seconds,
    cpuSeconds: m === null ? Number.NaN : Number(m[2]) + Number(m[3]),
    peakMiB: m === null ? Number.NaN : Number(m[1]) / 1024,
    status: killed ? 137 : Number(/non-zero status (\d+)/.exec(p.stderr ?? "")?.[1] ?? 0),
  };
}

/** Runs the commands interleaved (one warm-up each first); medians per command. */
function measure(cmds: readonly Cmd[]): Stat[] {
  if (!smoke) for (const c of cmds) if ((c.runs ?? RUNS) > 1) runOnce(c.argv);
  const runs: Run[][] = cmds.map(() => []);
  const rounds = Math.max(...cmds.map((c) => c.runs ?? RUNS));
  for (let r = 0; r < rounds; r++) {
    cmds.forEach((c, i) => {
      if (r < (c.runs ?? RUNS)) runs[i]!.push(runOnce(c.argv));
    });
  }
  return runs.map((rs) => ({
    seconds: median(rs.map((r) => r.seconds)),
    cpuSeconds: median(rs.map((r) => r.cpuSeconds)),
    peakMiB: median(rs.map((r) => r.peakMiB)),
    statuses: rs.map((r) => r.status),
  }));
}

const f3 = (x: number): string => (Number.isFinite(x) ? x.toFixed(3) : String(x));
const f1 = (x: number): string => (Number.isFinite(x) ? x.toFixed(1) : String(x));
const ratio = (a: number, b: number): string =>
  Number.isFinite(a) && Number.isFinite(b) && b > 0 ? `${(a / b).toFixed(2)}×` : "—";
const node = ["node", "-e", "0"];
const robokit = (...args: string[]): string[] => ["node", bin, ...args];

/** A markdown table row. */
const row = (cells: readonly string[]): string => `| ${cells.join(" | ")} |`;

export async function runBench(): Promise<void> {
  if (!existsSync(bin)) throw new Error(`${bin} is missing: run npm run build first`);
  const tmp = mkdtempSync(join(tmpdir(), "robokit-bench-"));
  const ign = have("ign");
  const checkUrdf = have("check_urdf");
  const lines: string[] = [];
  const load0 = loadavg()[0]!;
  const started = new Date().toISOString().replace(/\.\d+Z$/, "Z");

  // Commands of the table, each beside bare node and its reference tool.
  const table: string[] = [];
  const targets: string[] = [];
  const mario = join(tmp, "mario");
  {
    const [n, v] = measure([
      { label: "node", argv: node },
      { label: "version", argv: robokit("--version") },
    ]);
    table.push(
      row(["`robokit --version`", f3(v!.seconds), f1(v!.peakMiB), "—", "—", "—", "—", ratio(v!.seconds, n!.seconds)]),
    );
  }
  {
    const [n, b] = measure([
      { label: "node", argv: node },
      { label: "build", argv: robokit("build", "mario", "--out", mario) },
    ]);
    table.push(
      row([
        "`robokit build mario` (all files)",
        f3(b!.seconds),
        f1(b!.peakMiB),
        "—",
        "—",
        "—",
        "—",
        ratio(b!.seconds, n!.seconds),
      ]),
    );
  }
  {
    const cmds: Cmd[] = [
      { label: "node", argv: node },
      { label: "robokit", argv: robokit("validate", smallSdf) },
    ];
    if (ign) cmds.push({ label: "ign", argv: ["ign", "sdf", "-k", smallSdf] });
    const [n, r, i] = measure(cmds);
    table.push(
      row([
        "`robokit validate` small SDF (corpus `box_with_submodel/model.sdf`)",
        f3(r!.seconds),
        f1(r!.peakMiB),
        "`ign sdf -k`",
        i ? f3(i.seconds) : "not installed",
        i ? f1(i.peakMiB) : "—",
        i ? ratio(r!.seconds, i.seconds) : "—",
        ratio(r!.seconds, n!.seconds),
      ]),
    );
    if (i)
      targets.push(
        row([
          "small SDF ≤ 1.0× `ign sdf -k`",
          ratio(r!.seconds, i.seconds),
          r!.seconds <= i.seconds ? "met" : "not met",
        ]),
      );
    targets.push(row(["small SDF peak ≤ 80 MiB", `${f1(r!.peakMiB)} MiB`, r!.peakMiB <= 80 ? "met" : "not met"]));
  }
  {
    const cmds: Cmd[] = [
      { label: "node", argv: node },
      { label: "robokit", argv: robokit("validate", smallUrdf) },
    ];
    if (checkUrdf) cmds.push({ label: "check_urdf", argv: ["check_urdf", smallUrdf] });
    const [n, r, c] = measure(cmds);
    table.push(
      row([
        "`robokit validate` small URDF (`urdf_tutorial/01-myfirst.urdf`)",
        f3(r!.seconds),
        f1(r!.peakMiB),
        "`check_urdf`",
        c ? f3(c.seconds) : "not installed",
        c ? f1(c.peakMiB) : "—",
        c ? ratio(r!.seconds, c.seconds) : "—",
        ratio(r!.seconds, n!.seconds),
      ]),
    );
    targets.push(row(["small URDF peak ≤ 80 MiB", `${f1(r!.peakMiB)} MiB`, r!.peakMiB <= 80 ? "met" : "not met"]));
    table.unshift(row(["`node -e 0` (bare node)", f3(n!.seconds), f1(n!.peakMiB), "", "", "", "", "1.00×"]));
  }

  // The start-up targets (bench/support/startupCommands.ts), with the bundle of an older
  // build beside this one when ROBOKIT_BENCH_BEFORE names its robokit.cjs: both in the same
  // rounds as bare node, interleaved.
  const startup: string[] = [];
  {
    const before = process.env["ROBOKIT_BENCH_BEFORE"];
    const old = before !== undefined && before !== "" && existsSync(before) ? before : undefined;
    const cmds: Cmd[] = [{ label: "node", argv: node }];
    for (const c of STARTUP_COMMANDS) {
      cmds.push({ label: c.label, argv: ["node", bin, ...c.args(repo, join(tmp, "now"))] });
      if (old !== undefined) cmds.push({ label: c.label, argv: ["node", old, ...c.args(repo, join(tmp, "before"))] });
    }
    const stats = measure(cmds);
    const n = stats[0]!.seconds;
    const nCpu = stats[0]!.cpuSeconds;
    const per = old === undefined ? 1 : 2;
    STARTUP_COMMANDS.forEach((c, i) => {
      const now = stats[1 + per * i]!;
      const then = old === undefined ? undefined : stats[2 + per * i]!;
      startup.push(
        row([
          `\`${c.label}\``,
          f3(now.seconds),
          ratio(now.seconds, n),
          ratio(now.cpuSeconds, nCpu),
          then === undefined ? "—" : f3(then.seconds),
          then === undefined ? "—" : ratio(then.seconds, n),
          then === undefined ? "—" : ratio(then.cpuSeconds, nCpu),
          `≤ ${c.target}×`,
          now.seconds / n <= c.target ? "met" : "not met",
          `≤ ${c.budget}×`,
        ]),
      );
      targets.push(
        row([
          `\`${c.label}\` ≤ ${c.target}× bare node`,
          ratio(now.seconds, n),
          now.seconds / n <= c.target ? "met" : "not met",
        ]),
      );
    });
    startup.unshift(
      row([
        "command",
        "now (s)",
        "now × node",
        "now × node (CPU)",
        "before (s)",
        "before × node",
        "before × node (CPU)",
        "target",
        "",
        "CI budget",
      ]),
      row(["---", "---:", "---:", "---:", "---:", "---:", "---:", "---:", "---", "---:"]),
      row(["`node -e 0`", f3(n), "1.00×", "1.00×", "", "", "", "", "", ""]),
    );
    if (old !== undefined) startup.push("", `Before: \`${old}\` (ROBOKIT_BENCH_BEFORE).`);
  }

  if (startupOnly) {
    const text = [
      "# robokit start-up",
      "",
      `Written by \`ROBOKIT_BENCH_STARTUP=1\` bench/startup.bench.ts on ${started}: Node ${process.version}, ${cpus().length} cores, load average ${load0.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end; ${RUNS} interleaved runs each after one warm-up, medians.`,
      "",
      ...startup,
      "",
    ].join("\n");
    const out = join(here, "results", "tmp", "RESULTS.startup.md");
    mkdirSync(dirname(out), { recursive: true });
    writeFileSync(out, text);
    console.log(text);
    return;
  }

  // Synthetic robots of growing size.
  const sizes: string[] = [];
  const growth: Record<string, number[]> = { "urdf-robokit": [], "urdf-ref": [], "sdf-robokit": [], "sdf-ref": [] };
  for (const kind of ["urdf", "sdf"] as const) {
    for (const n of SIZES) {
      const file = join(tmp, `bench_${n}.${kind}`);
      writeFileSync(file, kind === "urdf" ? urdf(n) : sdf(n));
      const cmds: Cmd[] = [{ label: "robokit", argv: robokit("validate", file) }];
      // ign sdf -k needs 3.5 GB and 8 s for 1,000 links and more than 8 GiB for 10,000 (bench/validate.bench.ts): 3 runs at 1,000, none at 10,000.
      const refOk = kind === "urdf" ? checkUrdf : ign && n < 10_000;
      if (refOk)
        cmds.push({
          label: "ref",
          argv: kind === "urdf" ? ["check_urdf", file] : ["ign", "sdf", "-k", file],
          runs: kind === "sdf" && n >= 1_000 ? Math.min(3, RUNS) : RUNS,
        });
      const [r, ref] = measure(cmds);
      growth[`${kind}-robokit`]!.push(r!.seconds);
      growth[`${kind}-ref`]!.push(ref?.seconds ?? Number.NaN);
      const refName = kind === "urdf" ? "`check_urdf`" : "`ign sdf -k`";
      sizes.push(
        row([
          kind.toUpperCase(),
          n.toLocaleString("en-US"),
          f3(r!.seconds),
          f1(r!.peakMiB),
          refName,
          ref ? f3(ref.seconds) : kind === "sdf" && n >= 10_000 ? "not run (exceeds 8 GiB)" : "not installed",
          ref ? f1(ref.peakMiB) : "—",
          ref ? ratio(ref.seconds, r!.seconds) : "—",
        ]),
      );
      if (kind === "sdf" && n === SIZES[1] && ref)
        targets.push(
          row([
            `${n.toLocaleString("en-US")}-link SDF ≥ 5× faster than \`ign sdf -k\``,
            `${ratio(ref.seconds, r!.seconds)} faster`,
            ref.seconds / r!.seconds >= 5 ? "met" : "not met",
          ]),
        );
    }
  }
  const growthLine = (key: string): string => {
    const g = growth[key]!;
    return `${ratio(g[1]!, g[0]!)}, ${ratio(g[2]!, g[1]!)}`;
  };

  // Batch: robokit over the whole folder in one process vs the C++ tools once per file.
  const files = expandInputFiles([realworld], VALIDATE_EXTENSIONS);
  const [batch] = measure([
    { label: "batch", argv: robokit("validate", "--format", "json", realworld), runs: smoke ? 1 : 3 },
  ]);
  let refTotal = 0;
  let refPeak = 0;
  let refRuns = 0;
  let refTimeouts = 0;
  if (ign || checkUrdf) {
    for (const f of files) {
      const isUrdf = f.toLowerCase().endsWith(".urdf");
      if (isUrdf ? !checkUrdf : !ign) continue;
      const r = runOnce(isUrdf ? ["check_urdf", f] : ["ign", "sdf", "-k", f]);
      if (!Number.isFinite(r.seconds)) refTimeouts++;
      refTotal += Number.isFinite(r.seconds) ? r.seconds : TIMEOUT_S;
      refPeak = Math.max(refPeak, r.peakMiB);
      refRuns++;
    }
  }
  const urdfCount = files.filter((f) => f.toLowerCase().endsWith(".urdf")).length;
  const batchRow = row([
    `${files.length} files (${urdfCount} URDF, ${files.length - urdfCount} SDF)`,
    f3(batch!.seconds),
    f1(batch!.peakMiB),
    refRuns > 0 ? f3(refTotal) : "not installed",
    refRuns > 0 ? f1(refPeak) : "—",
    refRuns > 0 ? ratio(refTotal, batch!.seconds) : "—",
  ]);
  if (refRuns > 0)
    targets.push(
      row([
        "realworld batch ≥ 10× faster than the C++ tools per file",
        `${ratio(refTotal, batch!.seconds)} faster`,
        refTotal / batch!.seconds >= 10 ? "met" : "not met",
      ]),
    );

  const load1 = loadavg()[0]!;
  lines.push(
    `# robokit start-up and validation benchmark${smoke ? " (smoke run: tiny sizes, one run, not timed)" : ""}`,
    "",
    `Written by \`npm run bench\` (bench/startup.bench.ts) on ${started}: Node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model ?? "?"}), load average ${load0.toFixed(1)} at the start and ${load1.toFixed(1)} at the end.`,
    `Whole processes: robokit is the bin (\`node dist/src/bundle/robokit.cjs\`); each row's commands run interleaved, one warm-up each, then ${RUNS} runs each (3 for robokit's batch and for \`ign sdf -k\` at ${SIZES[1]!.toLocaleString("en-US")} links), medians. Wall time from the parent process; peak = max RSS (/usr/bin/time). Ratios are taken within the row, so machine load hits both sides alike.`,
    "",
    "## Start-up (bench/support/startupCommands.ts)",
    "",
    "Wall time (and user + system CPU time) against `node -e 0` in the same rounds; targets and budgets are wall-time ratios. The CI budget is what test/bench/startupBudget.test.ts allows on a loaded machine.",
    "",
    ...startup,
    "",
    "## Commands",
    "",
    row([
      "command",
      "robokit (s)",
      "peak (MiB)",
      "reference",
      "reference (s)",
      "reference peak (MiB)",
      "robokit / reference",
      "× bare node",
    ]),
    row(["---", "---:", "---:", "---", "---:", "---:", "---:", "---:"]),
    ...table,
    "",
    "## Validation by size (synthetic branching robots, bench/validate.bench.ts's generator)",
    "",
    row([
      "format",
      "links",
      "robokit (s)",
      "peak (MiB)",
      "reference",
      "reference (s)",
      "reference peak (MiB)",
      "reference ÷ robokit (> 1: robokit faster)",
    ]),
    row(["---", "---:", "---:", "---:", "---", "---:", "---:", "---:"]),
    ...sizes,
    "",
    `Growth per 10× links (time ratio; 10× is linear): robokit URDF ${growthLine("urdf-robokit")}, SDF ${growthLine("sdf-robokit")}; check_urdf ${growthLine("urdf-ref")}; ign sdf -k ${growthLine("sdf-ref")}.`,
    "",
    `## Batch: ${smoke ? "test/data/realworld/ros+urdf_tutorial" : "all of test/data/realworld"}`,
    "",
    "`robokit validate --format json <folder>` once (one process, worker threads on every core) against `ign sdf -k` for each SDF/world and `check_urdf` for each URDF, one process per file, one after the other (the sum of their wall times, one pass).",
    "",
    row([
      "files",
      "robokit batch (s)",
      "peak (MiB)",
      "C++ tools per file, total (s)",
      "largest peak (MiB)",
      "reference ÷ robokit (> 1: robokit faster)",
    ]),
    row(["---", "---:", "---:", "---:", "---:", "---:"]),
    batchRow,
    ...(refTimeouts > 0
      ? ["", `${refTimeouts} reference run(s) killed after ${TIMEOUT_S} s (counted as ${TIMEOUT_S} s).`]
      : []),
    "",
    "## Targets",
    "",
    row(["target", "measured", ""]),
    row(["---", "---:", "---"]),
    ...targets,
    "",
  );
  const text = lines.join("\n");
  const out = smoke ? join(here, "results", "tmp", "RESULTS.smoke.md") : join(here, "RESULTS.md");
  mkdirSync(dirname(out), { recursive: true });
  writeFileSync(out, text);
  console.log(text);
  console.log(`written to ${out}`);
}
