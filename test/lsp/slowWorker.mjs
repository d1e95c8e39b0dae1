// A stand-in for lspWorker in ValidationScheduler's tests: the job's text says what to do
// ("sleep N", "spin", "exit"); it answers with one diagnostic naming the text.
import { parentPort } from "node:worker_threads";

parentPort?.on("message", (job) => {
  const [what, arg] = job.text.split(" ");
  if (what === "exit") process.exit(3);
  if (what === "spin") for (;;);
  const until = Date.now() + Number(arg ?? 0);
  while (Date.now() < until);
  parentPort?.postMessage({
    id: job.id,
    uri: job.uri,
    version: job.version,
    milliseconds: 0,
    diagnostics: [{ code: "XML_ERROR", severity: "error", message: job.text, file: job.path }],
  });
});
