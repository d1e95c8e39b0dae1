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

  describe("joystick profiles", () => {
    const joystick = (lines: readonly string[]): string =>
      ["name: j", "profile:", "  type: joystick", ...lines].join("\n") + "\n";
    const ok = ["  duration: 30", "  hold: [1, 3]", "  ramp: 0.5", "  maxSpeed: 0.15", "  maxYawRate: 0.4"];

    it("accepts a fixed hold or a [min, max] range, stops and acceleration limits", () => {
      expect(readScenario(joystick(ok), "j.yaml").diagnostics).toEqual([]);
      const fixed = readScenario(
        joystick([...ok.filter((l) => !l.includes("hold")), "  hold: 2", "  stops: true", "  maxAcceleration: 0.4"]),
        "j.yaml",
      );
      expect(fixed.diagnostics).toEqual([]);
      expect(fixed.scenario?.profile).toMatchObject({ type: "joystick", hold: 2, stops: true, maxAcceleration: 0.4 });
    });

    it("reports schema errors at file:line:col: a missing field, a zero ramp, an unknown field, a short hold list", () => {
      const missing = readScenario(joystick(ok.filter((l) => !l.includes("maxYawRate"))), "a.yaml").diagnostics[0];
      expect(missing).toMatchObject({ file: "a.yaml", line: 2, column: 1, jsonPath: "/profile" });
      expect(missing?.message).toMatch(/missing required field "maxYawRate"/);
      const ramp = readScenario(joystick(ok.map((l) => (l.includes("ramp") ? "  ramp: 0" : l))), "b.yaml");
      expect(ramp.diagnostics[0]).toMatchObject({ file: "b.yaml", line: 6, column: 3, jsonPath: "/profile/ramp" });
      const extra = readScenario(joystick([...ok, "  points: []"]), "c.yaml").diagnostics[0];
      expect(extra).toMatchObject({ line: 9, column: 3, jsonPath: "/profile/points" });
      const short = readScenario(joystick(ok.map((l) => (l.includes("hold") ? "  hold: [2]" : l))), "d.yaml");
      expect(short.diagnostics[0]).toMatchObject({ line: 5, column: 3, jsonPath: "/profile/hold" });
    });

    it("reports a reversed hold range, too many moves and too long a drive where they are written", () => {
      const reversed = readScenario(joystick(ok.map((l) => (l.includes("hold") ? "  hold: [3, 1]" : l))), "e.yaml");
      expect(reversed.scenario).toBeUndefined();
      expect(reversed.diagnostics[0]).toMatchObject({ line: 5, column: 10, jsonPath: "/profile/hold/0" });
      expect(reversed.diagnostics[0]?.message).toMatch(/minimum exceeds the maximum/);
      const many = readScenario(
        joystick(["  duration: 3000", "  hold: 0", "  ramp: 0.01", "  maxSpeed: 0.1", "  maxYawRate: 0.1"]),
        "f.yaml",
      ).diagnostics[0];
      expect(many).toMatchObject({ code: "SCENARIO_LIMIT_EXCEEDED", line: 6, column: 3, jsonPath: "/profile/ramp" });
      const long = readScenario(joystick(ok.map((l) => (l.includes("duration") ? "  duration: 4000" : l))), "g.yaml")
        .diagnostics[0];
      expect(long).toMatchObject({ code: "SCENARIO_LIMIT_EXCEEDED", line: 4, jsonPath: "/profile/duration" });
    });
  });
});
