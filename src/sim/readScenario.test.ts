import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { readScenario } from "./readScenario.js";

const shipped = join(import.meta.dirname, "..", "..", "scenarios");

describe("readScenario", () => {
  it("accepts every shipped scenario", () => {
    for (const robot of readdirSync(shipped)) {
      for (const file of readdirSync(join(shipped, robot))) {
        const r = readScenario(readFileSync(join(shipped, robot, file), "utf8"), file);
        expect(r.diagnostics, file).toEqual([]);
        expect(r.scenario?.robot).toBe(robot);
      }
    }
  });

  it("reports an unknown field at its line and column", () => {
    const text = "name: x\nprofile:\n  type: rose\n  amplitude: 2\n  petals: 3\n  rate: 0.1\n  speed: 4\n";
    const [d] = readScenario(text, "s.yaml").diagnostics;
    expect(d).toMatchObject({
      code: "DOCUMENT_INVALID",
      file: "s.yaml",
      line: 7,
      column: 3,
      jsonPath: "/profile/speed",
    });
    expect(d?.message).toMatch(/unknown field "speed"/);
  });

  it("reports time stamps that do not increase", () => {
    const text = [
      "name: x",
      "profile:",
      "  type: commands",
      "  points:",
      "    - { t: 0, vx: 0.1 }",
      "    - { t: 2, vx: 0.1 }",
      "    - { t: 2, vx: 0 }",
    ].join("\n");
    const [d] = readScenario(text, "s.yaml").diagnostics;
    expect(d).toMatchObject({ line: 7, jsonPath: "/profile/points/2/t" });
    expect(d?.message).toMatch(/must be later than the previous point's 2 s/);
  });

  it("reports a missing field, a bad enum, a non-finite number and broken YAML", () => {
    expect(
      readScenario("name: x\nprofile: { type: rose, petals: 3, rate: 0.1 }\n", "a.yaml").diagnostics[0]?.message,
    ).toMatch(/missing required field "amplitude"/);
    expect(
      readScenario("name: x\nheading: compass\nprofile: { type: rose, amplitude: 1, petals: 3, rate: 0.1 }\n", "b.yaml")
        .diagnostics[0],
    ).toMatchObject({ line: 2, jsonPath: "/heading" });
    expect(
      readScenario("name: x\nprofile: { type: rose, amplitude: .inf, petals: 3, rate: 0.1 }\n", "c.yaml").diagnostics[0]
        ?.message,
    ).toMatch(/finite/);
    expect(readScenario("name: [x\n", "d.yaml").diagnostics[0]?.message).toMatch(/not valid YAML/);
    expect(readScenario("name: x\nprofile: { type: spiral }\n", "e.yaml").diagnostics[0]?.jsonPath).toBe(
      "/profile/type",
    );
    expect(
      readScenario("name: x\nprofile:\n  type: commands\n  points: [{ t: 0 }]\n  maxAcceleration: 0\n", "f.yaml")
        .diagnostics[0],
    ).toMatchObject({ line: 5, jsonPath: "/profile/maxAcceleration" });
    expect(
      readScenario(
        "name: x\nprofile: { type: rose, amplitude: 1, petals: 3, rate: 0.1, maxAngularAcceleration: -1 }\n",
        "g.yaml",
      ).diagnostics[0]?.jsonPath,
    ).toBe("/profile/maxAngularAcceleration");
  });
});
