import { describe, expect, it } from "vitest";

import { mario } from "../../../examples/mario/mario.js";
import { checkMjcf } from "./checkMjcf.js";
import { emitMjcf } from "./emitMjcf.js";

describe("checkMjcf", () => {
  it("finds nothing in robokit's MARIO MJCF", () => {
    expect(checkMjcf(emitMjcf(mario), "mario.xml")).toEqual([]);
  });

  it("reports duplicate names, missing joints and sites, massless moving bodies and non-finite numbers, with positions", () => {
    const xml = [
      "<mujoco>",
      "  <worldbody>",
      '    <body name="a"><joint name="j"/><site name="s"/></body>',
      '    <body name="a"><joint name="k"/><inertial pos="0 0 0" mass="1" diaginertia="1 1 1"/><geom size="NaN"/></body>',
      "  </worldbody>",
      '  <actuator><motor name="m" joint="nope"/></actuator>',
      '  <sensor><gyro name="g" site="missing"/></sensor>',
      "</mujoco>",
    ].join("\n");
    const messages = checkMjcf(xml, "x.xml").map((p) => `${p.line}: ${p.message}`);
    expect(messages).toEqual(
      expect.arrayContaining([
        '4: duplicate body name "a"',
        '6: actuator "m" drives joint "nope", which does not exist',
        '7: <gyro> refers to site "missing", which does not exist',
        expect.stringMatching(/^3: body "a" moves \(has a joint\) but neither it nor a body welded to it has mass/),
        expect.stringMatching(/^4: <geom> attribute size="NaN" is not a finite number/),
      ]),
    );
    expect(messages).toHaveLength(5);
  });

  it("reports the values MuJoCo's compiler refuses: ranges, inertias, sizes, materials", () => {
    const xml = [
      "<mujoco>",
      "  <worldbody>",
      '    <body name="a"><joint name="j" limited="true" range="0 0"/><inertial pos="0 0 0" mass="1" diaginertia="1 1 3"/>',
      '      <geom name="g" type="sphere" size="0"/><geom name="h" type="box" size="1 1 1" material="red"/>',
      "    </body>",
      "  </worldbody>",
      '  <actuator><position name="p" joint="j" ctrllimited="true" ctrlrange="1 -1"/></actuator>',
      "</mujoco>",
    ].join("\n");
    expect(checkMjcf(xml, "x.xml").map((p) => `${p.line}: ${p.message}`)).toEqual([
      '3: <joint> range="0 0" does not increase, which MuJoCo refuses',
      '3: <inertial> diaginertia="1 1 3" breaks the triangle inequality A + B >= C, which MuJoCo refuses',
      '4: <geom> sphere size="0" is not positive, which MuJoCo refuses',
      '4: <geom> material "red" is not declared, which MuJoCo refuses',
      '7: <position> ctrlrange="1 -1" does not increase, which MuJoCo refuses',
    ]);
  });

  it("reports malformed XML instead of throwing", () => {
    const problems = checkMjcf("<mujoco><worldbody></mujoco>", "bad.xml");
    expect(problems.length).toBeGreaterThan(0);
    expect(problems[0]?.message).toMatch(/not well-formed/);
  });

  it("reports a geom whose mesh no asset defines", () => {
    const xml = [
      "<mujoco>",
      '  <asset><mesh name="m" file="m.stl"/></asset>',
      '  <worldbody><body name="b"><geom name="ok" type="mesh" mesh="m"/><geom name="bad" type="mesh" mesh="gone"/></body></worldbody>',
      "</mujoco>",
    ].join("\n");
    expect(checkMjcf(xml, "x.xml").map((p) => `${p.line}: ${p.message}`)).toEqual([
      '3: geom "bad" uses mesh "gone", which no <mesh> asset defines',
    ]);
  });
});
