// Worker thread of `robokit lsp`: validates one document at a time for the server
// (src/cli/lsp/ValidationScheduler.ts), so that a long or hostile file never blocks the
// server's answers and can be stopped by terminating this thread.
import { parentPort, workerData } from "node:worker_threads";

import type { ValidationJob, ValidationResult } from "../lsp/ValidationScheduler.js";
import { type OpenDocumentOptions, validateOpenDocument } from "../lsp/validateOpenDocument.js";

const options = workerData as OpenDocumentOptions;
parentPort?.on("message", (job: ValidationJob) => {
  const started = performance.now();
  const diagnostics = validateOpenDocument(job.text, job.path, job.kind, options, new Map(job.unsaved));
  const result: ValidationResult = {
    id: job.id,
    uri: job.uri,
    version: job.version,
    diagnostics,
    milliseconds: performance.now() - started,
  };
  parentPort?.postMessage(result);
});
