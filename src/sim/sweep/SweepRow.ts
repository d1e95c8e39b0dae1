/** One run of a sweep: its index, seed, varied values and metrics (columns of `runs.csv`). */
export interface SweepRow {
  /** Run index in 0…N−1. */
  readonly run: number;
  /** Seed of the run (base + run): the sensor noise and the parameter draws. */
  readonly seed: number;
  /** Drawn parameter values, in the variation's order (units per parameter). */
  readonly values: readonly number[];
  /** Metric names, as {@link sweepMetricColumns} gives them (a failed run's too). */
  readonly metricNames: readonly string[];
  /** One per metric name; empty for a failed run. */
  readonly metrics: readonly number[];
  /** Why the run failed (one line, `Name: message`); absent for a run that simulated. */
  readonly error?: string;
}
