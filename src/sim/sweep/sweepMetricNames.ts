import type { Scenario } from "../Scenario.js";
import { sweepMetricColumns } from "./sweepMetricColumns.js";

/**
 * The metric columns every run of a scenario has ({@link sweepMetricColumns}), known without
 * simulating: a failed run's row needs them so that runs.csv has the same header whichever
 * runs of a sweep (or of a shard) fail. Path deviation exists for `rose` (path) profiles only.
 */
export function sweepMetricNames(scenario: Scenario): string[] {
  const axis = { odometry: 0, truth: 0 };
  const path = { maxX: 0, maxY: 0, maxTheta: 0, rmsPosition: 0, finalPosition: 0 };
  return sweepMetricColumns({
    velocityError: { vx: axis, vy: axis, omega: axis },
    drift: { position: 0, heading: 0 },
    distance: 0,
    duration: 0,
    ...(scenario.profile.type === "rose" ? { pathDeviation: path } : {}),
  }).names;
}
