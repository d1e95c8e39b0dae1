import { describe, expect, it } from "vitest";

import { simulationCsv } from "./simulationCsv.js";
import { simulationMetrics } from "./simulationMetrics.js";
import { simulationSummary } from "./simulationSummary.js";
import type { SimulationTrace } from "./SimulationTrace.js";

/** A hand-made trace: 4 ticks of 0.5 s. */
function trace(withReference: boolean): SimulationTrace {
  const f = (...v: number[]): Float64Array => Float64Array.from(v);
  return {
    rows: 4,
    dt: 0.5,
    time: f(0.5, 1, 1.5, 2),
    command: { vx: f(1, 1, 0, 0), vy: f(0, 0, 0, 0), omega: f(0, 0, 0, 0) },
    // odometry: 10 % fast on the first tick; truth: 20 % slow on the second, 0.1 m/s sideways on the third.
    odomTwist: { vx: f(1.1, 1, 0, 0), vy: f(0, 0, 0, 0), omega: f(0, 0, 0, 0) },
    trueTwist: { vx: f(1, 0.8, 0, 0), vy: f(0, 0, 0.1, 0), omega: f(0, 0, 0, 0) },
    truePose: { x: f(0.5, 0.9, 0.9, 0.9), y: f(0, 0, 0.05, 0.05), theta: f(0, 0, 0, 0.1) },
    odomPose: { x: f(0.55, 1.05, 1.05, 1.05), y: f(0, 0, 0, 0), theta: f(0, 0, 0, 0) },
    ...(withReference ? { reference: { x: f(0.5, 1, 1, 1), y: f(0, 0, 0, 0), theta: f(0, 0, 0, 0) } } : {}),
    steerJoints: ["s,1"],
    steering: [f(0, 0.1, 0.2, 0.3)],
    wheelJoints: ["w1"],
    wheelRates: [f(10, 10, 0, 0)],
    scale: f(1, 1, 1, 0),
  };
}

describe("simulationMetrics", () => {
  it("normalises the absolute velocity error by the mean command, per axis", () => {
    const m = simulationMetrics(trace(false));
    expect(m.velocityError.vx.odometry).toBeCloseTo((100 * 0.1) / 2, 12);
    expect(m.velocityError.vx.truth).toBeCloseTo((100 * 0.2) / 2, 12);
    expect(m.velocityError.vy.truth).toBeNaN();
    expect(m.duration).toBe(2);
  });

  it("measures the drift at the end and the true path length", () => {
    const m = simulationMetrics(trace(false));
    expect(m.drift.position).toBeCloseTo(Math.hypot(0.15, 0.05), 12);
    expect(m.drift.heading).toBeCloseTo(-0.1, 12);
    expect(m.distance).toBeCloseTo(0.9 + 0.05, 12);
    expect(m.pathDeviation).toBeUndefined();
  });

  it("measures the deviation from a reference after the settling time", () => {
    const d = simulationMetrics(trace(true), 0.75).pathDeviation;
    expect(d?.maxX).toBeCloseTo(0.1, 12);
    expect(d?.maxY).toBeCloseTo(0.05, 12);
    expect(d?.maxTheta).toBeCloseTo(0.1, 12);
    expect(d?.finalPosition).toBeCloseTo(Math.hypot(0.1, 0.05), 12);
  });

  it("puts Table 1 of Sharifi et al. 2018 beside ours", () => {
    const md = simulationSummary(simulationMetrics(trace(false)), "mario-table-1");
    expect(md).toMatch(/\| v_x \| 5 \| 10 \| 4\.36 \| 7\.38 \|/);
    expect(md).toMatch(/\| θ̇ \| – \| – \| 5\.99 \| 13\.29 \|/);
  });
});

describe("simulationCsv", () => {
  it("writes a header, one row per tick and quotes odd joint names", () => {
    const lines = simulationCsv(trace(true)).trimEnd().split("\n");
    expect(lines).toHaveLength(5);
    const header = lines[0]?.split(",") ?? [];
    expect(header.slice(0, 4)).toEqual(["time", "cmd_vx", "cmd_vy", "cmd_omega"]);
    expect(lines[0]).toContain('"steer_s,1"');
    expect(header).toContain("ref_theta");
    expect(lines[2]?.split(",")[0]).toBe("1");
    expect(lines[1]?.split(",")[header.indexOf("odom_vx")]).toBe("1.1");
  });
});
