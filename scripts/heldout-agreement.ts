// Measures robokit's verdicts against the reference tools on a folder of public files that are
// not in test/data/realworld (docs/agreement.md, "Held-out measurement").
//
//   npx tsx scripts/heldout-agreement.ts FOLDER [--json OUT.json] [--reference PREVIOUS.json]
//
// FOLDER is searched for .urdf, .sdf and .world files; a FOLDER/MANIFEST.tsv (a header line, then
// one file a line, its path relative to FOLDER in the first column) narrows the run to those.
//
// Reference: `check_urdf` (urdfdom) for URDF, `ign sdf -k` (libsdformat 12) for SDF; `ign sdf -k`
// also runs on URDF, and where it disagrees with check_urdf the list says so. robokit is the
// built bundle (`npm run -s build` first). --reference takes the tools' verdicts from an earlier
// --json output instead of running them again (they do not change when robokit does). SDF_PATH for both is every folder of FOLDER that holds
// a model folder (one with a model.config), so model:// includes resolve the same way for both.
import { execFile } from "node:child_process";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

const repo = join(dirname(fileURLToPath(import.meta.url)), "..");
const bundle = join(repo, "dist", "src", "bundle", "main.js");
const TOOL_TIMEOUT_MS = 60_000;
/** Files per robokit process: below the CLI's 24-file threshold for worker threads. */
const ROBOKIT_CHUNK = 20;
const PARALLEL = 2;

interface Run {
  readonly status: number | null;
  readonly out: string;
  readonly timedOut: boolean;
}

function run(command: string, args: readonly string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      command,
      [...args],
      { env, timeout: TOOL_TIMEOUT_MS, maxBuffer: 256 * 1024 * 1024, encoding: "utf8" },
      (error, stdout, stderr) => {
        const timedOut = error !== null && (error as { killed?: boolean }).killed === true;
        const status = error === null ? 0 : typeof error.code === "number" ? error.code : null;
        resolve({ status, out: `${stdout}\n${stderr}`, timedOut });
      },
    );
  });
}

/** Runs `jobs` with at most PARALLEL at once, keeping their order. */
async function pool<T>(jobs: readonly (() => Promise<T>)[]): Promise<T[]> {
  const results: T[] = new Array<T>(jobs.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < jobs.length) {
      const i = next++;
      const job = jobs[i];
      if (job !== undefined) results[i] = await job();
    }
  };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  return results;
}

function walk(dir: string, files: string[], modelRoots: Set<string>): void {
  for (const entry of readdirSync(dir).sort()) {
    const abs = join(dir, entry);
    const st = statSync(abs);
    if (st.isDirectory()) {
      if (existsSync(join(abs, "model.config"))) modelRoots.add(dir);
      walk(abs, files, modelRoots);
    } else if (/\.(urdf|sdf|world)$/.test(entry)) files.push(abs);
  }
}

type Verdict = "refuses" | "loads" | "no verdict";

interface ToolVerdict {
  readonly verdict: Verdict;
  /** First error line, "Valid." or why there is no verdict. */
  readonly message: string;
}

function firstErrorLine(out: string): string {
  // ign prints a line about a missing backtrace library on every run; it is no verdict.
  const lines = out
    .split("\n")
    .map((l) => l.trim())
    .filter((l) => !/libignition-tools-backward/.test(l));
  return (
    lines.find((l) => /error/i.test(l)) ??
    lines.find((l) => l.length > 0 && !/^Successfully Parsed/.test(l)) ??
    "(no message)"
  ).slice(0, 300);
}

function sdfVersion(text: string): string | undefined {
  return /<sdf\b[^>]*\bversion\s*=\s*["']([^"']+)["']/.exec(text)?.[1];
}

