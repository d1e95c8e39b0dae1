// the Slurm path for real. A one-node cluster on localhost (munged, slurmctld and slurmd
// from Debian's munge and slurm-wlm, every file in a temporary folder) runs a sweep as a job array,
// one shard per array task; `robokit sim merge` over the shards must give the files of one
// unsharded run, byte for byte.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, hostname, tmpdir, userInfo } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { haveTool, type ToolRun } from "../support/tools.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bundle = join(root, "dist", "src", "bundle", "main.js");

// The daemons live in /usr/sbin, which a non-root user's PATH often lacks.
process.env["PATH"] = [process.env["PATH"] ?? "", "/usr/sbin", "/sbin"].join(":");

const purpose = "one-node Slurm cluster for the sharded sweep (Debian slurm-wlm, munge)";
const tools = ["munged", "munge", "slurmctld", "slurmd", "sbatch", "squeue", "sinfo", "scancel"];
const haveTools = tools.every((t) => haveTool(t, purpose));
/** npm test builds first; a local run without dist/ skips loudly, CI fails. */
function haveBundle(): boolean {
  if (existsSync(bundle)) return true;
  if (process.env["CI"] === "true") throw new Error(`${bundle} is missing in CI; npm test must build first`);
  process.stderr.write(`\n*** SKIPPED: ${purpose}: ${bundle} is not built (npm run build) ***\n\n`);
  return false;
}
/**
 * slurmd must run as root (it starts each job as the submitting user; as anyone else it exits at
 * once). .ci/run runs as root; a local run as another user skips loudly, CI fails.
 */
function haveRoot(): boolean {
  if (process.getuid?.() === 0) return true;
  if (process.env["CI"] === "true") throw new Error(`${purpose}: slurmd needs root; run .ci/run as root`);
  process.stderr.write(`\n*** SKIPPED: ${purpose}: slurmd needs root, this is uid ${process.getuid?.()} ***\n\n`);
  return false;
}
const ready = haveTools && haveBundle() && haveRoot();

const SHARDS = 3;
/** The sweep every shard and the unsharded run share (6 runs of 3 s keep the test near 30 s). */
const sweepArgs = (vary: string): string[] => [
  ...["sim", "mario", "--scenario", "paper", "--runs", "6", "--seed", "7", "--duration", "3"],
  ...["--vary", vary, "--jobs", "1"],
];

/** States after which a Slurm job no longer changes (squeue %T). */
const finalStates = new Set([
  "COMPLETED",
  "FAILED",
  "CANCELLED",
  "TIMEOUT",
  "NODE_FAIL",
  "OUT_OF_MEMORY",
  "BOOT_FAIL",
  "DEADLINE",
  "PREEMPTED",
]);

interface Daemon {
  readonly name: string;
  readonly child: ChildProcess;
  readonly logs: readonly string[];
  exited: string | null;
}

let dir = "";
let env: NodeJS.ProcessEnv = {};
let jobId = "";
const daemons: Daemon[] = [];

/** The last lines of a log, for a failure message. */
function tail(file: string, lines = 25): string {
  if (!existsSync(file)) return `--- ${file}: missing ---`;
  return `--- ${file} ---\n${readFileSync(file, "utf8").trimEnd().split("\n").slice(-lines).join("\n")}`;
}

/** Every log of every daemon, for a failure message. */
const allLogs = (): string =>
  daemons.flatMap((d) => d.logs.filter((f) => existsSync(f)).map((f) => tail(f))).join("\n");

/** Runs a Slurm or munge client with the cluster's SLURM_CONF, a 30 s timeout, never throwing. */
function client(command: string, args: readonly string[]): ToolRun {
  const r = spawnSync(command, args, { encoding: "utf8", timeout: 30_000, env, cwd: dir });
  return { status: r.status, stdout: r.stdout ?? "", stderr: r.stderr ?? "" };
}

/** Starts a daemon in the foreground (we own its pid), stdout and stderr into `<name>.out`. */
function start(name: string, command: string, args: readonly string[], logs: readonly string[]): Daemon {
  const out = join(dir, `${name}.out`);
  const fd = openSync(out, "a");
  const child = spawn(command, args, { stdio: ["ignore", fd, fd], env, cwd: dir });
  closeSync(fd);
  const d: Daemon = { name, child, logs: [out, ...logs], exited: null };
  child.on("exit", (code, signal) => {
    d.exited = `exited with ${signal ?? code}`;
  });
  child.on("error", (e) => {
    d.exited = `failed to start: ${e.message}`;
  });
  daemons.push(d);
  return d;
}

// Should the test worker die before afterAll runs, leave no daemon behind.
process.once("exit", () => {
  for (const d of daemons) if (d.exited === null) d.child.kill("SIGKILL");
});

/**
 * Polls `check` every 250 ms until it is true. Fails with the daemons' log tails when `timeoutMs`
 * passes or a daemon exits, so a cluster that will not come up is a clear failure, not a hang.
 */
