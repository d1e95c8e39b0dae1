// @slow: creates a folder of 125,000 entries (vitest project `slow`).
import { closeSync, mkdirSync, mkdtempSync, openSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, describe, expect, it } from "vitest";

import {
  expandInputFiles,
  MAX_WALK_DEPTH,
  MAX_WALK_ENTRIES,
  VALIDATE_EXTENSIONS,
} from "../../src/cli/expandInputFiles.js";
import { runCliInProcess } from "../support/runCliInProcess.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-walk-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const URDF = '<?xml version="1.0"?>\n<robot name="r"><link name="base"/></robot>\n';

describe("folder walks are linear and bounded", () => {
  it("validate DIR on a folder of 125,000 entries is a one-line usage error (exit 2), not exit 70", async () => {
    const big = join(dir, "big");
    mkdirSync(big);
    for (let i = 0; i < 125_000; i++) closeSync(openSync(join(big, `f${i}.urdf`), "w"));
    const r = await runCliInProcess(["validate", big]);
    expect(r.code, r.stderr).toBe(2);
    expect(MAX_WALK_ENTRIES).toBe(100_000);
    expect(r.stderr).toBe(
      `robokit: ${big}: more than 100,000 entries below this folder (robokit reads at most that many); name a smaller folder or the files themselves\n`,
    );
    expect(r.stdout).toBe("");
  }, 60_000);

  it("the budget counts every entry below the folder, not only the first level, and bounds pattern walks too", () => {
    // The 125,000 entries one level down (renamed, not re-created: creating them is the slow part).
    const spread = join(dir, "spread");
    mkdirSync(spread);
    writeFileSync(join(spread, "top.urdf"), URDF);
    renameSync(join(dir, "big"), join(spread, "sub"));
    expect(() => expandInputFiles([spread], VALIDATE_EXTENSIONS)).toThrow(/more than 100,000 entries/);
    expect(() => expandInputFiles([join(spread, "**", "*.urdf")], VALIDATE_EXTENSIONS)).toThrow(
      /more than 100,000 entries/,
    );
  }, 60_000);

  it("descends MAX_WALK_DEPTH levels in order and refuses one more with a clear message", () => {
    const deep = join(dir, "deep");
    let at = deep;
    const expected: string[] = [];
    for (let level = 0; level < MAX_WALK_DEPTH; level++) {
      at = join(at, "d");
      mkdirSync(at, { recursive: true });
      // Files sort before and after the subfolder "d": depth-first, sorted order.
      writeFileSync(join(at, "a.urdf"), URDF);
      writeFileSync(join(at, "z.urdf"), URDF);
    }
    // Expected order: a.urdf of each level on the way down, then z.urdf on the way back up.
    const levels: string[] = [];
    for (let level = 1, p = deep; level <= MAX_WALK_DEPTH; level++) levels.push((p = join(p, "d")));
    for (const l of levels) expected.push(join(l, "a.urdf"));
    for (const l of [...levels].reverse()) expected.push(join(l, "z.urdf"));
    expect(expandInputFiles([deep], VALIDATE_EXTENSIONS)).toEqual(expected);
    mkdirSync(join(at, "d"));
    expect(() => expandInputFiles([deep], VALIDATE_EXTENSIONS)).toThrow(
      `folders nest deeper than ${MAX_WALK_DEPTH} levels`,
    );
  });
});
