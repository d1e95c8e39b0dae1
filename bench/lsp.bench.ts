// Language server benchmark: a 200-link xacro robot (one macro called 199 times) opened in
// `robokit lsp --stdio` (the built bundle), then edited 60 times; each edit's time until its
// diagnostics are published (the edits are 150 ms apart, so each follows a quiet spell and is
// validated at once; only a burst waits out its 30 ms window), the validation time inside the
// server's worker, and a `robokit validate` process on the same file for comparison.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { validateText } from "../src/cli/commands/validateCommand.js";
import { BUNDLE, LspClient } from "../test/support/lspClient.js";

const here = dirname(fileURLToPath(import.meta.url));
const LINKS = 200;
const EDITS = 60;

/** A chain of `links` links written as one xacro macro called once per link. */
export function chainXacro(links: number): string {
  const out = [
    `<?xml version="1.0"?>`,
    `<robot name="chain" xmlns:xacro="http://www.ros.org/wiki/xacro">`,
    `  <xacro:property name="length" value="0.1"/>`,
    `  <xacro:property name="radius" value="0.02"/>`,
    `  <xacro:property name="mass" value="0.3"/>`,
    `  <xacro:macro name="segment" params="i parent">`,
    `    <link name="link_\${i}">`,
    `      <inertial><origin xyz="0 0 \${length/2}"/><mass value="\${mass}"/>`,
    `        <inertia ixx="\${mass*(3*radius**2+length**2)/12}" ixy="0" ixz="0" iyy="\${mass*(3*radius**2+length**2)/12}" iyz="0" izz="\${mass*radius**2/2}"/></inertial>`,
    `      <visual><origin xyz="0 0 \${length/2}"/><geometry><cylinder radius="\${radius}" length="\${length}"/></geometry></visual>`,
    `      <collision><origin xyz="0 0 \${length/2}"/><geometry><cylinder radius="\${radius}" length="\${length}"/></geometry></collision>`,
    `    </link>`,
    `    <joint name="joint_\${i}" type="revolute">`,
    `      <parent link="\${parent}"/><child link="link_\${i}"/>`,
    `      <origin xyz="0 0 \${length}"/><axis xyz="0 1 0"/>`,
    `      <limit lower="-1.5" upper="1.5" effort="20" velocity="2"/>`,
    `    </joint>`,
    `  </xacro:macro>`,
    `  <link name="base_link"/>`,
    `  <xacro:segment i="1" parent="base_link"/>`,
  ];
  for (let i = 2; i < links; i++) out.push(`  <xacro:segment i="${i}" parent="link_${i - 1}"/>`);
  out.push(`</robot>`, ``);
  return out.join("\n");
}

/** User plus system CPU time of a process so far, milliseconds (Linux /proc), or undefined. */
function processCpuMs(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined;
  try {
    // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

function quantile(sorted: readonly number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

export async function runBench(): Promise<void> {
  const tmp = join(here, "results", "tmp");
  mkdirSync(tmp, { recursive: true });
  const path = join(tmp, `chain${LINKS}.urdf.xacro`);
  let text = chainXacro(LINKS);
  writeFileSync(path, text);
  const uri = pathToFileURL(path).href;
  const client = new LspClient();
  const workerMs: number[] = [];
  client.on<{ message: string }>("window/logMessage", (p) => {
    const m = /validated .* in (\d+) ms/.exec(p.message);
    if (m !== null) workerMs.push(Number(m[1]));
  });
  await client.initialize();
  type Published = { uri: string; version?: number; diagnostics: unknown[] };
  let t0 = performance.now();
  let published = client.next<Published>("textDocument/publishDiagnostics", (p) => p.uri === uri);
  client.notify("textDocument/didOpen", { textDocument: { uri, languageId: "xml", version: 1, text } });
  const opened = await published;
  const openMs = performance.now() - t0;
  const editMs: number[] = [];
  const cpu0 = processCpuMs(client.child.pid);
  for (let v = 2; v < EDITS + 2; v++) {
    text = text.replace(/name="mass" value="[^"]*"/, `name="mass" value="0.3${v}"`);
    t0 = performance.now();
    published = client.next<Published>("textDocument/publishDiagnostics", (p) => p.uri === uri);
    client.notify("textDocument/didChange", { textDocument: { uri, version: v }, contentChanges: [{ text }] });
    await published;
    editMs.push(performance.now() - t0);
    await new Promise((r) => setTimeout(r, 150));
  }
  const cpu1 = processCpuMs(client.child.pid);
  await client.stop();
  const cliMs: number[] = [];
  for (let i = 0; i < 10; i++) {
    t0 = performance.now();
    spawnSync(process.execPath, [BUNDLE, "validate", path], { encoding: "utf8" });
    cliMs.push(performance.now() - t0);
  }
  // The same validation in this process, warm: its CPU time does not depend on the machine's load.
  const cpuMs: number[] = [];
  for (let i = 0; i < 30; i++) {
    const c0 = process.cpuUsage();
    validateText(path, text, { displayName: path });
    const c = process.cpuUsage(c0);
    if (i >= 10) cpuMs.push((c.user + c.system) / 1000);
  }
  const cpu = cpuMs.sort((a, b) => a - b);
  const edits = [...editMs].sort((a, b) => a - b);
  const inWorker = workerMs.slice(1).sort((a, b) => a - b);
  const cli = [...cliMs].sort((a, b) => a - b);
  console.log(`${LINKS}-link xacro, ${EDITS} edits, ${opened.diagnostics.length} diagnostic(s) on open\n`);
  const row = (what: string, xs: readonly number[]): string =>
    `| ${what} | ${quantile(xs, 0.5).toFixed(0)} ms | ${quantile(xs, 0.9).toFixed(0)} ms | ${quantile(xs, 0.95).toFixed(0)} ms |`;
  console.log("| measure | median | p90 | p95 |");
  console.log("|---|---|---|---|");
  console.log(`| open → diagnostics (worker start included) | ${openMs.toFixed(0)} ms | | |`);
  console.log(row("edit → diagnostics published", edits));
  console.log(row("validation in the server's worker", inWorker));
  console.log(row("validation CPU time (in process, warm)", cpu));
  console.log(row("`robokit validate` process, same file", cli));
  // CPU the server (main thread and worker) spent per edit: what an edit costs on a quiet machine.
  if (cpu0 !== undefined && cpu1 !== undefined) {
    const perEdit = (cpu1 - cpu0) / EDITS;
    console.log(
      `\nserver CPU per edit (main thread and worker, /proc): ${perEdit.toFixed(0)} ms; on a quiet machine an edit after a pause has its diagnostics after about this`,
    );
  }
  // The targets: p95 ≤ 200 ms, and at most half a validate process (both measured in this run).
  const p95 = quantile(edits, 0.95);
  const ratio = p95 / quantile(cli, 0.5);
  console.log(
    `\nedit → diagnostics p95 ${p95.toFixed(0)} ms (target ≤ 200 ms: ${p95 <= 200 ? "met" : "missed"}); ` +
      `ratio to the median \`robokit validate\` process ${ratio.toFixed(2)} (target ≤ 0.5: ${ratio <= 0.5 ? "met" : "missed"})`,
  );
}
