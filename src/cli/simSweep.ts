import { createHash } from "node:crypto";
import { availableParallelism } from "node:os";

import type { Artifact } from "../emit/Artifact.js";
import { loadMujoco } from "../sim/mujoco/loadMujoco.js";
import { runSweepRun, type SweepSpec } from "../sim/sweep/runSweepRun.js";
import type { SweepManifest } from "../sim/sweep/SweepManifest.js";
import type { SweepRow } from "../sim/sweep/SweepRow.js";
import { sweepSummary } from "../sim/sweep/sweepSummary.js";
import { parseSweepCsv, sweepCsv, type SweepTable } from "../sim/sweep/sweepTable.js";
import { ROBOKIT_VERSION } from "../version.js";
import { startWorker } from "./startWorker.js";

/** A job for the sim worker: the run index. */
export interface SweepJobMessage {
  readonly run: number;
}

/** A worker's answer: the run's row, or why it failed; `ready` once MuJoCo is loaded. */
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
 * the next run as soon as they finish one; with 1, they run in this thread.
 *
 * @param onDone - called after each run with the number done.
 * @throws Error with the first failing run's message.
 */
export async function runSweepRuns(
  spec: SweepSpec,
  runs: readonly number[],
  jobs: number,
  workerUrl: URL,
  onDone: (done: number) => void,
): Promise<SweepRow[]> {
  const threads = Math.max(1, Math.min(jobs, runs.length));
  const rows: SweepRow[] = [];
  if (threads <= 1) {
    const mujoco = await loadMujoco();
    for (const r of runs) {
      rows.push(runSweepRun(mujoco, spec, r));
      onDone(rows.length);
    }
    return rows;
  }
  let next = 0;
  const runWorker = (): Promise<void> =>
    new Promise((resolvePromise, reject) => {
      const worker = startWorker(workerUrl, spec);
      const give = (): void => {
        const run = runs[next];
        if (run !== undefined) {
          next++;
          worker.postMessage({ run } satisfies SweepJobMessage);
        } else {
          void worker.terminate().then(() => resolvePromise());
        }
      };
      worker.on("message", (m: SweepRowMessage) => {
        if ("error" in m) {
          void worker.terminate();
          reject(new Error(`run ${m.run}: ${m.error}`));
          return;
        }
        if ("row" in m) {
          rows.push(m.row);
          onDone(rows.length);
        }
        give();
      });
      worker.on("error", reject);
    });
  await Promise.all(Array.from({ length: threads }, runWorker));
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