async function waitFor(what: string, timeoutMs: number, check: () => boolean): Promise<void> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const dead = daemons.find((d) => d.exited !== null);
    if (dead !== undefined) throw new Error(`${dead.name} ${dead.exited} while waiting for ${what}\n${allLogs()}`);
    if (check()) return;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs / 1000} s waiting for ${what}\n${allLogs()}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** A TCP port nobody listens on now (the kernel's choice), so parallel runs do not clash. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.on("error", reject);
    s.listen(0, "127.0.0.1", () => {
      const a = s.address();
      const port = typeof a === "object" && a !== null ? a.port : 0;
      s.close(() => resolve(port));
    });
  });
}

/** SIGTERM, then SIGKILL after 10 s; resolves once the process is gone. */
async function stop(d: Daemon): Promise<void> {
  if (d.exited !== null || d.child.exitCode !== null || d.child.signalCode !== null) return;
  const gone = new Promise<void>((r) => d.child.once("exit", () => r()));
  d.child.kill("SIGTERM");
  const timer = setTimeout(() => d.child.kill("SIGKILL"), 10_000);
  await gone;
  clearTimeout(timer);
}

/** A folder's files, as bytes. */
function files(folder: string): Record<string, Buffer> {
  return Object.fromEntries(
    readdirSync(folder)
      .sort()
      .map((f) => [f, readFileSync(join(folder, f))]),
  );
}

/** Runs the bundled CLI (the package's bin) outside Slurm. */
function robokit(args: readonly string[]): ToolRun {
  const r = spawnSync(process.execPath, [bundle, ...args], { encoding: "utf8", timeout: 120_000, cwd: dir });
  return { status: r.status, stdout: r.stdout ?? "", stderr: r.stderr ?? "" };
}

