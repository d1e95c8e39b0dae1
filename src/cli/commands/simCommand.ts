import { existsSync, readdirSync } from "node:fs";
import { dirname, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { Command, Option } from "commander";

import type { Artifact } from "../../emit/Artifact.js";
import { MJCF_PHYSICS } from "../../emit/mjcf/mjcfPhysics.js";
import type { Robot } from "../../model/Robot.js";
import { loadMujoco } from "../../sim/mujoco/loadMujoco.js";
import { MjcfLoadError } from "../../sim/mujoco/MjcfLoadError.js";
import { driveFromModel } from "../../kinematics/driveFromModel.js";
import { driveJoints } from "../../kinematics/driveJoints.js";
import { slowSteeringServos } from "../../sim/slowSteeringServos.js";
import { mjcfDriveWarnings } from "../../emit/mjcf/mjcfDriveWarnings.js";
import { formatDiagnostic } from "../../diagnostics/formatDiagnostic.js";
import { readScenario } from "../../sim/readScenario.js";
import { runSimulation } from "../../sim/runSimulation.js";
import { scenarioDuration } from "../../sim/scenarioDuration.js";
import { simulationLimitProblems } from "../../sim/simulationLimits.js";
import type { Scenario } from "../../sim/Scenario.js";
import { simulationCsvChunks } from "../../sim/simulationCsv.js";
import { simulationMetrics } from "../../sim/simulationMetrics.js";
import { simulationPlots } from "../../sim/simulationPlots.js";
import { simulationSummary, type SeedComparison } from "../../sim/simulationSummary.js";
import { InputError, UsageError } from "../errors.js";
import { loadRobot } from "../loadRobot.js";
import { readInputFile } from "../readInputFile.js";
import { INPUT_LIMITS } from "../../util/inputLimits.js";
import { safePathSegment } from "../safePathSegment.js";
import { writePackage, type StreamedArtifact } from "../writePackage.js";
import { escapeTerminal } from "../../diagnostics/escapeTerminal.js";
import { escapeMarkdown } from "../../util/escapeMarkdown.js";
import { applyVariation } from "../../sim/sweep/applyVariation.js";
import { mergeSweeps, type SweepPart } from "../../sim/sweep/mergeSweeps.js";
import { readSweepVariation } from "../../sim/sweep/readSweepVariation.js";
import type { SweepSpec } from "../../sim/sweep/runSweepRun.js";
import { MAX_SWEEP_RUNS, MAX_SWEEP_SEED, shardRuns } from "../../sim/sweep/SweepManifest.js";
import { readSweepManifest } from "../../sim/sweep/readSweepManifest.js";
import { wasmMemoryProblem } from "../../sim/mujoco/wasmMemoryProblem.js";
import type { SweepVariation } from "../../sim/sweep/SweepVariation.js";
import {
  defaultJobs,
  runSweepRuns,
  sha256,
  sweepArtifacts,
  sweepIdentity,
  sweepManifest,
  sweepRunsCsv,
} from "../simSweep.js";
import { sweepProgressLine } from "../sweepProgressLine.js";
import { helpExamples } from "../helpExamples.js";
import { CONTROLLER_DISTROS, type ControllerDistro } from "../../validate/controllers/ControllerDefinitions.js";
import { loadControlledRobot } from "../loadControlledRobot.js";
import { describeControllerDrive } from "../../validate/controllers/describeControllerDrive.js";

interface SimOptions {
  scenario?: string;
  controllers?: string;
  distro: ControllerDistro;
  arg: string[];
  includePath?: string[];
  runs?: string;
  vary?: string;
  jobs?: string;
  shard?: string;
  duration?: string;
  rate?: string;
  out?: string;
  seed: string;
  view?: boolean;
  open?: boolean;
}

/** The package root (holds package.json and scenarios/), from src/ or dist/src/. */
function packageRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json")) || !existsSync(join(dir, "scenarios"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error("robokit: cannot find the package's scenarios/ folder");
    dir = up;
  }
  return dir;
}

