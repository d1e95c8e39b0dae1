// Worker thread of `robokit validate` for large batches (src/cli/validateBatch.ts): validates
// each file the main thread sends with validatePath and answers with its report.
import { parentPort, workerData } from "node:worker_threads";

import type { BatchJob, BatchOptions, BatchResult } from "../validateBatch.js";
import { validatePath } from "./validateCommand.js";

const options = workerData as BatchOptions;
parentPort?.on("message", (job: BatchJob) => {
  const result: BatchResult = {
    index: job.index,
    report: validatePath(job.path, { strict: options.strict, searchPaths: options.searchPaths }),
  };
  parentPort?.postMessage(result);
});