describe.skipIf(!ready)("a Slurm job array runs the shards of a sweep (one-node cluster on localhost)", () => {
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "robokit-slurm-"));
    // munged wants its socket's folder searchable by all, and nothing in it writable by others.
    chmodSync(dir, 0o711);
    const user = userInfo().username;
    const node = hostname().split(".")[0] ?? "localhost";
    const [ctldPort, slurmdPort] = [await freePort(), await freePort()];
    const socket = join(dir, "munge.sock");
    const conf = join(dir, "slurm.conf");
    env = { ...process.env, SLURM_CONF: conf };
    for (const sub of ["state", "spool"]) mkdirSync(join(dir, sub));

    // The key munged signs credentials with: random bytes, readable by its owner only.
    writeFileSync(join(dir, "munge.key"), randomBytes(1024), { mode: 0o400 });
    const mungeLog = join(dir, "munged.log");
    start(
      "munged",
      "munged",
      [
        "--foreground",
        `--socket=${socket}`,
        `--key-file=${join(dir, "munge.key")}`,
        `--pid-file=${join(dir, "munged.pid")}`,
        `--log-file=${mungeLog}`,
        `--seed-file=${join(dir, "munged.seed")}`,
      ],
      [mungeLog],
    );
    await waitFor("munged to answer on its socket", 15_000, () => client("munge", ["-n", "-S", socket]).status === 0);

    writeFileSync(join(dir, "plugstack.conf"), "");
    writeFileSync(
      conf,
      [
        "ClusterName=robokit",
        `SlurmctldHost=${node}(127.0.0.1)`,
        `SlurmctldPort=${ctldPort}`,
        `SlurmdPort=${slurmdPort}`,
        `SlurmUser=${user}`,
        "AuthType=auth/munge",
        "CredType=cred/munge",
        `AuthInfo=socket=${socket}`,
        "MpiDefault=none",
        "ProctrackType=proctrack/linuxproc",
        "TaskPlugin=task/none",
        "SelectType=select/cons_tres",
        "SelectTypeParameters=CR_Core",
        "ReturnToService=2",
        "MailProg=/bin/true",
        "AccountingStorageType=accounting_storage/none",
        "JobCompType=jobcomp/none",
        "JobAcctGatherType=jobacct_gather/none",
        `StateSaveLocation=${join(dir, "state")}`,
        `SlurmdSpoolDir=${join(dir, "spool")}`,
        `SlurmctldPidFile=${join(dir, "slurmctld.pid")}`,
        `SlurmdPidFile=${join(dir, "slurmd.pid")}`,
        `SlurmctldLogFile=${join(dir, "slurmctld.log")}`,
        `SlurmdLogFile=${join(dir, "slurmd.log")}`,
        `PlugStackConfig=${join(dir, "plugstack.conf")}`,
        `NodeName=${node} NodeAddr=127.0.0.1 CPUs=${availableParallelism()} State=UNKNOWN`,
        "PartitionName=debug Nodes=ALL Default=YES MaxTime=INFINITE State=UP",
        "",
      ].join("\n"),
    );
    start("slurmctld", "slurmctld", ["-D"], [join(dir, "slurmctld.log")]);
    start("slurmd", "slurmd", ["-D", "-N", node], [join(dir, "slurmd.log")]);
    await waitFor(`node ${node} idle in sinfo`, 45_000, () => {
      const r = client("sinfo", ["-h", "-N", "-n", node, "-o", "%t"]);
      return r.status === 0 && r.stdout.trim() === "idle";
    });
  }, 90_000);

  afterAll(async () => {
    // Cancel first: slurmstepd and the job outlive slurmd otherwise.
    if (jobId !== "") client("scancel", [jobId]);
    for (const d of [...daemons].reverse()) await stop(d);
    if (dir !== "") rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it("every array task writes its shard, and `sim merge` gives the unsharded run's files byte for byte", async () => {
    const vary = join(dir, "vary.yaml");
    writeFileSync(vary, "parameters:\n  mass:base_link: { uniform: [9, 11] }\n  friction: { uniform: [0.8, 1.2] }\n");
    const script = join(dir, "shard.sbatch");
    const cli = [process.execPath, bundle, ...sweepArgs(vary)].map((a) => `'${a}'`).join(" ");
    writeFileSync(
      script,
      `#!/bin/sh\nexec ${cli} --shard "$SLURM_ARRAY_TASK_ID/${SHARDS}" --out "shard-$SLURM_ARRAY_TASK_ID"\n`,
    );
    const submitted = client("sbatch", [
      "--parsable",
      `--array=0-${SHARDS - 1}`,
      `--chdir=${dir}`,
      `--output=${join(dir, "task-%a.out")}`,
      "--ntasks=1",
      "--cpus-per-task=1",
      "--time=3",
      script,
    ]);
    expect(submitted.status, submitted.stderr).toBe(0);
    jobId = submitted.stdout.trim().split(";")[0] ?? "";
    expect(jobId).toMatch(/^\d+$/);

    // Finished array tasks stay in squeue --states=all (MinJobAge, 300 s by default).
    let states = new Map<string, string>();
    await waitFor(`array job ${jobId} to finish`, 90_000, () => {
      const r = client("squeue", ["-h", "-r", "-j", jobId, "-t", "all", "-o", "%K %T"]);
      states = new Map(
        r.stdout
          .trim()
          .split("\n")
          .map((l) => l.trim().split(/\s+/) as [string, string]),
      );
      return states.size === SHARDS && [...states.values()].every((s) => finalStates.has(s));
    });
    const taskOutputs = (): string =>
      [...Array.from({ length: SHARDS }, (_, i) => tail(join(dir, `task-${i}.out`))), allLogs()].join("\n");
    expect([...states.entries()].sort(), `array tasks did not all complete:\n${taskOutputs()}`).toEqual(
      Array.from({ length: SHARDS }, (_, i) => [String(i), "COMPLETED"]),
    );

    // Each task wrote its own shard, and the shards split the runs between them.
    const covered: number[] = [];
    for (let i = 0; i < SHARDS; i++) {
      const shard = join(dir, `shard-${i}`);
      expect(existsSync(join(shard, "runs.csv")), `shard ${i}:\n${taskOutputs()}`).toBe(true);
      const manifest = JSON.parse(readFileSync(join(shard, "manifest.json"), "utf8")) as {
        shard: { index: number; count: number };
        runIndices: number[];
      };
      expect(manifest.shard).toEqual({ index: i, count: SHARDS });
      expect(manifest.runIndices.length).toBeGreaterThan(0);
      covered.push(...manifest.runIndices);
    }
    expect(covered.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5]);

    const merged = robokit([
      "sim",
      "merge",
      ...Array.from({ length: SHARDS }, (_, i) => join(dir, `shard-${i}`)),
      "--out",
      join(dir, "merged"),
    ]);
    expect(merged.status, merged.stderr).toBe(0);
    const whole = robokit([...sweepArgs(vary), "--out", join(dir, "whole")]);
    expect(whole.status, whole.stderr).toBe(0);

    const one = files(join(dir, "whole"));
    const all = files(join(dir, "merged"));
    for (const name of ["runs.csv", "summary.json", "summary.md"]) {
      expect(all[name], name).toBeDefined();
      expect(all[name]?.equals(one[name] ?? Buffer.alloc(0)), `${name} differs from the unsharded run's`).toBe(true);
    }
    expect(Object.keys(all)).toEqual(Object.keys(one));
    // The runs really ran: six rows, seeds 7..12 in run order.
    const rows = (one["runs.csv"]?.toString("utf8") ?? "").trimEnd().split("\n").slice(1);
    expect(rows.map((l) => l.split(",").slice(0, 2).join(","))).toEqual([0, 1, 2, 3, 4, 5].map((r) => `${r},${7 + r}`));
  }, 150_000);
});
