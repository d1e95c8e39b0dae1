import { closeSync, mkdtempSync, openSync, readFileSync, rmSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import { spawnSync } from "node:child_process";

/** The built CLI, as a user runs it. */
const bin = join(process.cwd(), "dist", "src", "bundle", "robokit.cjs");

function robokit(args: readonly string[], heap: string): { status: number | null; stdout: string; stderr: string } {
  const r = spawnSync(process.execPath, [heap, bin, ...args], { encoding: "utf8", maxBuffer: 1 << 28 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

const dir = mkdtempSync(join(tmpdir(), "robokit-odom-stream-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A wheel-state CSV for the cart of about `bytes` bytes: both wheels turning at constant,
 * different rates, so the base drives an arc. Returns the file and its row count.
 */
function cartCsv(bytes: number): { file: string; rows: number } {
  const file = join(dir, `cart-${bytes}.csv`);
  const fd = openSync(file, "w");
  writeSync(fd, "t,left_wheel_joint,right_wheel_joint\n");
  let written = 0;
  let rows = 0;
  while (written < bytes) {
    let block = "";
    for (let k = 0; k < 10_000; k++, rows++)
      block += `${(rows * 0.01).toFixed(2)},${(rows * 0.05).toFixed(4)},${(rows * 0.04).toFixed(4)}\n`;
    writeSync(fd, block);
    written += block.length;
  }
  closeSync(fd);
  return { file, rows };
}

describe("robokit odom on a long CSV", () => {
  // The CSV was read whole, split into a string per line and an array per row: 49 MB took
  // 1.5 GB. Read a line at a time into the needed columns, 24 MB fits a 160 MB heap.
  it("reads a 24 MB CSV under a 160 MB heap, to stdout and to a file, with the same poses", () => {
    const { file, rows } = cartCsv(24e6);
    const heap = "--max-old-space-size=160";
    const toStdout = robokit(["odom", "cart", file], heap);
    expect(toStdout.stderr).toBe("");
    expect(toStdout.status).toBe(0);
    const lines = toStdout.stdout.trimEnd().split("\n");
    expect(lines).toHaveLength(rows + 1);
    const out = join(dir, "trajectory.csv");
    const toFile = robokit(["odom", "cart", file, "-o", out], heap);
    expect(toFile.status).toBe(0);
    expect(readFileSync(out, "utf8")).toBe(toStdout.stdout);
    // Constant wheel rates: the heading grows linearly, so its last value is the rows' count times one step's.
    const [, , , theta1] = (lines[2] ?? "").split(",").map(Number);
    const [, , , thetaN] = (lines.at(-1) ?? "").split(",").map(Number);
    const wrapped = Math.atan2(Math.sin((rows - 1) * (theta1 as number)), Math.cos((rows - 1) * (theta1 as number)));
    expect(thetaN).toBeCloseTo(wrapped, 6);
  });
});
