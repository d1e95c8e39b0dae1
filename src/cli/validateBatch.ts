import { availableParallelism } from "node:os";

import type { FileReport } from "../diagnostics/formatDiagnosticsJson.js";
import { startWorker } from "./startWorker.js";

/** Options every file of a batch is validated with (plain data: it crosses to worker threads). */
export interface BatchOptions {
  readonly strict: boolean;
  readonly searchPaths: readonly string[];
}

/** A job for the validate worker: the file's index in the batch and its path. */
export interface BatchJob {
  readonly index: number;
  readonly path: string;
}

/** A worker's answer: the report for the job with this index. */
export interface BatchResult {
  readonly index: number;
  readonly report: FileReport;
}

/**
 * Batches at least this large are spread over worker threads: a worker costs about one
 * small SDF file's validation to start (its own module loading), so small batches are faster
 * in the main thread.
 */
export const PARALLEL_MIN_FILES = 24;

/**
 * Validates every file and returns the reports in the order of `paths`, whatever order they
 * finish in. With `jobs` > 1 (default: one per core when the batch has at least
 * PARALLEL_MIN_FILES files) the files are validated by that many worker threads that take the
 * next file as soon as they are done with one, so that large and small files even out.
 *
 * @param validateOne - validates one file in this thread (the sequential path).
 * @param workerUrl - the worker module (validateWorker) for the parallel path.
 */
export async function validateBatch(
  paths: readonly string[],
  options: BatchOptions,
  validateOne: (path: string) => FileReport,
  workerUrl: URL,
  jobs?: number,
): Promise<FileReport[]> {
  const threads = Math.min(jobs ?? (paths.length >= PARALLEL_MIN_FILES ? availableParallelism() : 1), paths.length);
  if (threads <= 1) return paths.map(validateOne);
  const reports: (FileReport | undefined)[] = new Array<FileReport | undefined>(paths.length);
  let next = 0;
  const runWorker = (): Promise<void> =>
    new Promise((resolvePromise, reject) => {
      const worker = startWorker(workerUrl, options);
      const give = (): void => {
        if (next < paths.length) {
          const job: BatchJob = { index: next, path: paths[next]! };
          next++;
          worker.postMessage(job);
        } else {
          void worker.terminate().then(() => resolvePromise());
        }
      };
      worker.on("message", (result: BatchResult) => {
        reports[result.index] = result.report;
        give();
      });
      worker.on("error", reject);
      worker.on("online", give);
    });
  await Promise.all(Array.from({ length: threads }, runWorker));
  return reports.map((r, i) => {
    if (r === undefined) throw new Error(`validate worker returned no report for ${paths[i] ?? i}`);
    return r;
  });
}