async function ignVerdict(file: string, env: NodeJS.ProcessEnv, text: string): Promise<ToolVerdict> {
  const version = sdfVersion(text);
  const minor = Number(/^1\.(\d+)$/.exec(version ?? "")?.[1] ?? Number.NaN);
  if (minor >= 10) return { verdict: "no verdict", message: `SDF ${version}: libsdformat 12 reads SDF up to 1.9` };
  const r = await run("ign", ["sdf", "-k", file], env);
  if (r.timedOut) return { verdict: "no verdict", message: `timed out after ${TOOL_TIMEOUT_MS / 1000} s` };
  if (r.status === 0 && /Valid\./.test(r.out)) return { verdict: "loads", message: "Valid." };
  const message = firstErrorLine(r.out);
  if (/URI_LOOKUP|Unable to find uri\[https?:/.test(r.out) && /https?:\/\//.test(message))
    return { verdict: "no verdict", message: `online include: ${message}` };
  return { verdict: "refuses", message };
}

async function checkUrdfVerdict(file: string, env: NodeJS.ProcessEnv): Promise<ToolVerdict> {
  const r = await run("check_urdf", [file], env);
  if (r.timedOut) return { verdict: "no verdict", message: `timed out after ${TOOL_TIMEOUT_MS / 1000} s` };
  return r.status === 0 ? { verdict: "loads", message: "OK" } : { verdict: "refuses", message: firstErrorLine(r.out) };
}

interface RobokitVerdict {
  readonly error: boolean;
  readonly first: string;
}

interface JsonReport {
  readonly files: readonly {
    readonly file: string;
    readonly diagnostics: readonly { code: string; severity: string; message: string; line?: number }[];
  }[];
}

async function robokitChunk(files: readonly string[], env: NodeJS.ProcessEnv): Promise<Map<string, RobokitVerdict>> {
  const r = await run("node", [bundle, "validate", "--format", "json", ...files], env);
  const out = new Map<string, RobokitVerdict>();
  let report: JsonReport | undefined;
  try {
    report = JSON.parse(r.out.slice(r.out.indexOf("{"), r.out.lastIndexOf("}") + 1)) as JsonReport;
  } catch {
    report = undefined;
  }
  if (report === undefined || (r.status !== 0 && r.status !== 1)) {
    // One file broke the batch (or it timed out): judge each file on its own.
    if (files.length > 1) {
      for (const f of files) for (const [k, v] of await robokitChunk([f], env)) out.set(k, v);
      return out;
    }
    out.set(files[0] ?? "", {
      error: true,
      first: `robokit exit ${r.status ?? "timeout"}: ${firstErrorLine(r.out)}`,
    });
    return out;
  }
  for (const f of report.files) {
    const e = f.diagnostics.find((d) => d.severity === "error");
    out.set(f.file, {
      error: e !== undefined,
      first: e === undefined ? "" : `${e.code} (line ${e.line ?? "?"}): ${e.message}`.slice(0, 400),
    });
  }
  return out;
}

interface Row {
  readonly path: string;
  readonly kind: "urdf" | "sdf";
  readonly reference: ToolVerdict;
  /** ign sdf -k on a URDF file (undefined for SDF, where it is the reference). */
  readonly ignOnUrdf: ToolVerdict | undefined;
  readonly robokit: RobokitVerdict;
}

interface Table {
  refusesError: number;
  refusesNoError: number;
  loadsError: number;
  loadsNoError: number;
  noVerdict: number;
}

function tally(rows: readonly Row[]): Table {
  const t: Table = { refusesError: 0, refusesNoError: 0, loadsError: 0, loadsNoError: 0, noVerdict: 0 };
  for (const r of rows) {
    if (r.reference.verdict === "no verdict") t.noVerdict++;
    else if (r.reference.verdict === "refuses") r.robokit.error ? t.refusesError++ : t.refusesNoError++;
    else r.robokit.error ? t.loadsError++ : t.loadsNoError++;
  }
  return t;
}

function percent(n: number, d: number): string {
  return d === 0 ? "n/a" : `${((100 * n) / d).toFixed(1)} %`;
}

function renderTable(name: string, t: Table): string {
  const refuses = t.refusesError + t.refusesNoError;
  const loads = t.loadsError + t.loadsNoError;
  return [
    `### ${name}`,
    "",
    "| reference | robokit error | robokit no error | files |",
    "|---|---|---|---|",
    `| refuses | ${t.refusesError} | ${t.refusesNoError} | ${refuses} |`,
    `| loads | ${t.loadsError} | ${t.loadsNoError} | ${loads} |`,
    "",
    `recall ${t.refusesError}/${refuses} = ${percent(t.refusesError, refuses)}; false errors ${t.loadsError}/${loads} = ${percent(t.loadsError, loads)}; no verdict ${t.noVerdict}`,
    "",
  ].join("\n");
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const flagValue = (flag: string): string | undefined => {
    const at = args.indexOf(flag);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const jsonOut = flagValue("--json");
  const previous = flagValue("--reference");
  const folder = args.find((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
  if (folder === undefined) {
    process.stderr.write(
      "usage: npx tsx scripts/heldout-agreement.ts FOLDER [--json OUT.json] [--reference PREVIOUS.json]\n",
    );
    process.exit(2);
  }
  if (!existsSync(bundle)) {
    process.stderr.write(`no ${bundle}: run npm run -s build first\n`);
    process.exit(2);
  }
  const files: string[] = [];
  const modelRoots = new Set<string>();
  walk(folder, files, modelRoots);
  // A MANIFEST.tsv (first column: path relative to FOLDER) narrows the run to the files it lists,
  // e.g. after dropping duplicates; the other files still serve as includes.
  const manifest = join(folder, "MANIFEST.tsv");
  if (existsSync(manifest)) {
    const listed = new Set(
      readFileSync(manifest, "utf8")
        .trim()
        .split("\n")
        .slice(1)
        .map((l) => join(folder, l.split("\t")[0] ?? "")),
    );
    files.splice(0, files.length, ...files.filter((f) => listed.has(f)));
  }
  const env: NodeJS.ProcessEnv = { ...process.env, SDF_PATH: [...modelRoots].sort().join(":") };
  delete env["GZ_SIM_RESOURCE_PATH"];
  delete env["IGN_GAZEBO_RESOURCE_PATH"];
  process.stderr.write(`${files.length} files, ${modelRoots.size} model folders on SDF_PATH\n`);

  const texts = new Map(files.map((f) => [f, readFileSync(f, "latin1")]));
  const isUrdf = (f: string): boolean => /<robot\b/.test(texts.get(f) ?? "") && !/<sdf\b/.test(texts.get(f) ?? "");
  const chunks: string[][] = [];
  for (let i = 0; i < files.length; i += ROBOKIT_CHUNK) chunks.push(files.slice(i, i + ROBOKIT_CHUNK));
  const recorded = new Map<string, Row>();
  if (previous !== undefined)
    for (const r of JSON.parse(readFileSync(previous, "utf8")) as Row[]) recorded.set(r.path, r);
  const toolJobs = files.map((f) => async () => {
    const old = recorded.get(relative(folder, f));
    if (old !== undefined)
      return old.kind === "urdf"
        ? { ign: old.ignOnUrdf ?? old.reference, cu: old.reference }
        : { ign: old.reference, cu: undefined };
    const ign = await ignVerdict(f, env, texts.get(f) ?? "");
    const cu = isUrdf(f) ? await checkUrdfVerdict(f, env) : undefined;
    return { ign, cu };
  });
  const tools = await pool(toolJobs);
  process.stderr.write("reference tools done\n");
  const ours = new Map<string, RobokitVerdict>();
  for (const m of await pool(chunks.map((c) => () => robokitChunk(c, env)))) for (const [k, v] of m) ours.set(k, v);

  const rows: Row[] = files.map((f, i) => {
    const t = tools[i];
    const urdf = t?.cu !== undefined;
    const none: ToolVerdict = { verdict: "no verdict", message: "not run" };
    return {
      path: relative(folder, f),
      kind: urdf ? "urdf" : "sdf",
      reference: (urdf ? t?.cu : t?.ign) ?? none,
      ignOnUrdf: urdf ? t?.ign : undefined,
      robokit: ours.get(f) ?? { error: true, first: "no robokit result" },
    };
  });

  const out: string[] = [];
  const urdfRows = rows.filter((r) => r.kind === "urdf");
  const sdfRows = rows.filter((r) => r.kind === "sdf");
  out.push(renderTable(`URDF (reference: check_urdf), ${urdfRows.length} files`, tally(urdfRows)));
  // The issue's own definition: a file counts as refused when any reference tool refuses it.
  const eitherTool = urdfRows.map((r) =>
    r.ignOnUrdf?.verdict === "refuses" && r.reference.verdict === "loads"
      ? { ...r, reference: { verdict: "refuses" as const, message: `ign sdf -k: ${r.ignOnUrdf.message}` } }
      : r,
  );
  out.push(
    renderTable(`URDF (reference: check_urdf or ign sdf -k refuses), ${urdfRows.length} files`, tally(eitherTool)),
  );
  out.push(renderTable(`SDF (reference: ign sdf -k), ${sdfRows.length} files`, tally(sdfRows)));
  out.push(renderTable(`all, ${rows.length} files`, tally(rows)));
  const tool = (r: Row): string => (r.kind === "urdf" ? "check_urdf" : "ign sdf -k");
  out.push("### Disagreements", "");
  for (const r of rows) {
    if (r.reference.verdict === "no verdict") continue;
    const refuses = r.reference.verdict === "refuses";
    if (refuses === r.robokit.error) continue;
    out.push(
      `- ${refuses ? "MISSED" : "FALSE ERROR"} ${r.path}`,
      `  ${tool(r)}: ${r.reference.message}`,
      `  robokit: ${r.robokit.error ? r.robokit.first : "no error"}`,
    );
    if (r.ignOnUrdf !== undefined) out.push(`  ign sdf -k: ${r.ignOnUrdf.verdict}: ${r.ignOnUrdf.message}`);
  }
  out.push("", "### URDF files where ign sdf -k and check_urdf disagree", "");
  for (const r of urdfRows) {
    const ign = r.ignOnUrdf;
    if (ign === undefined || ign.verdict === "no verdict" || ign.verdict === r.reference.verdict) continue;
    out.push(
      `- ${r.path}: check_urdf ${r.reference.verdict}, ign ${ign.verdict} (${ign.message}); robokit ${r.robokit.error ? `error ${r.robokit.first}` : "no error"}`,
    );
  }
  out.push("", "### No verdict", "");
  for (const r of rows) if (r.reference.verdict === "no verdict") out.push(`- ${r.path}: ${r.reference.message}`);
  process.stdout.write(`${out.join("\n")}\n`);
  if (jsonOut !== undefined) writeFileSync(jsonOut, `${JSON.stringify(rows, null, 1)}\n`);
}

await main();
