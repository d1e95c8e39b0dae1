import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { renderReport, renderResults, runConformance } from "./conformance.js";

const here = dirname(fileURLToPath(import.meta.url));
const result = runConformance();

describe("conformance with libsdformat (test/data/sdformat corpus)", () => {
  it("runs every corpus file without a crash or a hang", () => {
    expect(result.rows.length).toBeGreaterThan(200);
    expect(result.rows.filter((r) => r.internalError).map((r) => r.path)).toEqual([]);
    expect(result.rows.filter((r) => r.milliseconds > 5_000).map((r) => r.path)).toEqual([]);
  });

  it("agrees with libsdformat 12.3's verdict on at least 95 % of SDF <= 1.9 files", () => {
    expect(result.sdfUpTo19.files).toBeGreaterThan(150);
    expect(result.sdfUpTo19.agree / result.sdfUpTo19.files).toBeGreaterThanOrEqual(0.95);
  });

  it("reports the error code upstream libsdformat's tests expect, on every such file", () => {
    const missing = result.rows
      .filter((r) => r.missingCodes.length > 0)
      .map((r) => `${r.path}: ${r.missingCodes.join(", ")}`);
    expect(missing).toEqual([]);
    expect(result.codeRows.files).toBeGreaterThan(25);
  });

  it("explains every verdict disagreement on SDF <= 1.9 and URDF", () => {
    const unexplained = result.rows
      .filter((r) => r.ours !== r.theirs && result.reasons[r.path] === undefined)
      .filter((r) => !(r.format === "sdf" && Number(r.version.split(".")[1]) >= 10))
      .map((r) => r.path);
    expect(unexplained).toEqual([]);
  });

  it("has an up-to-date committed report (npm run conformance)", () => {
    expect(readFileSync(join(here, "REPORT.md"), "utf8")).toBe(renderReport(result));
    expect(readFileSync(join(here, "results.json"), "utf8")).toBe(renderResults(result));
  });
});
