import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";

import { writePackage } from "../../src/cli/writePackage.js";
import { simulationCsvChunks } from "../../src/sim/simulationCsv.js";
import type { SimulationTrace } from "../../src/sim/SimulationTrace.js";
import { formatNumber } from "../../src/util/formatNumber.js";

const dir = mkdtempSync(join(tmpdir(), "robokit-csv-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A trace of `rows` ticks whose every column is a simple function of the tick. */
function trace(rows: number): SimulationTrace {
  const col = (f: (k: number) => number): Float64Array => Float64Array.from({ length: rows }, (_, k) => f(k));
  const twist = () => ({ vx: col((k) => k * 0.25), vy: col((k) => -k), omega: col(() => 0.5) });
  const pose = () => ({ x: col((k) => k / 3), y: col(() => 0), theta: col((k) => k * 1e-7) });
  return {
    rows,
    dt: 0.01,
    time: col((k) => (k + 1) * 0.01),
    command: twist(),
    trueTwist: twist(),
    odomTwist: twist(),
    truePose: pose(),
    odomPose: pose(),
    steerJoints: ["s1"],
    steering: [col((k) => k * 0.001)],
    wheelJoints: ["w1", "w2"],
    wheelRates: [col(() => 1), col(() => 2)],
    scale: col(() => 1),
  };
}

describe("the simulation CSV is written in pieces", () => {
  it("property: the pieces hold at most rowsPerChunk rows each and join to the same text for any chunk size", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 60 }), fc.integer({ min: 1, max: 70 }), (rows, per) => {
        const t = trace(rows);
        const pieces = [...simulationCsvChunks(t, per)];
        expect(pieces).toHaveLength(1 + Math.ceil(rows / per));
        for (const p of pieces.slice(1)) expect(p.split("\n").length - 1).toBeLessThanOrEqual(per);
        const text = pieces.join("");
        expect(text).toBe([...simulationCsvChunks(t, 1)].join(""));
        const lines = text.trimEnd().split("\n");
        expect(lines).toHaveLength(rows + 1);
        for (let k = 0; k < rows; k++) expect(lines[k + 1]?.split(",")[0]).toBe(formatNumber((k + 1) * 0.01));
      }),
    );
  });

  it("writePackage writes each piece to the file before it asks for the next (the text is never whole in memory)", () => {
    const parent = join(dir, "stream");
    const out = join(parent, "pkg");
    const pieces = [...simulationCsvChunks(trace(50), 8)];
    const sizes: number[] = [];
    function* watched(): Generator<string> {
      let written = 0;
      for (const piece of pieces) {
        // The staging file holds exactly what was handed over so far.
        const staging = readdirSync(parent).find((n) => n.startsWith(".pkg.robokit-new-"));
        if (written > 0) sizes.push(statSync(join(parent, staging ?? "", "trace.csv")).size);
        yield piece;
        written += Buffer.byteLength(piece);
      }
    }
    writePackage(out, [
      { path: "trace.csv", chunks: watched() },
      { path: "summary.md", content: "s\n" },
    ]);
    const expected = pieces
      .slice(0, -1)
      .map((_, i) => pieces.slice(0, i + 1).reduce((n, p) => n + Buffer.byteLength(p), 0));
    expect(sizes).toEqual(expected);
    expect(readFileSync(join(out, "trace.csv"), "utf8")).toBe(pieces.join(""));
  });
});