/** Shipped scenarios for a robot: scenarios/<robot>/<name>.yaml. */
function shippedScenarios(robot: string): string[] {
  const dir = join(packageRoot(), "scenarios", robot);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .map((f) => f.slice(0, -".yaml".length))
    .sort();
}

function positive(text: string | undefined, flag: string): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (!Number.isFinite(v) || v <= 0) throw new UsageError(`${flag} must be a number > 0, got "${text}"`);
  return v;
}

function resolveScenario(arg: string, robot: Robot): { scenario: Scenario; file: string } {
  const ext = extname(arg).toLowerCase();
  let file: string;
  if (existsSync(arg) && (ext === ".yaml" || ext === ".yml" || ext === ".json")) {
    file = arg;
  } else if (ext === "" && /^[A-Za-z0-9_-]+$/.test(arg)) {
    const names = /^[A-Za-z0-9_-]+$/.test(robot.name) ? shippedScenarios(robot.name) : [];
    if (!names.includes(arg)) {
      throw new UsageError(
        `no scenario "${arg}" for robot "${robot.name}"${names.length > 0 ? ` (shipped: ${names.join(", ")})` : " (none shipped; pass a .yaml file)"}`,
      );
    }
    file = relative(process.cwd(), join(packageRoot(), "scenarios", robot.name, `${arg}.yaml`));
  } else if (ext === ".yaml" || ext === ".yml" || ext === ".json") {
    throw new InputError(`${arg}: file not found`, [
      { code: "FILE_READ_ERROR", severity: "error", message: "file not found", file: arg },
    ]);
  } else {
    throw new UsageError(`--scenario takes a shipped scenario name or a .yaml/.json file, got "${arg}"`);
  }
  const result = readScenario(readInputFile(file, INPUT_LIMITS.maxDocumentBytes).toString("utf8"), file);
  if (result.scenario === undefined) throw new InputError(`${file}: invalid scenario`, result.diagnostics);
  if (result.scenario.robot !== undefined && result.scenario.robot !== robot.name) {
    throw new InputError(
      `${file}: scenario "${result.scenario.name}" is written for robot "${result.scenario.robot}", not "${robot.name}"`,
    );
  }
  return { scenario: result.scenario, file };
}

function comparisonFor(robot: Robot, scenario: Scenario): SeedComparison {
  // Table 1's drive was a joystick playback: a generated joystick drive compares with it too.
  if (robot.name === "mario" && (scenario.name === "paper" || scenario.profile.type === "joystick"))
    return "mario-table-1";
  if (robot.name === "robotino" && scenario.profile.type === "rose") return "robotino-rose";
  return "none";
}

/**
 * `robokit sim <robot> --scenario <name|file>`: drives the robot in MuJoCo (mujoco-js)
 * with robokit's kinematics in the loop and writes trace.csv, SVG plots, summary.md and
 * summary.json atomically to --out. Progress goes to stderr.
 */
