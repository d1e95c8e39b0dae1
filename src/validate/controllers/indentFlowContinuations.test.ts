import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { readParameterFile } from "./readParameterFile.js";

describe("flow collections continued at any indentation, as libyaml reads them", () => {
  it("reads an array continued at its key's column as one array, at the original columns", () => {
    // PAL's play_motion2 files write `joints: [a,` then the rest at the key's column.
    const text = "n:\n  ros__parameters:\n    joints: [a, b,\n    c, d]\n    x: 1\n";
    const { blocks, diagnostics } = readParameterFile(text, "f.yaml");
    expect(diagnostics).toEqual([]);
    const [joints, x] = blocks[0]!.params;
    expect(joints!.value.value).toEqual(["a", "b", "c", "d"]);
    expect(joints!.elements!.map((e) => [e.line, e.column])).toEqual([
      [3, 14],
      [3, 17],
      [4, 5],
      [4, 8],
    ]);
    expect([x!.name, x!.key.line, x!.key.column]).toEqual(["x", 5, 5]);
  });

  it("leaves brackets in block scalars, quotes and comments alone", () => {
    const text = 'n:\n  ros__parameters:\n    a: |\n      text [open\n    b: "[x"  # [y\n    c: 1\n';
    const { blocks, diagnostics } = readParameterFile(text, "f.yaml");
    expect(diagnostics).toEqual([]);
    expect(blocks[0]!.params.map((p) => [p.name, p.key.line])).toEqual([
      ["a", 3],
      ["b", 5],
      ["c", 6],
    ]);
  });

  it("reads a well-indented file the same with or without the pass (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -1000, max: 1000 }), { minLength: 1, maxLength: 8 }), (xs) => {
        const text = `n:\n  ros__parameters:\n    v: [${xs.join(",\n        ")}]\n    w: 2\n`;
        const { blocks, diagnostics } = readParameterFile(text, "f.yaml");
        expect(diagnostics).toEqual([]);
        expect(blocks[0]!.params.map((p) => p.value.value)).toEqual([xs, 2]);
      }),
    );
  });
});
