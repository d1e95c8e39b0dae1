// Validator benchmark: generated robots of 100, 1,000 and 10,000 links as URDF and
// SDF 1.9, validated by robokit (in-process and as a CLI process), `ign sdf -k` and `check_urdf`.
// Wall time and peak memory (max RSS from /usr/bin/time); growth ratios per 10× links.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { validateFile } from "../src/validate/validateFile.js";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..");
const tmp = join(here, "results", "tmp");
const sizes = [100, 1_000, 10_000] as const;
/** A reference tool that takes longer than this on one file is reported as a timeout. */
const TIMEOUT_S = 300;
/** Address-space cap for every measured process (KiB): 8 GiB. */
const MEMORY_CAP_KIB = 8 * 2 ** 20;

/** A branching tree: link i hangs from link floor((i-1)/3), so depth grows like log3(n). */
function parentOf(i: number): number {
  return Math.floor((i - 1) / 3);
}

/** The synthetic URDF robot of `n` links (also used by bench/startup.bench.ts). */
export function urdf(n: number): string {
  const out = [`<?xml version="1.0"?>`, `<robot name="bench_${n}">`];
  for (let i = 0; i < n; i++) {
    out.push(
      `  <link name="link_${i}">`,
      `    <inertial><origin xyz="0 0 0.05" rpy="0 0 0"/><mass value="1.5"/><inertia ixx="0.02" ixy="0" ixz="0" iyy="0.02" iyz="0" izz="0.01"/></inertial>`,
      `    <visual><origin xyz="0 0 0.05" rpy="0 0 0"/><geometry><cylinder radius="0.03" length="0.1"/></geometry></visual>`,
      `    <collision><origin xyz="0 0 0.05" rpy="0 0 0"/><geometry><cylinder radius="0.03" length="0.1"/></geometry></collision>`,
      `  </link>`,
    );
    if (i > 0) {
      out.push(
        `  <joint name="joint_${i}" type="revolute"><parent link="link_${parentOf(i)}"/><child link="link_${i}"/>`,
        `    <origin xyz="0 0 0.1" rpy="0 0 0.5"/><axis xyz="0 1 0"/><limit lower="-1.5" upper="1.5" effort="20" velocity="2"/></joint>`,
      );
    }
  }
  out.push(`</robot>`, ``);
  return out.join("\n");
}

/** The synthetic SDF 1.9 robot of `n` links (also used by bench/startup.bench.ts). */
export function sdf(n: number): string {
  const out = [`<?xml version="1.0"?>`, `<sdf version="1.9">`, `  <model name="bench_${n}">`];
  for (let i = 0; i < n; i++) {
    const pose = i === 0 ? `<pose>0 0 0 0 0 0</pose>` : `<pose relative_to="joint_${i}">0 0 0 0 0 0</pose>`;
    out.push(
      `    <link name="link_${i}">${pose}`,
      `      <inertial><pose>0 0 0.05 0 0 0</pose><mass>1.5</mass><inertia><ixx>0.02</ixx><ixy>0</ixy><ixz>0</ixz><iyy>0.02</iyy><iyz>0</iyz><izz>0.01</izz></inertia></inertial>`,
      `      <visual name="visual"><pose>0 0 0.05 0 0 0</pose><geometry><cylinder><radius>0.03</radius><length>0.1</length></cylinder></geometry></visual>`,
      `      <collision name="collision"><pose>0 0 0.05 0 0 0</pose><geometry><cylinder><radius>0.03</radius><length>0.1</length></cylinder></geometry></collision>`,
      `    </link>`,
    );
    if (i > 0) {
      out.push(
        `    <joint name="joint_${i}" type="revolute"><pose relative_to="link_${parentOf(i)}">0 0 0.1 0 0 0.5</pose><parent>link_${parentOf(i)}</parent><child>link_${i}</child>`,
        `      <axis><xyz>0 1 0</xyz><limit><lower>-1.5</lower><upper>1.5</upper><effort>20</effort><velocity>2</velocity></limit></axis></joint>`,
      );
    }
  }
  out.push(`  </model>`, `</sdf>`, ``);
  return out.join("\n");
}

interface Measure {
  readonly seconds: number;
  readonly peakMiB: number;
  readonly ok: boolean;
  readonly note?: string;
}

/** Runs a command under /usr/bin/time; median wall time of `runs`, max RSS of the median run. */
function timed(
  command: string,
  args: readonly string[],
  runs: number,
  accept: (out: string, status: number | null) => boolean,
): Measure | undefined {
  if (spawnSync("sh", ["-c", `command -v ${command}`]).status !== 0) return undefined;
  const results: Measure[] = [];
  for (let r = 0; r < runs; r++) {
    // `timeout` kills the tool itself (not just /usr/bin/time), and ulimit caps its memory:
    // `ign sdf -k` needs 3.5 GB for 1,000 links and grows faster than linearly.
    const script = `ulimit -v ${MEMORY_CAP_KIB}; exec /usr/bin/time -f "TIME %e %M" timeout -s KILL ${TIMEOUT_S} "$@"`;
    const p = spawnSync("sh", ["-c", script, "sh", command, ...args], { encoding: "utf8", maxBuffer: 1 << 28 });
    const m = /TIME ([\d.]+) (\d+)/.exec(p.stderr ?? "");
    if (m === null)
      return { seconds: Number.NaN, peakMiB: Number.NaN, ok: false, note: (p.stderr ?? "").slice(0, 200) };
    if (p.status === 137 || /Command terminated by signal 9|exit status 137/.test(p.stderr ?? "")) {
      return {
        seconds: Number.POSITIVE_INFINITY,
        peakMiB: Number(m[2]) / 1024,
        ok: false,
        note: `killed after ${TIMEOUT_S} s`,
      };
    }
    if (/bad_alloc|Cannot allocate|out of memory/i.test(p.stderr ?? "")) {
      return {
        seconds: Number(m[1]),
        peakMiB: Number(m[2]) / 1024,
        ok: false,
        note: `out of memory (cap ${MEMORY_CAP_KIB / 2 ** 20} GiB)`,
      };
    }
    results.push({
      seconds: Number(m[1]),
      peakMiB: Number(m[2]) / 1024,
      ok: accept(`${p.stdout}\n${p.stderr}`, p.status),
    });
  }
  results.sort((a, b) => a.seconds - b.seconds);
  return results[Math.floor(results.length / 2)];
}