export function simCommand(): Command {
  return (
    new Command("sim")
      .description("drive a robot through a scenario in MuJoCo (WebAssembly) and write CSV, plots and a summary")
      .addHelpText(
        "after",
        helpExamples(
          "robokit sim mario -s paper -o out/sim/mario",
          "robokit sim robotino -s rose --duration 10 --view --open",
          "robokit sim mario -s paper --runs 100 --vary vary.yaml -o out/sweep",
          "robokit sim husky.urdf.xacro --controllers control.yaml --distro humble -I ws/src -s forward.yaml",
        ),
      )
      .argument(
        "<robot>",
        "bundled example name, robot document (.json/.yaml), module (.ts/.js), or with --controllers a URDF, xacro or SDF file",
      )
      // Checked in the action, not by commander: a required option here would also be demanded of `sim merge`.
      .option(
        "-s, --scenario <name|file>",
        "shipped scenario name (e.g. paper, rose) or a scenario .yaml file (required)",
      )
      .option(
        "--controllers <file>",
        "a URDF/xacro/SDF robot's ros2_control parameter file: drive the base as its diff_drive, mecanum, steering or omni controller does (docs/simulate-your-robot.md)",
      )
      .addOption(
        new Option("--distro <distro>", "with --controllers: the ROS 2 distro whose controllers read the file")
          .choices(CONTROLLER_DISTROS)
          .default("jazzy"),
      )
      .option(
        "--arg <name:=value>",
        "with --controllers: a xacro argument (repeatable)",
        (v: string, all: string[]) => [...all, v],
        [] as string[],
      )
      .option("-I, --include-path <dir...>", "with --controllers: folders searched for xacro's ROS packages")
      .option("--duration <s>", "simulated time in seconds (default: the scenario's)")
      .option("--rate <hz>", "controller rate in Hz (default: the scenario's, else 100)")
      .option("-o, --out <dir>", "output directory (default: out/sim/<robot>/<scenario>)")
      .option("--seed <n>", "seed of the sensor noise", "1")
      .option(
        "--runs <n>",
        "sweep: N runs with seeds --seed … --seed+N−1; writes runs.csv, summary.md/json, manifest.json",
      )
      .option("--vary <file>", "sweep: YAML of parameter ranges drawn per run (docs/sweeps.md)")
      .option("--jobs <j>", "sweep: runs in parallel on J worker threads (default: one per core)")
      .option(
        "--shard <i/n>",
        "sweep: only the runs with index ≡ i (mod n), i in 0…n−1; merge with `robokit sim merge`",
      )
      .option("--view", "then play the run back in robokit view (serves the page, prints its address; Ctrl+C stops)")
      .option("--open", "with --view: open the page in the default browser")
      .action(async (robotArg: string, opts: SimOptions) => {
        if (opts.scenario === undefined)
          throw new UsageError("required option '-s, --scenario <name|file>' not specified");
        const noWasm = wasmMemoryProblem();
        if (noWasm !== undefined) throw new InputError(noWasm);
        if (opts.runs !== undefined || opts.vary !== undefined || opts.jobs !== undefined || opts.shard !== undefined) {
          if (opts.view === true)
            throw new UsageError("--view plays one run; it does not combine with a sweep (--runs)");
          await runSweepCommand(robotArg, { ...opts, scenario: opts.scenario });
          return;
        }
        const duration = positive(opts.duration, "--duration");
        const rate = positive(opts.rate, "--rate");
        const seed = wholeNumber(opts.seed, "--seed", 0, MAX_SWEEP_SEED) as number;
        if (rate !== undefined) {
          const substeps = 1 / (rate * MJCF_PHYSICS.timestep);
          if (Math.abs(substeps - Math.round(substeps)) > 1e-6 || Math.round(substeps) < 1) {
            throw new UsageError(
              `--rate ${rate} Hz must divide the physics rate ${1 / MJCF_PHYSICS.timestep} Hz (e.g. 50, 100, 250)`,
            );
          }
        }
        const robot = await loadSimRobot(robotArg, opts);
        const { scenario } = resolveScenario(opts.scenario, robot);
        // Names from documents become folders only when they are plain names.
        const out =
          opts.out ??
          join(
            "out",
            "sim",
            safePathSegment(robot.name, "robot name", robotArg),
            safePathSegment(scenario.name, "scenario name", opts.scenario),
          );
        const total = duration ?? scenarioDuration(scenario);
        if (duration !== undefined || rate !== undefined) {
          // The scenario's own settings were checked when it was read; the flags are checked here.
          const [tooMuch] = simulationLimitProblems(total, rate ?? scenario.rate ?? 100);
          if (tooMuch !== undefined)
            throw new UsageError(
              `${tooMuch.setting === "rate" ? "--rate" : duration !== undefined ? "--duration" : "--rate"}: ${tooMuch.message}`,
            );
        }
        const drive = driveFromModel(robot).drive;
        for (const w of slowSteeringServos(robot, drive === undefined ? [] : driveJoints(drive).steerJoints))
          process.stderr.write(`robokit sim: warning: ${escapeTerminal(w)}\n`);
        for (const d of mjcfDriveWarnings(robot))
          process.stderr.write(`${formatDiagnostic({ ...d, file: robotArg })}\n`);
        const mujoco = await loadMujoco();
        const started = performance.now();
        const progress = (fraction: number, t: number): void => {
          if (total < 10 || (fraction < 1 && Math.round(t) % 10 !== 0)) return;
          const wall = (performance.now() - started) / 1000;
          process.stderr.write(
            `robokit sim: ${t.toFixed(0)} / ${total.toFixed(1)} s simulated (${Math.round(100 * fraction)} %, ${(t / Math.max(wall, 1e-9)).toFixed(1)}× real time)\n`,
          );
        };
        let trace: ReturnType<typeof runSimulation>;
        try {
          trace = runSimulation(robot, scenario, {
            mujoco,
            ...(duration === undefined ? {} : { duration }),
            ...(rate === undefined ? {} : { rate }),
            seed,
            onProgress: progress,
          });
        } catch (error) {
          if (error instanceof MjcfLoadError) throw new InputError(error.message);
          if (error instanceof RangeError) throw new InputError(`${robotArg}: cannot simulate: ${error.message}`);
          throw error;
        }
        const wall = (performance.now() - started) / 1000;
        const metrics = simulationMetrics(trace, scenario.settleTime ?? 0);
        const summary = simulationSummary(metrics, comparisonFor(robot, scenario));
        const artifacts: (Artifact | StreamedArtifact)[] = [
          // Written piece by piece: an hour's trace is about 100 MB of CSV.
          { path: "trace.csv", chunks: simulationCsvChunks(trace) },
          ...simulationPlots(trace, { robot: robot.name, scenario: scenario.name }),
          {
            path: "summary.md",
            content: `# ${escapeMarkdown(robot.name)}: ${escapeMarkdown(scenario.name)}\n\n${scenario.description ?? ""}\n\n${summary}`,
          },
          {
            path: "summary.json",
            content: `${JSON.stringify({ robot: robot.name, scenario: scenario.name, seed, rate: 1 / trace.dt, metrics }, null, 2)}\n`,
          },
        ];
        const written = writePackage(out, artifacts);
        process.stdout.write(
          `${escapeTerminal(`robokit: simulated ${metrics.duration.toFixed(1)} s of "${scenario.name}" for "${robot.name}" in ${wall.toFixed(1)} s; wrote ${written.length} files to ${out}`)}\n`,
        );
        for (const file of written)
          process.stdout.write(`  ${escapeTerminal(relative(process.cwd(), resolve(file)))}\n`);
        process.stdout.write(`\n${escapeTerminal(summary, true)}`);
        if (opts.view === true) {
          // The same as `robokit view <robot> --trace <out>/trace.csv`.
          const { runView } = await import("../view/runView.js");
          await runView(robotArg, {
            trace: join(out, "trace.csv"),
            ...(opts.open === true ? { open: true } : {}),
            camera: "iso",
            size: "1280x800",
            watch: false,
          });
        }
      })
      .addCommand(mergeCommand())
  );
}

