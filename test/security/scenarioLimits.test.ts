import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";

import { commandAtInto } from "../../src/sim/commandAt.js";
import { readScenario } from "../../src/sim/readScenario.js";
import { runSimulationOn } from "../../src/sim/runSimulation.js";
import type { CommandsProfile, Scenario } from "../../src/sim/Scenario.js";
import type { SimulationSession } from "../../src/sim/SimulationSession.js";
import { SIMULATION_LIMITS } from "../../src/sim/simulationLimits.js";
import { mario } from "../../examples/mario/mario.js";
import { runCliProcess } from "../support/runCliProcess.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-limits-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const rose = "profile:\n  type: rose\n  amplitude: 2\n  petals: 3\n";

function limitDiagnostics(text: string): { jsonPath?: string; line?: number; message: string }[] {
  const r = readScenario(text, "s.yaml");
  expect(r.scenario).toBeUndefined();
  for (const d of r.diagnostics) expect(d.code).toBe("SCENARIO_LIMIT_EXCEEDED");
  return r.diagnostics.map((d) => ({
    ...(d.jsonPath === undefined ? {} : { jsonPath: d.jsonPath }),
    ...(d.line === undefined ? {} : { line: d.line }),
    message: d.message,
  }));
}

describe("scenario budgets: a run's length, rate and steps are bounded", () => {
  it("duration: 1e6 is refused at /duration with its line (it ran for hours with growing memory)", () => {
    const [d, more] = limitDiagnostics(`name: x\nduration: 1e6\n${rose}  rate: 0.1\n`);
    expect(more).toBeUndefined();
    expect(d).toEqual({
      jsonPath: "/duration",
      line: 2,
      message: "/duration: the run would last 1000000 s; robokit simulates at most 3600 s",
    });
  });

  it("a profile whose own length is too long is reported where that length comes from", () => {
    const late = limitDiagnostics(
      "name: x\nprofile:\n  type: commands\n  points:\n    - { t: 0, vx: 0.1 }\n    - { t: 1000000 }\n",
    );
    expect(late[0]).toMatchObject({ jsonPath: "/profile/points/1/t", line: 6 });
    // A rose swept at 1e-6 rad/s takes π·1e6 s.
    expect(limitDiagnostics(`name: x\n${rose}  rate: 0.000001\n`)[0]).toMatchObject({
      jsonPath: "/profile/rate",
      line: 6,
    });
    expect(limitDiagnostics(`name: x\n${rose}  rate: 1000\n`)[0]?.message).toBe(
      "/profile/rate: a rose swept at 1000 rad/s; robokit allows at most 10 rad/s",
    );
  });

  it("controller rates outside 1–1000 Hz, and too many steps, are refused", () => {
    expect(limitDiagnostics(`name: x\nrate: 1000000\n${rose}  rate: 0.1\n`)[0]).toMatchObject({
      jsonPath: "/rate",
      line: 2,
    });
    expect(limitDiagnostics(`name: x\nrate: 0.01\n${rose}  rate: 0.1\n`)[0]).toMatchObject({ jsonPath: "/rate" });
    // Within each limit on its own, over the step budget together: 3600 s at 500 Hz.
    const [steps] = limitDiagnostics(`name: x\nduration: 3600\nrate: 500\n${rose}  rate: 0.1\n`);
    expect(steps).toMatchObject({ jsonPath: "/duration" });
    expect(steps?.message).toMatch(/1800000 control steps; robokit simulates at most 360,000/);
  });

  it("the limits sit at their documented values and the edge cases pass", () => {
    expect(SIMULATION_LIMITS).toEqual({
      maxDuration: 3600,
      minRate: 1,
      maxRate: 1000,
      maxSteps: 360_000,
      maxRoseRate: 10,
      maxJoystickMoves: 36_000,
    });
    expect(readScenario(`name: x\nduration: 3600\nrate: 100\n${rose}  rate: 0.1\n`, "s.yaml").diagnostics).toEqual([]);
  });

  it("runSimulationOn refuses an over-budget run before it touches the session", () => {
    const scenario: Scenario = {
      name: "x",
      duration: 1e6,
      profile: { type: "rose", amplitude: 2, petals: 3, rate: 0.1 },
    };
    expect(() => runSimulationOn({} as SimulationSession, mario, scenario, {})).toThrow(RangeError);
    expect(() => runSimulationOn({} as SimulationSession, mario, scenario, {})).toThrow(/at most 3600 s/);
  });

  it("robokit sim: a scenario file with duration 1e6 is exit 1, --duration 1e6 exit 2, both at once", () => {
    const file = join(dir, "long.yaml");
    writeFileSync(file, `name: long\nduration: 1e6\nprofile:\n  type: commands\n  points:\n    - { t: 0, vx: 0.1 }\n`);
    const r = runCliProcess(["sim", "mario", "--scenario", file, "--out", join(dir, "o1")]);
    expect(r.status, r.stderr).toBe(1);
    expect(r.stderr).toContain(
      `${file}:2:1: error SCENARIO_LIMIT_EXCEEDED: /duration: the run would last 1000000 s; robokit simulates at most 3600 s [/duration]`,
    );
    const f = runCliProcess(["sim", "mario", "--scenario", "paper", "--duration", "1e6", "--out", join(dir, "o2")]);
    expect(f.status, f.stderr).toBe(2);
    expect(f.stderr).toBe("robokit: --duration: the run would last 1000000 s; robokit simulates at most 3600 s\n");
  }, 120_000);

  it("property: commandAtInto (bisection) picks the same segment as a scan from the start", () => {
    const scan = (out: Float64Array, profile: CommandsProfile, t: number): Float64Array => {
      const pts = profile.points;
      let i = 0;
      while (i + 1 < pts.length && (pts[i + 1]?.t ?? Infinity) <= t) i++;
      const a = pts[i]!;
      const b = pts[i + 1];
      const w =
        (profile.interpolation ?? "linear") === "linear" && b !== undefined && t > a.t ? (t - a.t) / (b.t - a.t) : 0;
      out[0] = (a.vx ?? 0) + w * ((b?.vx ?? 0) - (a.vx ?? 0));
      out[1] = (a.vy ?? 0) + w * ((b?.vy ?? 0) - (a.vy ?? 0));
      out[2] = (a.omega ?? 0) + w * ((b?.omega ?? 0) - (a.omega ?? 0));
      return out;
    };
    const speed = fc.double({ min: -2, max: 2, noNaN: true });
    fc.assert(
      fc.property(
        fc.array(fc.record({ dt: fc.double({ min: 0.01, max: 5, noNaN: true }), vx: speed, vy: speed, omega: speed }), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.constantFrom<"hold" | "linear">("hold", "linear"),
        fc.double({ min: -1, max: 250, noNaN: true }),
        (steps, interpolation, t) => {
          let at = 0;
          const points = steps.map((s) => ({ t: (at += s.dt) - steps[0]!.dt, vx: s.vx, vy: s.vy, omega: s.omega }));
          const profile: CommandsProfile = { type: "commands", interpolation, points };
          expect(Array.from(commandAtInto(new Float64Array(3), profile, t))).toEqual(
            Array.from(scan(new Float64Array(3), profile, t)),
          );
        },
      ),
    );
  });
});
