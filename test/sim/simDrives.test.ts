import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { runCliInProcess } from "../support/runCliInProcess.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-sim-drives-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe("robokit sim on the new drive types", () => {
  it("runs the tricycle's shipped scenario: trace with steering and wheel columns, plots, summary", async () => {
    const out = join(dir, "tricycle");
    const r = await runCliInProcess(["sim", "tricycle", "-s", "drive", "--duration", "2", "-o", out]);
    expect(r.code, r.stderr).toBe(0);
    const header = readFileSync(join(out, "trace.csv"), "utf8").split("\n")[0]?.split(",") ?? [];
    expect(header).toEqual(
      expect.arrayContaining(["steer_steering_joint", "rate_rear_left_wheel_joint", "rate_rear_right_wheel_joint"]),
    );
    for (const f of ["trajectory.svg", "velocities.svg", "steering.svg", "summary.md", "summary.json"])
      expect(existsSync(join(out, f)), f).toBe(true);
  });

  it("refuses sideways commands for the cart and the roller-less mecanum example: exit 1, nothing written", async () => {
    const file = join(dir, "crab.yaml");
    writeFileSync(file, "name: crab\nprofile:\n  type: commands\n  points:\n    - { t: 0 }\n    - { t: 1, vy: 0.2 }\n");
    const out = join(dir, "crab");
    const cart = await runCliInProcess(["sim", "cart", "-s", file, "-o", out]);
    expect(cart.code).toBe(1);
    expect(cart.stderr).toMatch(/\/profile\/points\/1 \(t = 1 s\): a differential drive cannot move sideways/);
    const mecanum = await runCliInProcess(["sim", "mecanum", "-s", file, "-o", out]);
    expect(mecanum.code).toBe(1);
    expect(mecanum.stderr).toMatch(/spins a plain wheel/);
    expect(existsSync(out)).toBe(false);
  });
});