/**
 * The robot to drive: a robokit robot as `loadRobot` reads it, or with --controllers a URDF,
 * xacro or SDF robot with the drive its controllers give it (what was read and what the drive
 * leaves out go to stderr).
 */
async function loadSimRobot(robotArg: string, opts: SimOptions): Promise<Robot> {
  if (opts.controllers === undefined) {
    if (opts.arg.length > 0 || opts.includePath !== undefined)
      throw new UsageError(
        "--arg and -I read a xacro robot for --controllers; a robot without --controllers takes neither",
      );
    return loadRobot(robotArg);
  }
  const c = loadControlledRobot(robotArg, {
    controllers: opts.controllers,
    distro: opts.distro,
    args: opts.arg,
    ...(opts.includePath === undefined ? {} : { includePaths: opts.includePath }),
  });
  for (const d of c.warnings) if (d.severity !== "info") process.stderr.write(`${formatDiagnostic(d)}\n`);
  for (const line of [...describeControllerDrive(c.drive), ...c.replaced])
    process.stderr.write(`robokit sim: ${escapeTerminal(line)}\n`);
  return c.robot;
}

function checkRate(rate: number | undefined): void {
  if (rate === undefined) return;
  const substeps = 1 / (rate * MJCF_PHYSICS.timestep);
  if (Math.abs(substeps - Math.round(substeps)) > 1e-6 || Math.round(substeps) < 1) {
    throw new UsageError(
      `--rate ${rate} Hz must divide the physics rate ${1 / MJCF_PHYSICS.timestep} Hz (e.g. 50, 100, 250)`,
    );
  }
}

