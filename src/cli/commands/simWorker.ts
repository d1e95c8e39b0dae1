// Worker thread of `robokit sim --runs N --jobs J` (src/cli/simSweep.ts): loads MuJoCo once,
// then runs each sweep run the main thread sends and answers with its row.
import { parentPort, workerData } from "node:worker_threads";

import { loadMujoco } from "../../sim/mujoco/loadMujoco.js";
import { runSweepRun, type SweepSpec } from "../../sim/sweep/runSweepRun.js";
import { sweepErrorMessage } from "../../sim/sweep/sweepErrorMessage.js";
import type { SweepJobMessage, SweepRowMessage } from "../simSweep.js";

const spec = workerData as SweepSpec;
const mujoco = await loadMujoco();
parentPort?.on("message", (job: SweepJobMessage) => {
  let answer: SweepRowMessage;
  try {
    answer = { run: job.run, row: runSweepRun(mujoco, spec, job.run) };
  } catch (error) {
    // A run that fails is data (a failed row), not the end of this worker.
    answer = { run: job.run, error: sweepErrorMessage(error) };
  }
  parentPort?.postMessage(answer);
});
parentPort?.postMessage({ ready: true });
