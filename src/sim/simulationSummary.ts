import { formatNumber } from "../util/formatNumber.js";
import { PUBLISHED_RESULTS } from "./publishedResults.js";
import type { SimulationMetrics } from "./simulationMetrics.js";

/** Rounds for tables: `digits` decimals, through the one formatter. */
function fixed(value: number, digits: number): string {
  if (!Number.isFinite(value)) return "–";
  const k = 10 ** digits;
  return formatNumber(Math.round(value * k) / k);
}

/** Which published comparison a summary includes. */
export type SeedComparison = "mario-table-1" | "robotino-rose" | "none";

/**
 * Markdown tables of a run's metrics (pure). "mario-table-1" puts the velocity errors in
 * the form of Table 1 of Sharifi et al. 2018 beside the paper's numbers; "robotino-rose" puts the path
 * deviation beside Damić and Čohodar Husić 2025's (and leaves out per-axis velocity errors: along a path with
 * the body tangent to it, v_y is never commanded and its normalised error means nothing).
 */
export function simulationSummary(m: SimulationMetrics, comparison: SeedComparison): string {
  const lines: string[] = [];
  const e = m.velocityError;
  if (comparison === "mario-table-1") {
    const s = PUBLISHED_RESULTS.marioTable1;
    lines.push(
      "| axis | robokit, odometry (FK) % | robokit, true body % | Sharifi et al. 2018 simulation % | Sharifi et al. 2018 real % |",
      "|---|---|---|---|---|",
      `| v_x | ${fixed(e.vx.odometry, 2)} | ${fixed(e.vx.truth, 2)} | ${s.simulation.vx} | ${s.real.vx} |`,
      `| v_y | ${fixed(e.vy.odometry, 2)} | ${fixed(e.vy.truth, 2)} | ${s.simulation.vy} | ${s.real.vy} |`,
      `| θ̇ | ${fixed(e.omega.odometry, 2)} | ${fixed(e.omega.truth, 2)} | ${s.simulation.omega} | ${s.real.omega} |`,
    );
  } else if (comparison === "none") {
    lines.push(
      "| axis | odometry (FK) error % | true body error % |",
      "|---|---|---|",
      `| v_x | ${fixed(e.vx.odometry, 2)} | ${fixed(e.vx.truth, 2)} |`,
      `| v_y | ${fixed(e.vy.odometry, 2)} | ${fixed(e.vy.truth, 2)} |`,
      `| θ̇ | ${fixed(e.omega.odometry, 2)} | ${fixed(e.omega.truth, 2)} |`,
    );
  }
  if (lines.length > 0) lines.push("");
  lines.push(
    "| duration s | true path length m | odometry drift at the end m | drift % of path | heading drift rad |",
    "|---|---|---|---|---|",
    `| ${fixed(m.duration, 1)} | ${fixed(m.distance, 2)} | ${fixed(m.drift.position, 3)} | ${fixed(m.distance > 0 ? (100 * m.drift.position) / m.distance : Number.NaN, 2)} | ${fixed(m.drift.heading, 3)} |`,
  );
  const d = m.pathDeviation;
  if (d !== undefined) {
    lines.push(
      "",
      "| deviation from the reference | robokit (MuJoCo) | Damić and Čohodar Husić 2025 (bond graph, no slip) |",
      "|---|---|---|",
    );
    const seed = comparison === "robotino-rose" ? PUBLISHED_RESULTS.robotinoRose : undefined;
    lines.push(
      `| max \\|X − X_ref\\| | ${fixed(d.maxX, 3)} m | ${seed?.x ?? "–"} |`,
      `| max \\|Y − Y_ref\\| | ${fixed(d.maxY, 3)} m | ${seed?.y ?? "–"} |`,
      `| max \\|φ − φ_ref\\| | ${fixed(d.maxTheta, 3)} rad | ${seed?.theta ?? "–"} |`,
      `| RMS position error | ${fixed(d.rmsPosition, 3)} m | – |`,
      `| position error at the end | ${fixed(d.finalPosition, 3)} m | – |`,
    );
  }
  return `${lines.join("\n")}\n`;
}