function wholeNumber(
  text: string | undefined,
  flag: string,
  min: number,
  max = Number.MAX_SAFE_INTEGER,
): number | undefined {
  if (text === undefined) return undefined;
  const v = Number(text);
  if (!/^\d+$/.test(text.trim()) || !Number.isSafeInteger(v) || v < min || v > max)
    throw new UsageError(`${flag} must be a whole number from ${min} to ${max}, got "${text}"`);
  return v;
}

/** `--shard i/n` (0 ≤ i < n). */
function parseShard(text: string | undefined): { index: number; count: number } {
  if (text === undefined) return { index: 0, count: 1 };
  const m = /^(\d+)\/(\d+)$/.exec(text.trim());
  const index = Number(m?.[1]);
  const count = Number(m?.[2]);
  if (m === null || !(count >= 1) || !(index < count))
    throw new UsageError(`--shard takes i/n with 0 ≤ i < n (e.g. 0/4), got "${text}"`);
  return { index, count };
}

const simWorkerUrl = new URL(import.meta.url.endsWith(".ts") ? "./simWorker.ts" : "./simWorker.js", import.meta.url);

/** `robokit sim ROBOT --scenario S --runs N …`: a sweep (docs/sweeps.md). */
async function runSweepCommand(robotArg: string, opts: SimOptions & { scenario: string }): Promise<void> {
  const runs = wholeNumber(opts.runs ?? "1", "--runs", 1, MAX_SWEEP_RUNS) as number;
  const jobs = wholeNumber(opts.jobs, "--jobs", 1) ?? defaultJobs();
  const shard = parseShard(opts.shard);
  const seedBase = wholeNumber(opts.seed, "--seed", 0, MAX_SWEEP_SEED) as number;
  if (seedBase + runs - 1 > MAX_SWEEP_SEED)
    throw new UsageError(
      `--seed ${seedBase} with --runs ${runs} gives seeds up to ${seedBase + runs - 1}; seeds are 32-bit (at most ${MAX_SWEEP_SEED})`,
    );
  const duration = positive(opts.duration, "--duration");
  const rate = positive(opts.rate, "--rate");
  checkRate(rate);
  const robot = await loadSimRobot(robotArg, opts);
  const { scenario } = resolveScenario(opts.scenario, robot);
  let variation: SweepVariation | undefined;
  if (opts.vary !== undefined) {
    const read = readSweepVariation(
      readInputFile(opts.vary, INPUT_LIMITS.maxDocumentBytes).toString("utf8"),
      opts.vary,
    );
    if (read.variation === undefined) throw new InputError(`${opts.vary}: invalid variation`, read.diagnostics);
    variation = read.variation;
    // Names a link or joint the robot lacks? Say so now, not after the first run. Tried with
    // each parameter's largest value, not a seed's draw: whether this refuses must not depend
    // on the seed or the shard (a value only some draws reach fails those runs, as rows).
    try {
      applyVariation(
        robot,
        variation,
        variation.parameters.map((p) => p.distribution.max),
      );
    } catch (error) {
      if (error instanceof RangeError) throw new InputError(`${opts.vary}: ${error.message}`);
      throw error;
    }
  }
  const spec: SweepSpec = {
    robot,
    scenario,
    seedBase,
    runs,
    ...(variation === undefined ? {} : { variation }),
    ...(duration === undefined ? {} : { duration }),
    ...(rate === undefined ? {} : { rate }),
  };
  const indices = shardRuns(runs, shard.index, shard.count);
  const out =
    opts.out ??
    join(
      "out",
      "sim",
      safePathSegment(robot.name, "robot name", robotArg),
      safePathSegment(scenario.name, "scenario name", opts.scenario),
      "sweep",
    );
  const tty = process.stderr.isTTY === true;
  const started = performance.now();
  // A run that fails is a row of runs.csv; only a worker thread that crashes (a robokit bug)
  // ends the sweep here.
  const rows = await runSweepRuns(spec, indices, jobs, simWorkerUrl, (done, failed) => {
    if (tty)
      process.stderr.write(
        `\r${sweepProgressLine(done, indices.length, failed, (performance.now() - started) / 1000)}\x1b[K${done === indices.length ? "\n" : ""}`,
      );
  });
  const runsCsv = sweepRunsCsv(spec, rows);
  const manifest = sweepManifest(spec, sweepIdentity(spec), shard, indices, runsCsv);
  const written = writePackage(out, sweepArtifacts(manifest, runsCsv));
  const wall = (performance.now() - started) / 1000;
  process.stdout.write(
    `robokit: ${indices.length} runs of "${escapeTerminal(scenario.name)}" for "${escapeTerminal(robot.name)}"${shard.count > 1 ? ` (shard ${shard.index}/${shard.count} of ${runs})` : ""} in ${wall.toFixed(1)} s on ${Math.min(jobs, Math.max(1, indices.length))} job(s); wrote ${written.length} files to ${escapeTerminal(out)}\n`,
  );
  const failed = rows.filter((r) => r.error !== undefined).length;
  // Everything is written; the exit code still says that this plant or scenario does not simulate.
  if (failed > 0)
    throw new InputError(`sim: ${failed} of ${indices.length} runs failed (see the error column of runs.csv)`);
}

