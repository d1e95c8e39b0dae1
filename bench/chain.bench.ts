// work grows linearly with the robot. A serial chain (the deepest tree) of 10,000 and
// 100,000 links. Each figure is one fresh Node process, so peak RSS belongs to that step alone:
// - the cores (model check, emitUrdf, emitSdf, urdfToModel, sdfToModel, the JSON document
//   reader) on a chain built in the process (bench/support/chainStage.ts), CPU of the step;
// - the CLI as a user runs it (`robokit convert` / `robokit emit`, compiled bundle), whole-process
//   CPU (user + system) and peak RSS from /usr/bin/time; `validate` too, which keeps the whole
//   element tree for its rules.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { emitSdf } from "../src/emit/sdf/emitSdf.js";
import { emitUrdf } from "../src/emit/urdf/emitUrdf.js";
import { chainRobot } from "./support/chainRobot.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..");
const stageScript = join(root, "bench", "support", "chainStage.ts");
const cli = join(root, "dist", "src", "bundle", "robokit.cjs");

/** Wall seconds, CPU seconds (user + system) and peak RSS (MiB) of one process run under /usr/bin/time. */
function timed(args: readonly string[]): {
  wall: number;
  cpu: number;
  rss: number;
  status: number | null;
  stdout: string;
} {
  const r = spawnSync("/usr/bin/time", ["-f", "%e %U %S %M", process.execPath, ...args], {
    encoding: "utf8",
    maxBuffer: 1 << 30,
  });
  const last = r.stderr.trim().split("\n").pop() ?? "";
  const [wall, user, system, kb] = last.split(" ").map(Number);
  return {
    wall: wall ?? NaN,
    cpu: (user ?? NaN) + (system ?? NaN),
    rss: (kb ?? NaN) / 1024,
    status: r.status,
    stdout: r.stdout,
  };
}

/** Runs the chain benchmark and prints two markdown tables. */
export async function runBench(): Promise<void> {
  if (!existsSync("/usr/bin/time")) {
    console.log("(skipped: /usr/bin/time is needed to measure a process's CPU and peak RSS)");
    return;
  }
  const stages = ["checkRobot", "emitUrdf", "emitSdf", "urdfToModel", "sdfToModel", "readRobotDocument"] as const;
  console.log("Cores, one process per step: CPU of the step (ms) / peak RSS of the process (MiB)\n");
  console.log(`| links | ${stages.join(" | ")} |`);
  console.log(`|---:|${stages.map(() => "---:").join("|")}|`);
  for (const n of [10_000, 100_000]) {
    const cells = stages.map((stage) => {
      const r = timed(["--import", "tsx", stageScript, stage, String(n)]);
      return r.status === 0 ? `${r.stdout.trim()} / ${r.rss.toFixed(0)}` : `failed (${r.status})`;
    });
    console.log(`| ${n} | ${cells.join(" | ")} |`);
  }

  const dir = mkdtempSync(join(tmpdir(), "robokit-chain-"));
  try {
    console.log("\nCLI, whole process: wall time (s), CPU time with V8's helper threads (s) / peak RSS (MiB)\n");
    console.log(
      "| links | convert URDF→SDF | convert SDF→URDF | emit JSON→URDF | emit JSON→SDF | validate URDF | validate SDF |",
    );
    console.log("|---:|---:|---:|---:|---:|---:|---:|");
    for (const n of [10_000, 100_000]) {
      const robot = chainRobot(n);
      const urdf = join(dir, `chain${n}.urdf`);
      const sdf = join(dir, `chain${n}.sdf`);
      const json = join(dir, `chain${n}.json`);
      writeFileSync(urdf, emitUrdf(robot));
      writeFileSync(sdf, emitSdf(robot, { version: "1.9" }));
      writeFileSync(json, JSON.stringify(robot));
      const runs = [
        [cli, "convert", urdf, "--to", "sdf"],
        [cli, "convert", sdf, "--to", "urdf"],
        [cli, "emit", json, "--format", "urdf"],
        [cli, "emit", json, "--format", "sdf"],
        [cli, "validate", urdf],
        [cli, "validate", sdf],
      ].map((args) => {
        const r = timed(args);
        return r.status === 0 ? `${r.wall.toFixed(2)} (${r.cpu.toFixed(2)}) / ${r.rss.toFixed(0)}` : `exit ${r.status}`;
      });
      console.log(`| ${n} | ${runs.join(" | ")} |`);
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  await Promise.resolve();
}
