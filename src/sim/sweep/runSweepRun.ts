import type { MainModule } from "mujoco-js";

import { emitMjcf } from "../../emit/mjcf/emitMjcf.js";
import type { Robot } from "../../model/Robot.js";
import { runSimulation } from "../runSimulation.js";
import type { Scenario } from "../Scenario.js";
import { simulationMetrics } from "../simulationMetrics.js";
import { applyVariation } from "./applyVariation.js";
import { sampleVariation } from "./sampleVariation.js";
import type { SweepRow } from "./SweepRow.js";
import { sweepMetricColumns } from "./sweepMetricColumns.js";
import type { SweepVariation } from "./SweepVariation.js";

/** What every run of a sweep shares (plain data: it crosses to worker threads). */
export interface SweepSpec {
  readonly robot: Robot;
  readonly scenario: Scenario;
  /** Absent: only the seed (sensor noise) changes between runs. */
  readonly variation?: SweepVariation;
  /** Seed of run 0; run r uses seedBase + r. */
  readonly seedBase: number;
  /** Total number of runs N. */
  readonly runs: number;
  readonly duration?: number;
  readonly rate?: number;
}

/**
 * Runs one run of a sweep: draws its parameters from its seed, simulates the robot as built
 * (the varied model is the plant, emitted as MJCF; the controller keeps the nominal model) and
 * returns its row. Deterministic: the same spec and run index give the same row in any process.
 */
export function runSweepRun(mujoco: MainModule, spec: SweepSpec, run: number): SweepRow {
  const seed = spec.seedBase + run;
  const values = spec.variation === undefined ? [] : sampleVariation(spec.variation, seed);
  const plant = spec.variation === undefined ? spec.robot : applyVariation(spec.robot, spec.variation, values);
  const trace = runSimulation(spec.robot, spec.scenario, {
    mujoco,
    seed,
    ...(plant === spec.robot ? {} : { mjcf: emitMjcf(plant) }),
    ...(spec.duration === undefined ? {} : { duration: spec.duration }),
    ...(spec.rate === undefined ? {} : { rate: spec.rate }),
  });
  const m = sweepMetricColumns(simulationMetrics(trace, spec.scenario.settleTime ?? 0));
  return { run, seed, values, metricNames: m.names, metrics: m.values };
}
