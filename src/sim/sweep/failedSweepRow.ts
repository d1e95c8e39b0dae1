import type { SweepSpec } from "./runSweepRun.js";
import { sampleVariation } from "./sampleVariation.js";
import type { SweepRow } from "./SweepRow.js";
import { sweepMetricNames } from "./sweepMetricNames.js";

/**
 * The row of a run that threw: its index, seed and drawn values (so the draw that failed can
 * be seen and replayed), the scenario's metric names, no metrics, and the error as one line.
 * The same in the main thread and in a worker: the message is made by {@link sweepErrorMessage}.
 */
export function failedSweepRow(spec: SweepSpec, run: number, message: string): SweepRow {
  const seed = spec.seedBase + run;
  return {
    run,
    seed,
    values: spec.variation === undefined ? [] : sampleVariation(spec.variation, seed),
    metricNames: sweepMetricNames(spec.scenario),
    metrics: [],
    error: message,
  };
}
