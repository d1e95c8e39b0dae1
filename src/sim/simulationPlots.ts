import type { Artifact } from "../emit/Artifact.js";
import { wrapAngle } from "../util/wrapAngle.js";
import { PALETTE, type ChartSpec, type Series } from "./plot/svgChart.js";
import { svgFigure } from "./plot/svgFigure.js";
import type { SimulationTrace, TwistColumns } from "./SimulationTrace.js";

/** Labels of the figures: what ran. */
export interface PlotContext {
  readonly robot: string;
  readonly scenario: string;
}

/**
 * The SVG figures of a run (pure):
 * - trajectory.svg: true path against wheel odometry (and the reference path), equal
 *   scales (Sharifi et al. 2018, Fig. 13; Damić and Čohodar Husić 2025, Fig. 32 for the rose);
 * - velocities.svg: commanded, odometry and true vx, vy and θ̇ over time (Sharifi et al. 2018, Fig. 12);
 * - steering.svg: measured steering angle of every servo over time (Sharifi et al. 2018, Fig. 14), for
 *   steered drives;
 * - deviation.svg: true pose minus reference over time (Damić and Čohodar Husić 2025, Fig. 34), for paths.
 */
export function simulationPlots(trace: SimulationTrace, context: PlotContext): Artifact[] {
  const t = trace.time;
  const footnote = `robokit sim ${context.robot} --scenario ${context.scenario}: MuJoCo (mujoco-js), controller ${Math.round(1 / trace.dt)} Hz`;
  const out: Artifact[] = [];
  const path: Series[] = [];
  if (trace.reference !== undefined)
    path.push({
      label: "reference",
      x: trace.reference.x,
      y: trace.reference.y,
      color: "#000000",
      dash: "dotted",
      width: 1.5,
    });
  path.push({ label: "true (MuJoCo)", x: trace.truePose.x, y: trace.truePose.y, color: PALETTE[1] ?? "#D55E00" });
  path.push({
    label: "wheel odometry",
    x: trace.odomPose.x,
    y: trace.odomPose.y,
    color: PALETTE[0] ?? "#0072B2",
    dash: "dashed",
  });
  out.push({
    path: "trajectory.svg",
    content: svgFigure({
      title: `${context.robot}: travelled path (${context.scenario})`,
      chartHeight: 520,
      charts: [{ xLabel: "x (m), start frame", yLabel: "y (m), start frame", series: path, equalAspect: true }],
      footnote,
    }),
  });
  const axis = (key: keyof TwistColumns, label: string, unit: string): ChartSpec => ({
    title: label,
    xLabel: "time (s)",
    yLabel: unit,
    series: [
      { label: "command", x: t, y: trace.command[key], color: "#000000", dash: "dashed", width: 1.5 },
      { label: "odometry (FK)", x: t, y: trace.odomTwist[key], color: PALETTE[0], width: 1.2 },
      { label: "true (MuJoCo)", x: t, y: trace.trueTwist[key], color: PALETTE[1], width: 1.2 },
    ],
  });
  out.push({
    path: "velocities.svg",
    content: svgFigure({
      title: `${context.robot}: commanded and measured velocities (${context.scenario})`,
      chartHeight: 220,
      charts: [
        axis("vx", "forward velocity vx", "m/s"),
        axis("vy", "lateral velocity vy", "m/s"),
        axis("omega", "yaw rate θ̇", "rad/s"),
      ],
      footnote,
    }),
  });
  if (trace.steerJoints.length > 0) {
    out.push({
      path: "steering.svg",
      content: svgFigure({
        title: `${context.robot}: steering angles (${context.scenario})`,
        chartHeight: 300,
        charts: [
          {
            xLabel: "time (s)",
            yLabel: "steering angle (rad)",
            series: trace.steerJoints.map((j, i) => ({
              label: j,
              x: t,
              y: trace.steering[i] ?? new Float64Array(0),
              color: PALETTE[i % PALETTE.length] ?? "#000000",
            })),
          },
        ],
        footnote,
      }),
    });
  }
  const ref = trace.reference;
  if (ref !== undefined) {
    const n = trace.rows;
    const ex = new Float64Array(n);
    const ey = new Float64Array(n);
    const eth = new Float64Array(n);
    for (let k = 0; k < n; k++) {
      ex[k] = (trace.truePose.x[k] as number) - (ref.x[k] as number);
      ey[k] = (trace.truePose.y[k] as number) - (ref.y[k] as number);
      eth[k] = wrapAngle((trace.truePose.theta[k] as number) - (ref.theta[k] as number));
    }
    out.push({
      path: "deviation.svg",
      content: svgFigure({
        title: `${context.robot}: deviation from the reference path (${context.scenario})`,
        chartHeight: 220,
        charts: [
          {
            title: "x − x_ref",
            xLabel: "time (s)",
            yLabel: "m",
            series: [{ label: "x deviation", x: t, y: ex, color: PALETTE[0] }],
          },
          {
            title: "y − y_ref",
            xLabel: "time (s)",
            yLabel: "m",
            series: [{ label: "y deviation", x: t, y: ey, color: PALETTE[2] }],
          },
          {
            title: "φ − φ_ref",
            xLabel: "time (s)",
            yLabel: "rad",
            series: [{ label: "heading deviation", x: t, y: eth, color: PALETTE[1] }],
          },
        ],
        footnote,
      }),
    });
  }
  return out;
}
