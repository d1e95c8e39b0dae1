import type { SimulationMetrics } from "../simulationMetrics.js";

/**
 * One run's figures of merit as named columns of `runs.csv`, in a fixed order: the velocity
 * errors per axis (%, odometry and truth), the odometry drift (m, rad), distance (m) and
 * duration (s), then the path deviation (m, rad) for path scenarios. NaN marks an axis that
 * was never commanded.
 */
export function sweepMetricColumns(m: SimulationMetrics): { readonly names: string[]; readonly values: number[] } {
  const cols: [string, number][] = [];
  for (const axis of ["vx", "vy", "omega"] as const) {
    cols.push([`${axis}_error_odometry_pct`, m.velocityError[axis].odometry]);
    cols.push([`${axis}_error_truth_pct`, m.velocityError[axis].truth]);
  }
  cols.push(
    ["drift_position_m", m.drift.position],
    ["drift_heading_rad", m.drift.heading],
    ["distance_m", m.distance],
    ["duration_s", m.duration],
  );
  const p = m.pathDeviation;
  if (p !== undefined) {
    cols.push(
      ["path_max_x_m", p.maxX],
      ["path_max_y_m", p.maxY],
      ["path_max_theta_rad", p.maxTheta],
      ["path_rms_m", p.rmsPosition],
      ["path_final_m", p.finalPosition],
    );
  }
  return { names: cols.map((c) => c[0]), values: cols.map((c) => c[1]) };
}
