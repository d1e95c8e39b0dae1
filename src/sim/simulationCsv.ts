import { csvField } from "../util/csvField.js";
import { formatNumber } from "../util/formatNumber.js";
import type { SimulationTrace } from "./SimulationTrace.js";

/**
 * The trace as CSV (RFC 4180, LF line ends, header row, one row per control tick), numbers
 * through robokit's one formatter. Columns, SI units: time (s); cmd_vx, cmd_vy (m/s),
 * cmd_omega (rad/s): the command; true_*: the simulated body's twist; odom_*: the twist
 * from wheel odometry; odom_x, odom_y (m), odom_theta (rad) and true_x, true_y, true_theta:
 * poses in the start frame; ref_x, ref_y, ref_theta for path scenarios; steer_<joint>
 * (rad) per steering joint; rate_<joint> (rad/s) per wheel joint; scale: the speed scale
 * the controller applied (1 none, 0 braked).
 */
export function simulationCsv(trace: SimulationTrace): string {
  let text = "";
  for (const chunk of simulationCsvChunks(trace)) text += chunk;
  return text;
}

/** Rows per chunk of {@link simulationCsvChunks}: about 1 MB of text for a four-wheel robot. */
export const CSV_ROWS_PER_CHUNK = 4096;

/**
 * {@link simulationCsv}'s text in pieces (the header line, then up to `rowsPerChunk` rows
 * each), made as they are asked for: a long run's CSV is written to its file piece by piece
 * and never held whole in memory (an hour at 100 Hz is about 100 MB of text).
 */
export function* simulationCsvChunks(
  trace: SimulationTrace,
  rowsPerChunk: number = CSV_ROWS_PER_CHUNK,
): Generator<string, void, undefined> {
  const columns: [string, Float64Array][] = [
    ["time", trace.time],
    ["cmd_vx", trace.command.vx],
    ["cmd_vy", trace.command.vy],
    ["cmd_omega", trace.command.omega],
    ["true_vx", trace.trueTwist.vx],
    ["true_vy", trace.trueTwist.vy],
    ["true_omega", trace.trueTwist.omega],
    ["odom_vx", trace.odomTwist.vx],
    ["odom_vy", trace.odomTwist.vy],
    ["odom_omega", trace.odomTwist.omega],
    ["odom_x", trace.odomPose.x],
    ["odom_y", trace.odomPose.y],
    ["odom_theta", trace.odomPose.theta],
    ["true_x", trace.truePose.x],
    ["true_y", trace.truePose.y],
    ["true_theta", trace.truePose.theta],
  ];
  if (trace.reference !== undefined) {
    columns.push(["ref_x", trace.reference.x], ["ref_y", trace.reference.y], ["ref_theta", trace.reference.theta]);
  }
  trace.steerJoints.forEach((j, i) => columns.push([`steer_${j}`, trace.steering[i] ?? new Float64Array(trace.rows)]));
  trace.wheelJoints.forEach((j, i) => columns.push([`rate_${j}`, trace.wheelRates[i] ?? new Float64Array(trace.rows)]));
  columns.push(["scale", trace.scale]);
  yield `${columns.map(([name]) => csvField(name)).join(",")}\n`;
  for (let start = 0; start < trace.rows; start += rowsPerChunk) {
    let chunk = "";
    const end = Math.min(trace.rows, start + rowsPerChunk);
    for (let k = start; k < end; k++)
      chunk += `${columns.map(([, col]) => formatNumber(col[k] as number)).join(",")}\n`;
    yield chunk;
  }
}
