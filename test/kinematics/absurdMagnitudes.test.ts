import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";

import { requireDrive } from "../../src/cli/commands/ikCommand.js";
import { odomJoints } from "../../src/cli/commands/odomCommand.js";
import { loadRobot } from "../../src/cli/loadRobot.js";
import { runCliInProcess } from "../support/runCliInProcess.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-magnitudes-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** One bundled example per drive type. */
const EXAMPLES = ["cart", "skidsteer", "mario", "robotino", "mecanum", "ackermann", "bicycle", "tricycle"] as const;

/** Any double, with the extremes drawn often: the largest, the smallest, zero's signs, subnormals. */
const anyDouble = fc.oneof(
  fc.double({ noNaN: true }),
  fc.constantFrom(1e308, -1e308, 1e9, -1e9, 1.0000001e9, 5e-324, -0, 1e-300, Number.MAX_VALUE),
  fc.double({ min: -1e9, max: 1e9, noNaN: true }),
);

/** Every number in a JSON answer is finite. */
function allFinite(value: unknown): boolean {
  if (typeof value === "number") return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(allFinite);
  if (value !== null && typeof value === "object") return Object.values(value).every(allFinite);
  return true;
}

describe("absurd magnitudes are the user's to fix, never a robokit bug", () => {
  it("ik: any twist is an answer of finite numbers or exit 1 naming the option", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...EXAMPLES), anyDouble, anyDouble, anyDouble, async (robot, vx, vy, wz) => {
        const r = await runCliInProcess([
          "ik",
          robot,
          "--vx",
          String(vx),
          "--vy",
          String(vy),
          "--wz",
          String(wz),
          "-f",
          "json",
        ]);
        expect([0, 1]).toContain(r.code);
        const over = [
          ["--vx", vx],
          ["--vy", vy],
          ["--wz", wz],
        ].find(([, v]) => Math.abs(v as number) > 1e9);
        if (over !== undefined) {
          expect(r.code).toBe(1);
          expect(r.stderr).toContain(`${over[0]} `);
          expect(r.stderr).toContain("outside ±1000000000");
        }
        if (r.code === 0) expect(allFinite(JSON.parse(r.stdout))).toBe(true);
      }),
      { numRuns: 120 },
    );
  });

  it("odom: any wheel positions are a trajectory of finite numbers or exit 1 at the row", async () => {
    const joints = new Map<string, readonly string[]>();
    for (const name of EXAMPLES) joints.set(name, odomJoints(requireDrive(await loadRobot(name), name)));
    let run = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...EXAMPLES),
        fc.array(fc.array(anyDouble, { minLength: 8, maxLength: 8 }), { minLength: 2, maxLength: 5 }),
        async (robot, rows) => {
          const names = joints.get(robot) ?? [];
          const lines = rows.map((r, k) => [k, ...names.map((_, i) => r[i] ?? 0)].join(","));
          const file = join(dir, `odom-${run++}.csv`);
          writeFileSync(file, `t,${names.join(",")}\n${lines.join("\n")}\n`);
          const r = await runCliInProcess(["odom", robot, file]);
          expect([0, 1]).toContain(r.code);
          const over = rows.some((row) => row.slice(0, names.length).some((v) => Math.abs(v) > 1e9));
          if (over)
            expect(r.stderr).toMatch(
              /odom-\d+\.csv:\d+:\d+: error VALUE_OUT_OF_RANGE: column "[^"]+": .* is outside ±1000000000/,
            );
          if (r.code === 0)
            for (const line of r.stdout.trim().split("\n").slice(1))
              expect(line.split(",").every((c) => Number.isFinite(Number(c)))).toBe(true);
        },
      ),
      { numRuns: 120 },
    );
  });
});
