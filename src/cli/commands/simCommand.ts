import { existsSync, readdirSync } from "node:fs";
import { dirname, extname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

import { Command } from "commander";

import type { Artifact } from "../../emit/Artifact.js";
import { MJCF_PHYSICS } from "../../emit/mjcf/mjcfPhysics.js";
import type { Robot } from "../../model/Robot.js";
import { loadMujoco } from "../../sim/mujoco/loadMujoco.js";
import { MjcfLoadError } from "../../sim/mujoco/MjcfLoadError.js";
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
import { escapeTerminal } from "../../util/escapeTerminal.js";

interface SimOptions {
  scenario: string;
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
      throw new UsageError(`no scenario "${arg}" for robot "${robot.name}"${names.length > 0 ? ` (shipped: ${names.join(", ")})` : " (none shipped; pass a .yaml file)"}`);
    }
    file = relative(process.cwd(), join(packageRoot(), "scenarios", robot.name, `${arg}.yaml`));
  } else if (ext === ".yaml" || ext === ".yml" || ext === ".json") {
    throw new InputError(`${arg}: file not found`, [{ code: "FILE_READ_ERROR", severity: "error", message: "file not found", file: arg }]);
  } else {
    throw new UsageError(`--scenario takes a shipped scenario name or a .yaml/.json file, got "${arg}"`);
  }
  const result = readScenario(readInputFile(file, INPUT_LIMITS.maxDocumentBytes).toString("utf8"), file);
  if (result.scenario === undefined) throw new InputError(`${file}: invalid scenario`, result.diagnostics);
  if (result.scenario.robot !== undefined && result.scenario.robot !== robot.name) {
    throw new InputError(`${file}: scenario "${result.scenario.name}" is written for robot "${result.scenario.robot}", not "${robot.name}"`);
  }
  return { scenario: result.scenario, file };
}

function comparisonFor(robot: Robot, scenario: Scenario): SeedComparison {
  if (robot.name === "mario" && scenario.name === "paper") return "mario-table-1";
  if (robot.name === "robotino" && scenario.profile.type === "rose") return "robotino-rose";
  return "none";
}

/**
 * `robokit sim <robot> --scenario <name|file>`: drives the robot in MuJoCo (mujoco-js)
 * with robokit's kinematics in the loop and writes trace.csv, SVG plots, summary.md and
 * summary.json atomically to --out. Progress goes to stderr.
 */
export function simCommand(): Command {
  return new Command("sim")
    .description("drive a robot through a scenario in MuJoCo (WebAssembly) and write CSV, plots and a summary")
    .argument("<robot>", "bundled example name, robot document (.json/.yaml) or module (.ts/.js)")
    .requiredOption("-s, --scenario <name|file>", "shipped scenario name (e.g. paper, rose) or a scenario .yaml file")
    .option("--duration <s>", "simulated time in seconds (default: the scenario's)")
    .option("--rate <hz>", "controller rate in Hz (default: the scenario's, else 100)")
    .option("-o, --out <dir>", "output directory (default: out/sim/<robot>/<scenario>)")
    .option("--seed <n>", "seed of the sensor noise", "1")
    .option("--view", "then play the run back in robokit view (serves the page, prints its address; Ctrl+C stops)")
    .option("--open", "with --view: open the page in the default browser")
    .action(async (robotArg: string, opts: SimOptions) => {
      const duration = positive(opts.duration, "--duration");
      const rate = positive(opts.rate, "--rate");
      const seed = Number(opts.seed);
      if (!Number.isInteger(seed)) throw new UsageError(`--seed must be an integer, got "${opts.seed}"`);
      if (rate !== undefined) {
        const substeps = 1 / (rate * MJCF_PHYSICS.timestep);
        if (Math.abs(substeps - Math.round(substeps)) > 1e-6 || Math.round(substeps) < 1) {
          throw new UsageError(`--rate ${rate} Hz must divide the physics rate ${1 / MJCF_PHYSICS.timestep} Hz (e.g. 50, 100, 250)`);
        }
      }
      const robot = await loadRobot(robotArg);
      const { scenario } = resolveScenario(opts.scenario, robot);
      // Names from documents become folders only when they are plain names.
      const out = opts.out ?? join("out", "sim", safePathSegment(robot.name, "robot name", robotArg), safePathSegment(scenario.name, "scenario name", opts.scenario));
      const total = duration ?? scenarioDuration(scenario);
      if (duration !== undefined || rate !== undefined) {
        // The scenario's own settings were checked when it was read; the flags are checked here.
        const [tooMuch] = simulationLimitProblems(total, rate ?? scenario.rate ?? 100);
        if (tooMuch !== undefined) throw new UsageError(`${tooMuch.setting === "rate" ? "--rate" : duration !== undefined ? "--duration" : "--rate"}: ${tooMuch.message}`);
      }
      const mujoco = await loadMujoco();
      const started = performance.now();
      const progress = (fraction: number, t: number): void => {
        if (total < 10 || (fraction < 1 && Math.round(t) % 10 !== 0)) return;
        const wall = (performance.now() - started) / 1000;
        process.stderr.write(`robokit sim: ${t.toFixed(0)} / ${total.toFixed(1)} s simulated (${Math.round(100 * fraction)} %, ${(t / Math.max(wall, 1e-9)).toFixed(1)}× real time)\n`);
      };
      let trace;
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
        { path: "summary.md", content: `# ${robot.name}: ${scenario.name}\n\n${scenario.description ?? ""}\n\n${summary}` },
        { path: "summary.json", content: `${JSON.stringify({ robot: robot.name, scenario: scenario.name, seed, rate: 1 / trace.dt, metrics }, null, 2)}\n` },
      ];
      const written = writePackage(out, artifacts);
      process.stdout.write(`${escapeTerminal(`robokit: simulated ${metrics.duration.toFixed(1)} s of "${scenario.name}" for "${robot.name}" in ${wall.toFixed(1)} s; wrote ${written.length} files to ${out}`)}\n`);
      for (const file of written) process.stdout.write(`  ${escapeTerminal(relative(process.cwd(), resolve(file)))}\n`);
      process.stdout.write(`\n${escapeTerminal(summary, true)}`);
      if (opts.view === true) {
        // The same as `robokit view <robot> --trace <out>/trace.csv`.
        const { runView } = await import("../view/runView.js");
        await runView(robotArg, { trace: join(out, "trace.csv"), ...(opts.open === true ? { open: true } : {}), camera: "iso", size: "1280x800", watch: false });
      }
    });
}