/** `robokit sim merge DIR… --out DIR`: joins shard folders into one sweep. */
function mergeCommand(): Command {
  return new Command("merge")
    .description(
      "merge the folders of a sharded sweep (robokit sim --shard i/n) into one: same runs.csv and summary as one unsharded run",
    )
    .addHelpText("after", helpExamples("robokit sim merge out/s0 out/s1 -o out/merged"))
    .argument("<dirs...>", "shard output folders")
    .option("-o, --out <dir>", "output folder (required)")
    .action((dirs: string[], _opts: unknown, cmd: Command) => {
      // `sim` has its own --out, which commander may give the parent: read both.
      const out = (cmd.optsWithGlobals() as { out?: string }).out;
      if (out === undefined) throw new UsageError("robokit sim merge needs --out <dir>");
      const parts: SweepPart[] = dirs.map((dir) => {
        const manifestText = readInputFile(join(dir, "manifest.json"), INPUT_LIMITS.maxDocumentBytes).toString("utf8");
        const read = readSweepManifest(manifestText);
        if (!read.ok)
          throw new InputError(
            `${join(dir, "manifest.json")}: not a robokit sweep manifest (format robokit-sweep/1): ${read.problems.join("; ")}`,
          );
        return {
          name: dir,
          manifest: read.manifest,
          runsCsv: readInputFile(join(dir, "runs.csv"), INPUT_LIMITS.maxDocumentBytes).toString("utf8"),
        };
      });
      const merged = mergeSweeps(parts, sha256);
      if (!merged.ok) throw new InputError(`cannot merge: ${merged.problems.join("; ")}`);
      const written = writePackage(out, sweepArtifacts(merged.manifest, merged.runsCsv, merged.table));
      process.stdout.write(
        `robokit: merged ${parts.length} folders, ${merged.table.rows.length} runs; wrote ${written.length} files to ${escapeTerminal(out)}\n`,
      );
      // As for one unsharded sweep: every file written, and the exit code says that runs failed.
      const failed = merged.table.errors.size;
      if (failed > 0)
        throw new InputError(
          `sim merge: ${failed} of ${merged.table.rows.length} runs failed (see the error column of runs.csv)`,
        );
    });
}
