import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runCliProcess } from "../support/runCliProcess.js";

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "robokit-sim-cli-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("robokit sim", () => {
  it("runs a shipped scenario and writes the CSV, the plots and the summaries", () => {
    const out = join(dir, "paper");
    const r = runCliProcess(["sim", "mario", "--scenario", "paper", "--duration", "3", "--out", out]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    for (const f of ["trace.csv", "trajectory.svg", "velocities.svg", "steering.svg", "summary.md", "summary.json"])
      expect(existsSync(join(out, f)), f).toBe(true);
    const csv = readFileSync(join(out, "trace.csv"), "utf8").trimEnd().split("\n");
    expect(csv).toHaveLength(1 + 300);
    expect(csv[0]).toMatch(/^time,cmd_vx,cmd_vy,cmd_omega,true_vx/);
    const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8")) as {
      metrics: { duration: number };
      rate: number;
    };
    expect(summary.metrics.duration).toBeCloseTo(3, 9);
    expect(summary.rate).toBe(100);
    expect(r.stdout).toMatch(/Sharifi et al. 2018 simulation %/);
  });

  it("refuses an unknown scenario name with exit 2, listing the shipped ones", () => {
    const r = runCliProcess(["sim", "mario", "--scenario", "moonwalk"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/no scenario "moonwalk" for robot "mario" \(shipped: joystick, paper\)/);
  });

  it("reports a broken scenario file at file:line:col, exit 1, writing nothing", () => {
    const file = join(dir, "bad.yaml");
    writeFileSync(file, "name: bad\nprofile:\n  type: commands\n  points:\n    - { t: 0, vz: 1 }\n");
    const out = join(dir, "bad-out");
    const r = runCliProcess(["sim", "mario", "--scenario", file, "--out", out]);
    expect(r.status).toBe(1);
    expect(r.stderr).toMatch(/bad\.yaml:5:\d+: error DOCUMENT_INVALID: .*unknown field "vz"/);
    expect(existsSync(out)).toBe(false);
  });

  it("refuses another robot's scenario (exit 1), a bad rate and a bad duration (exit 2)", () => {
    const rose = runCliProcess(["sim", "mario", "--scenario", join("scenarios", "robotino", "rose.yaml")]);
    expect(rose.status).toBe(1);
    expect(rose.stderr).toMatch(/written for robot "robotino", not "mario"/);
    expect(runCliProcess(["sim", "mario", "--scenario", "paper", "--rate", "33"]).stderr).toMatch(
      /--rate 33 Hz must divide the physics rate 500 Hz/,
    );
    expect(runCliProcess(["sim", "mario", "--scenario", "paper", "--duration", "-1"]).status).toBe(2);
  });
});
