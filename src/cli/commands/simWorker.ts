// Worker thread of `robokit sim --runs N --jobs J` (src/cli/simSweep.ts): loads MuJoCo once,
// then runs each sweep run the main thread sends and answers with its row.
import { parentPort, workerData } from "node:worker_threads";

import { loadMujoco } from "../../sim/mujoco/loadMujoco.js";
import { runSweepRun, type SweepSpec } from "../../sim/sweep/runSweepRun.js";
import type { SweepJobMessage, SweepRowMessage } from "../simSweep.js";

const spec = workerData as SweepSpec;
const mujoco = await loadMujoco();
parentPort?.on("message", (job: SweepJobMessage) => {
  let answer: SweepRowMessage;
  try {
    answer = { run: job.run, row: runSweepRun(mujoco, spec, job.run) };
  } catch (error) {
    answer = { run: job.run, error: error instanceof Error ? `${error.name}: ${error.message}` : String(error) };
  }
  parentPort?.postMessage(answer);
});
parentPort?.postMessage({ ready: true });
