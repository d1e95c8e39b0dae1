// @slow: simulates README's cart in MuJoCo through the sim command (about 5 s).
// README's own cart ("A robot in a dozen lines"), copied from README.md as printed, drives as
// written in `robokit sim`: its wheel actuators give no gains, so the MuJoCo servos are
// derived from the model (mjcfServoGains). Stated tolerance: over the settled part of each
// leg (the last 3 s of 4), the true body's mean speed and yaw rate are within 5 % of the
// command, and the uncommanded axis stays below 0.02 (m/s, rad/s). With MuJoCo's default
// gain (kv 1) and the light wheels' contact, the cart turned on the spot at 53 % of its
// command and on an arc at 38 %.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { afterAll, describe, expect, it } from "vitest";

import { runCliInProcess } from "../support/runCliInProcess.js";

const root = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
const TOLERANCE = 0.05;
const STRAY = 0.02;

/** The TypeScript block under README's "A robot in a dozen lines", as printed. */
function readmeCart(): string {
  const readme = readFileSync(join(root, "README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## A robot in a dozen lines"));
  const code = /```ts\n([\s\S]*?)```/.exec(section)?.[1];
  if (code === undefined) throw new Error("README.md has no TypeScript block under “A robot in a dozen lines”");
  return code;
}

/** Each leg holds its command for 4 s, with 1 s at rest between legs. */
const LEGS = [
  { name: "straight", vx: 0.3, omega: 0 },
  { name: "turn on the spot", vx: 0, omega: 1 },
  { name: "arc", vx: 0.3, omega: 0.6 },
] as const;
const LEG = 4;
const REST = 1;

function scenario(): string {
  const points = LEGS.flatMap((l, k) => {
    const t0 = k * (LEG + REST);
    return [`    - { t: ${t0}, vx: ${l.vx}, omega: ${l.omega} }`, `    - { t: ${t0 + LEG}, vx: 0, omega: 0 }`];
  });
  return [
    "name: readme-cart",
    "profile:",
    "  type: commands",
    "  interpolation: hold",
    "  points:",
    ...points,
    `duration: ${LEGS.length * (LEG + REST)}`,
    "",
  ].join("\n");
}

describe("README's cart in robokit sim", () => {
  const dir = mkdtempSync(join(tmpdir(), "robokit-readme-cart-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("drives a straight line, turns on the spot and on an arc within 5 % of its command", async () => {
    const robot = join(dir, "cart.ts");
    writeFileSync(robot, readmeCart());
    const scenarioFile = join(dir, "readme-cart.yaml");
    writeFileSync(scenarioFile, scenario());
    const out = join(dir, "out");
    const r = await runCliInProcess(["sim", robot, "--scenario", scenarioFile, "--out", out]);
    expect(r.code, r.stderr).toBe(0);
    // The README's wheels are plain cylinders: sim says what MuJoCo does with them.
    expect(r.stderr).toMatch(/SIMULATOR_APPROXIMATION.*left_wheel_joint.*MuJoCo touches the floor with this cylinder/);
    const [head, ...rows] = readFileSync(join(out, "trace.csv"), "utf8").trimEnd().split("\n");
    const col = (name: string): number => (head ?? "").split(",").indexOf(name);
    const [t, vx, omega] = [col("time"), col("true_vx"), col("true_omega")];
    const cells = rows.map((line) => line.split(",").map(Number));
    LEGS.forEach((leg, k) => {
      const t0 = k * (LEG + REST);
      const settled = cells.filter((c) => (c[t] as number) >= t0 + 1 && (c[t] as number) < t0 + LEG);
      const mean = (i: number): number => settled.reduce((s, c) => s + (c[i] as number), 0) / settled.length;
      const [v, w] = [mean(vx), mean(omega)];
      if (leg.vx === 0) expect(Math.abs(v), leg.name).toBeLessThan(STRAY);
      else expect(Math.abs(v - leg.vx), `${leg.name}: vx ${v}`).toBeLessThan(TOLERANCE * leg.vx);
      if (leg.omega === 0) expect(Math.abs(w), leg.name).toBeLessThan(STRAY);
      else expect(Math.abs(w - leg.omega), `${leg.name}: yaw rate ${w}`).toBeLessThan(TOLERANCE * leg.omega);
    });
  });
});
