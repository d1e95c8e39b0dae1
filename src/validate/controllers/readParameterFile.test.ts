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

  it("reads a mapping inside a sequence as rcl does: a namespace, the sequence adding no level", () => {
    // gpio_controllers' documented layout (KUKA's drivers write it too).
    const text =
      "gpio:\n  ros__parameters:\n    command_interfaces:\n      Gpio1:\n        - interfaces:\n            - dig.1\n";
    const { blocks, diagnostics } = readParameterFile(text, "f.yaml");
    expect(diagnostics).toEqual([]);
    expect(blocks[0]!.params.map((p) => [p.name, p.value.value, p.at.line])).toEqual([
      ["command_interfaces.Gpio1.interfaces", ["dig.1"], 6],
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

describe("readParameterFile reads repeated keys as rcl_yaml_param_parser does", () => {
  it("merges a node key repeated at the top level (one /** per node block)", () => {
    const text = [
      "/**:",
      "  ros__parameters:",
      "    use_sim_time: true",
      "controller_manager:",
      "  ros__parameters:",
      "    update_rate: 100",
      "/**:",
      "  ros__parameters:",
      "    other: 1",
      "",
    ].join("\n");
    const { blocks, diagnostics } = readParameterFile(text, "f.yaml");
    expect(diagnostics).toEqual([]);
    expect(blocks.map((b) => [b.path, b.params.map((p) => p.name)])).toEqual([
      ["**", ["use_sim_time"]],
      ["controller_manager", ["update_rate"]],
      ["**", ["other"]],
    ]);
  });

  it("keeps every value of a repeated parameter and warns at the later one, naming the first", () => {
    const text = "n:\n  ros__parameters:\n    a: 1\n    b: 2\n    a: 3\n";
    const { blocks, diagnostics } = readParameterFile(text, "f.yaml");
    expect(blocks[0]!.params.map((p) => [p.name, p.value.value])).toEqual([
      ["a", 1],
      ["b", 2],
      ["a", 3],
    ]);
    expect(diagnostics.map((d) => [d.code, d.severity, d.line, d.message])).toEqual([
      [
        "PARAMETER_REPEATED",
        "warning",
        5,
        '"a" of /n is set again (before at line 3); rcl_yaml_param_parser keeps the value it reads last',
      ],
    ]);
  });

  // The old unique-key check compared every key with every other: 100,000 keys took minutes.
  it("reads 100,000 parameters of one node in linear work", { timeout: 30_000 }, () => {
    const lines = ["n:", "  ros__parameters:"];
    for (let i = 0; i < 100_000; i++) lines.push(`    p${i}: ${i}`);
    lines.push("    p0: 1");
    const { blocks, diagnostics } = readParameterFile(`${lines.join("\n")}\n`, "f.yaml");
    expect(blocks[0]!.params).toHaveLength(100_001);
    expect(diagnostics.map((d) => [d.code, d.line])).toEqual([["PARAMETER_REPEATED", 100_003]]);
  });
});
