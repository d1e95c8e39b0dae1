import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";
import type { Worker } from "node:worker_threads";

import type { Artifact } from "../emit/Artifact.js";
import { loadMujoco } from "../sim/mujoco/loadMujoco.js";
import { failedSweepRow } from "../sim/sweep/failedSweepRow.js";
import { runSweepRun, type SweepSpec } from "../sim/sweep/runSweepRun.js";
import type { SweepManifest } from "../sim/sweep/SweepManifest.js";
import { sweepErrorMessage } from "../sim/sweep/sweepErrorMessage.js";
import type { SweepRow } from "../sim/sweep/SweepRow.js";
import { sweepSummary } from "../sim/sweep/sweepSummary.js";
import { parseSweepCsv, sweepCsv, type SweepTable } from "../sim/sweep/sweepTable.js";
import { ROBOKIT_VERSION } from "../version.js";
import { startWorker } from "./startWorker.js";

/** A job for the sim worker: the run index. */
export interface SweepJobMessage {
  readonly run: number;
}

/**
 * A worker's answer: the run's row, or why it failed ({@link sweepErrorMessage}; the main
 * thread makes the failed row); `ready` once MuJoCo is loaded.
 */
export type SweepRowMessage =
  | { readonly run: number; readonly row: SweepRow }
  | { readonly run: number; readonly error: string }
  | { readonly ready: true };

/** SHA-256 (hex) of a text. */
export function sha256(text: string): string {
  return createHash("sha256").update(text).digest("hex");
}

/**
 * Runs the given runs of a sweep and returns their rows sorted by run index, whatever order
 * they finish in. With `jobs` > 1, that many worker threads (each with its own MuJoCo) take
 * the next run as soon as they finish one; with 1, they run in this thread. A run that throws
 * (a plant MuJoCo rejects, a simulation that diverges) gives a failed row
 * ({@link failedSweepRow}) and the sweep goes on; both ways give the same rows.
 *
 * @param onDone - called after each run with the number done and how many of them failed.
 * @throws Error when a worker thread itself fails (it crashed or exited): a robokit bug.
 */
export async function runSweepRuns(
  spec: SweepSpec,
  runs: readonly number[],
  jobs: number,
  workerUrl: URL,
  onDone: (done: number, failed: number) => void,
): Promise<SweepRow[]> {
  const threads = Math.max(1, Math.min(jobs, runs.length));
  const rows: SweepRow[] = [];
  let failed = 0;
  const record = (row: SweepRow): void => {
    rows.push(row);
    if (row.error !== undefined) failed++;
    onDone(rows.length, failed);
  };
  if (threads <= 1) {
    const mujoco = await loadMujoco();
    for (const r of runs) {
      let row: SweepRow;
      try {
        row = runSweepRun(mujoco, spec, r);
      } catch (error) {
        row = failedSweepRow(spec, r, sweepErrorMessage(error));
      }
      record(row);
    }
    return rows;
  }
  let next = 0;
  const workers: Worker[] = [];
  const runWorker = (): Promise<void> =>
    new Promise((resolvePromise, reject) => {
      const worker = startWorker(workerUrl, spec);
      workers.push(worker);
      // Set once this thread ends the worker: its exit is then no crash.
      let finished = false;
      const give = (): void => {
        const run = runs[next];
        if (run !== undefined) {
          next++;
          worker.postMessage({ run } satisfies SweepJobMessage);
        } else {
          finished = true;
          void worker.terminate().then(() => resolvePromise());
        }
      };
      worker.on("message", (m: SweepRowMessage) => {
        if ("error" in m) record(failedSweepRow(spec, m.run, m.error));
        else if ("row" in m) record(m.row);
        give();
      });
      worker.on("error", (error) => {
        finished = true;
        reject(error);
      });
      worker.on("exit", (code) => {
        if (!finished) reject(new Error(`a sweep worker thread exited (code ${code}) before the sweep ended`));
      });
    });
  try {
    await Promise.all(Array.from({ length: threads }, runWorker));
  } catch (error) {
    // Stop the other workers too: the process would otherwise wait for them.
    await Promise.all(workers.map((w) => w.terminate()));
    throw error;
  }
  return rows.sort((a, b) => a.run - b.run);
}

/** Default --jobs: one worker per core the process may use. */
export function defaultJobs(): number {
  return availableParallelism();
}

/** What the manifest records beyond the spec. */
export interface SweepIdentity {
  readonly robotSha256: string;
  readonly scenarioSha256: string;
  readonly variationSha256: string | null;
  readonly parameters: readonly string[];
}

/** The hashes of what a sweep runs (canonical JSON of the loaded robot, scenario and variation). */
export function sweepIdentity(spec: SweepSpec): SweepIdentity {
  return {
    robotSha256: sha256(JSON.stringify(spec.robot)),
    scenarioSha256: sha256(JSON.stringify(spec.scenario)),
    variationSha256: spec.variation === undefined ? null : sha256(JSON.stringify(spec.variation)),
    parameters: spec.variation?.parameters.map((p) => p.name) ?? [],
  };
}

/** The manifest of a folder holding `runIndices` of the sweep. */
export function sweepManifest(
  spec: SweepSpec,
  identity: SweepIdentity,
  shard: { index: number; count: number },
  runIndices: readonly number[],
  runsCsv: string,
): SweepManifest {
  return {
    format: "robokit-sweep/1",
    robokitVersion: ROBOKIT_VERSION,
    robot: spec.robot.name,
    robotSha256: identity.robotSha256,
    scenario: spec.scenario.name,
    scenarioSha256: identity.scenarioSha256,
    parameters: identity.parameters,
    variationSha256: identity.variationSha256,
    seedBase: spec.seedBase,
    runs: spec.runs,
    duration: spec.duration ?? null,
    rate: spec.rate ?? null,
    shard,
    runIndices,
    runsCsvSha256: sha256(runsCsv),
  };
}

/**
 * The files of a sweep folder: runs.csv, summary.md, summary.json (statistics of the runs in
 * it, computed from runs.csv as written, so a merge reproduces them byte for byte) and
 * manifest.json.
 */
export function sweepArtifacts(
  manifest: SweepManifest,
  runsCsv: string,
  table: SweepTable = parseSweepCsv(runsCsv),
): Artifact[] {
  const summary = sweepSummary(
    {
      robot: manifest.robot,
      scenario: manifest.scenario,
      runs: table.rows.length,
      seedBase: manifest.seedBase,
      parameters: manifest.parameters,
    },
    table,
  );
  return [
    { path: "runs.csv", content: runsCsv },
    { path: "summary.md", content: summary.markdown },
    { path: "summary.json", content: summary.json },
    { path: "manifest.json", content: `${JSON.stringify(manifest, null, 2)}\n` },
  ];
}

/** runs.csv text of rows (see {@link sweepCsv}). */
export function sweepRunsCsv(spec: SweepSpec, rows: readonly SweepRow[]): string {
  return sweepCsv(spec.variation?.parameters.map((p) => p.name) ?? [], rows);
}