/** In-process: median of 5 warm runs (schema already compiled), and heap growth of one run. */
function inProcess(text: string, name: string): { seconds: number; heapMiB: number; errors: number } {
  validateFile(text, name); // warm: compiles the schema once per process
  const times: number[] = [];
  let errors = 0;
  let heapMiB = 0;
  for (let r = 0; r < 5; r++) {
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().heapUsed;
    const t = performance.now();
    const d = validateFile(text, name);
    times.push((performance.now() - t) / 1000);
    heapMiB = Math.max(heapMiB, (process.memoryUsage().heapUsed - before) / 2 ** 20);
    errors = d.filter((x) => x.severity === "error").length;
  }
  times.sort((a, b) => a - b);
  return { seconds: times[2] ?? Number.NaN, heapMiB, errors };
}

function cliCommand(): { command: string; args: string[] } {
  const dist = join(repo, "dist", "src", "cli", "main.js");
  if (existsSync(dist)) return { command: "node", args: [dist, "validate"] };
  return { command: "node", args: ["--import", "tsx", join(repo, "src", "cli", "main.ts"), "validate"] };
}

const f3 = (x: number): string =>
  Number.isFinite(x) ? x.toFixed(3) : x === Number.POSITIVE_INFINITY ? `> ${TIMEOUT_S}` : "n/a";
const f1 = (x: number): string => (Number.isFinite(x) ? x.toFixed(1) : "n/a");

/** Prints the Markdown tables. */
export async function runBench(): Promise<void> {
  mkdirSync(tmp, { recursive: true });
  const cli = cliCommand();
  const rows: string[] = [];
  const series: Record<string, number[]> = {};
  const add = (key: string, v: number): void => {
    (series[key] ??= []).push(v);
  };
  for (const kind of ["urdf", "sdf"] as const) {
    for (const n of sizes) {
      const file = join(tmp, `bench_${n}.${kind}`);
      writeFileSync(file, kind === "urdf" ? urdf(n) : sdf(n));
      const text = readFileSync(file, "utf8");
      const warm = inProcess(text, file);
      const runs = n >= 10_000 ? 1 : 3;
      const cold = timed(cli.command, [...cli.args, file], runs, (_o, s) => s === 0);
      const ref =
        kind === "sdf"
          ? timed("ign", ["sdf", "-k", file], runs, (o) => /^Valid\.$/m.test(o))
          : timed("check_urdf", [file], runs, (_o, s) => s === 0);
      add(`${kind}-warm`, warm.seconds);
      add(`${kind}-cold`, cold?.seconds ?? Number.NaN);
      add(`${kind}-ref`, ref?.seconds ?? Number.NaN);
      rows.push(
        `| ${kind.toUpperCase()} | ${n.toLocaleString("en-US")} | ${f3(warm.seconds)} | ${f1(warm.heapMiB)} | ${f3(cold?.seconds ?? Number.NaN)} | ${f1(cold?.peakMiB ?? Number.NaN)} | ${kind === "sdf" ? "ign sdf -k" : "check_urdf"} | ${ref === undefined ? "not installed" : `${f3(ref.seconds)}${ref.ok ? "" : ` (${ref.note ?? "rejected!"})`}`} | ${ref === undefined ? "" : f1(ref.peakMiB)} | ${warm.errors} |`,
      );
    }
  }
  console.log(
    "| Format | Links | robokit in-process (s) | heap (MiB) | robokit CLI (s) | CLI peak RSS (MiB) | Reference | Reference (s) | Reference peak RSS (MiB) | robokit errors |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) console.log(r);
  console.log("");
  console.log("Growth per 10× links (time ratio; 10 means linear):");
  console.log("");
  console.log("| Series | 100 → 1,000 | 1,000 → 10,000 |");
  console.log("|---|---|---|");
  for (const [key, v] of Object.entries(series)) {
    const [a = Number.NaN, b = Number.NaN, c = Number.NaN] = v;
    console.log(`| ${key} | ${f1(b / a)} | ${f1(c / b)} |`);
  }
  const sdfCli = series["sdf-cold"]?.[1] ?? Number.NaN;
  const sdfWarm = series["sdf-warm"]?.[1] ?? Number.NaN;
  const ign = series["sdf-ref"]?.[1] ?? Number.NaN;
  console.log("");
  console.log(
    `1,000-link SDF: robokit CLI ${f3(sdfCli)} s, robokit in-process ${f3(sdfWarm)} s, ign sdf -k ${f3(ign)} s → CLI ${sdfCli < ign ? "faster" : "slower"} than ign (${f1(ign / sdfCli)}×), in-process ${f1(ign / sdfWarm)}×.`,
  );
}
