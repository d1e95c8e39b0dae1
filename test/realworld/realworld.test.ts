import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { renderReport, renderResults, runRealworld } from "./realworld.js";

const here = dirname(fileURLToPath(import.meta.url));
const result = runRealworld();

describe("real-world conformance (test/data/realworld)", () => {
  it("reads every file without a crash", () => {
    expect(result.rows.length).toBeGreaterThan(600);
    expect(result.rows.filter((r) => r.internalError).map((r) => r.path)).toEqual([]);
  });

  it("reports no error on a URDF that check_urdf and libsdformat both accept", () => {
    expect(result.bothAccept.urdf.files).toBeGreaterThan(150);
    expect(result.bothAccept.urdf.robokitErrors).toBe(0);
  });

  it("reports errors on every URDF check_urdf rejects", () => {
    expect(result.checkUrdfRejects.files).toBeGreaterThan(10);
    expect(result.checkUrdfRejects.robokitErrors).toBe(result.checkUrdfRejects.files);
  });

  it("states a reason for every disagreement with a reference tool", () => {
    const unexplained = result.rows
      .filter(
        (r) =>
          r.theirs !== "no verdict" && (r.ours === "invalid") !== (r.theirs === "reject") && r.reason === undefined,
      )
      .map((r) => r.path);
    expect(unexplained).toEqual([]);
  });

  it("has an up-to-date committed report (npm run realworld)", () => {
    expect(readFileSync(join(here, "REPORT.md"), "utf8")).toBe(renderReport(result));
    expect(readFileSync(join(here, "results.json"), "utf8")).toBe(renderResults(result));
  });
});
