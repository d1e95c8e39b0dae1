import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { sha256, sweepArtifacts } from "../../src/cli/simSweep.js";
import { readSweepManifest } from "../../src/sim/sweep/readSweepManifest.js";
import type { SweepManifest } from "../../src/sim/sweep/SweepManifest.js";
import { parseSweepCsv, sweepCsv } from "../../src/sim/sweep/sweepTable.js";
import { csvField } from "../../src/util/csvField.js";

const hex = "a".repeat(64);

/** A valid manifest of `runs` runs whose runs.csv is `csv`, with `over` replacing fields. */
function manifest(csv: string, runs: number, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    format: "robokit-sweep/1",
    robokitVersion: "0.0.0",
    robot: "mario",
    robotSha256: hex,
    scenario: "paper",
    scenarioSha256: hex,
    parameters: ["friction"],
    variationSha256: null,
    seedBase: 1,
    runs,
    duration: null,
    rate: null,
    shard: { index: 0, count: 1 },
    runIndices: Array.from({ length: runs }, (_, i) => i),
    runsCsvSha256: sha256(csv),
    ...over,
  };
}

const csv = sweepCsv(
  ["friction"],
  [0, 1].map((run) => ({ run, seed: 1 + run, values: [0.5], metricNames: ["a"], metrics: [run] })),
);

describe("sweep manifests are checked field by field", () => {
  it("accepts what robokit writes", () => {
    expect(readSweepManifest(JSON.stringify(manifest(csv, 2)))).toEqual({ ok: true, manifest: manifest(csv, 2) });
  });

  it.each([
    ["runs", "2"],
    ["runs", 1e12],
    ["runs", 0],
    ["seedBase", 2 ** 32],
    ["seedBase", -1],
    ["parameters", ["=cmd|' /C calc'!A0", 3]],
    ["robotSha256", "x"],
    ["duration", "1"],
    ["shard", { index: 2, count: 2 }],
    ["runIndices", [1, 0]],
    ["runIndices", [0, 5]],
  ])("refuses %s = %j, naming the field", (key, value) => {
    const read = readSweepManifest(JSON.stringify(manifest(csv, 2, { [key]: value })));
    expect(read.ok).toBe(false);
    if (!read.ok) expect(read.problems.join("; ")).toMatch(new RegExp(`^${key} is|; ${key} is`));
  });

  it("never throws, whatever the JSON (property)", () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(...Object.keys(manifest(csv, 2))), (value, key) => {
        const read = readSweepManifest(JSON.stringify(manifest(csv, 2, { [key]: value })));
        if (read.ok) expect(read.manifest[key as keyof SweepManifest]).toEqual(value);
      }),
    );
  });
});

describe("runs.csv read back", () => {
  it("refuses CRLF line ends and a header cell that is not a column name (a formula)", () => {
    expect(() => parseSweepCsv(csv.replace(/\n/g, "\r\n"))).toThrow(/line 1: a carriage return/);
    expect(() => parseSweepCsv(csv.replace("friction", '=HYPERLINK("http://x")'))).toThrow(
      /line 1: column "=HYPERLINK/,
    );
    expect(() => parseSweepCsv(csv.replace("friction", "@SUM(A1)"))).toThrow(/not a parameter or metric name/);
  });
});

describe("every CSV robokit writes defuses spreadsheet formulas", () => {
  it("csvField starts no field with = + - @ tab or CR, and a field written twice is the same (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 20 }), (text) => {
        const field = csvField(text);
        const inner = field.startsWith('"') ? field.slice(1, -1).replace(/""/g, '"') : field;
        expect(inner).not.toMatch(/^[=+\-@\t\r]/);
        expect(csvField(inner)).toBe(field);
        if (!/^[=+\-@\t\r]/.test(text)) expect(inner).toBe(text);
      }),
    );
  });

  it("a failed run whose error is a formula is written as text and survives a merge unchanged", () => {
    const rows = [{ run: 0, seed: 1, values: [0.5], metricNames: ["a"], metrics: [NaN], error: "=1+1" }];
    const written = sweepCsv(["friction"], rows);
    expect(written.split("\n")[1]).toBe("0,1,0.5,,'=1+1");
    const table = parseSweepCsv(written);
    expect(table.errors.get(0)).toBe("'=1+1");
    const again = sweepArtifacts(manifest(written, 1) as unknown as SweepManifest, written, table);
    expect(again.find((a) => a.path === "runs.csv")?.content).toBe(written);
  });

  it("a scenario name with line breaks stays on its line of summary.md", () => {
    const m = manifest(csv, 2, { scenario: "paper\n\n| injected | 1 |\n# heading" }) as unknown as SweepManifest;
    const md = sweepArtifacts(m, csv).find((a) => a.path === "summary.md")?.content ?? "";
    expect(md.split("\n")[0]).toBe("# Sweep: mario, paper\\\\n\\\\n\\| injected \\| 1 \\|\\\\n\\# heading");
    expect(md).not.toMatch(/^\| injected/m);
    expect(md).not.toMatch(/^# heading/m);
  });
});
