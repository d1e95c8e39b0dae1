import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { type ResourceLimits, Worker } from "node:worker_threads";

/**
 * Starts a worker thread on a module: the compiled .js directly, or a .ts source (tests, tsx)
 * through tsx's API, since a worker thread does not inherit `--import tsx` or the test
 * runner's loader.
 *
 * @param url - the worker module.
 * @param workerData - plain data handed to the worker (structured clone).
 * @param resourceLimits - the thread's heap limits (a thread over them stops, not the process).
 */
export function startWorker(url: URL, workerData: unknown, resourceLimits?: ResourceLimits): Worker {
  const limits = resourceLimits === undefined ? {} : { resourceLimits };
  if (!url.pathname.endsWith(".ts")) return new Worker(url, { workerData, ...limits });
  const tsxApi = pathToFileURL(
    createRequire(import.meta.url)
      .resolve("tsx/esm/api")
      .replace(/\.cjs$/, ".mjs"),
  ).href;
  const code = `import(${JSON.stringify(tsxApi)}).then((api) => api.tsImport(${JSON.stringify(url.href)}, ${JSON.stringify(url.href)}))`;
  return new Worker(code, { eval: true, workerData, ...limits });
}
