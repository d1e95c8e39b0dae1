import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { readParameterFile } from "./readParameterFile.js";

function readValue(yaml: string): unknown {
  const { blocks, diagnostics } = readParameterFile(`node:\n  ros__parameters:\n    p: ${yaml}\n`, "f.yaml");
  expect(diagnostics).toEqual([]);
  return blocks[0]?.params[0]?.value;
}

describe("readParameterFile types scalars as rcl_yaml_param_parser does", () => {
  it("integers are int, numbers with a point or exponent double, quoted text string (property)", () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), (n) => {
        expect(readValue(String(n))).toEqual({ type: "int", value: n });
        expect(readValue(`${n}.0`)).toEqual({ type: "double", value: n });
        expect(readValue(`${n}e0`)).toEqual({ type: "double", value: n });
        expect(readValue(`"${n}"`)).toEqual({ type: "string", value: String(n) });
      }),
    );
  });

  it("reads yes/on/True as booleans, .nan and .inf as doubles, and keeps nested keys dotted", () => {
    expect(readValue("yes")).toEqual({ type: "bool", value: true });
    expect(readValue("Off")).toEqual({ type: "bool", value: false });
    expect(readValue(".NAN")).toMatchObject({ type: "double" });
    expect(readValue("-.inf")).toEqual({ type: "double", value: Number.NEGATIVE_INFINITY });
    const { blocks } = readParameterFile("/ns/node:\n  ros__parameters:\n    a:\n      b.c: [x, z]\n", "f.yaml");
    expect(blocks.map((b) => [b.path, b.nodeName, b.params.map((p) => p.name)])).toEqual([
      ["ns/node", "node", ["a.b.c"]],
    ]);
    expect(blocks[0]!.params[0]!.elements!.map((e) => [e.line, e.column])).toEqual([
      [4, 13],
      [4, 16],
    ]);
  });

  it("refuses what rcl refuses: mixed arrays, nested arrays, a key without a value, aliases", () => {
    for (const bad of ["[1, 2.0]", "[[1], [2]]", "", "*a"]) {
      const { diagnostics } = readParameterFile(`x: &a 1\nnode:\n  ros__parameters:\n    p: ${bad}\n`, "f.yaml");
      expect(
        diagnostics.map((d) => [d.code, d.line]),
        bad,
      ).toEqual([["PARAMETER_FILE_INVALID", 4]]);
    }
  });
});
