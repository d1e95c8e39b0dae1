import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { robot as pantilt } from "../../examples/pantilt/pantilt.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { corruptionArbitrary } from "../../test/support/corruptRobot.js";
import { twoLinkRobot } from "../../test/support/twoLinkRobot.js";
import { checkRobotData } from "./checkRobotData.js";
import { defineRobot } from "./defineRobot.js";
import { RobotBuilder } from "./RobotBuilder.js";
import { RobotModelError } from "./RobotModelError.js";

/** A robot as a module run without type-checking sees it: any field may be anything. */
// biome-ignore lint/suspicious/noExplicitAny: these tests break a robot's types on purpose
type Untyped = any;

/** The two-link robot with its joint changed, as a module run without type-checking could make it. */
function withJoint(change: Record<string, unknown>): unknown {
  const r = structuredClone(twoLinkRobot()) as unknown as { joints: Record<string, unknown>[] };
  Object.assign(r.joints[0]!, change);
  return r;
}

function errorsAt(data: unknown): { jsonPath: string | undefined; message: string; hint: string | undefined }[] {
  return checkRobotData(data)
    .filter((d) => d.severity === "error")
    .map((d) => ({ jsonPath: d.jsonPath, message: d.message, hint: d.hint }));
}

describe("checkRobotData: every robot through robot.schema.json, then the rules", () => {
  it("accepts the examples as built", () => {
    for (const r of [mario, robotino, pantilt]) expect(checkRobotData(structuredClone(r))).toEqual([]);
  });

  it("names an unknown joint type with its pointer and the type it is close to", () => {
    expect(errorsAt(withJoint({ type: "contnuous" }))).toContainEqual(
      expect.objectContaining({ jsonPath: "/joints/0/type", hint: 'did you mean "continuous"?' }),
    );
  });

  it("names an unknown field and the field it is close to", () => {
    const r = withJoint({ axsi: [0, 1, 0] }) as { joints: Record<string, unknown>[] };
    delete r.joints[0]!["axis"];
    expect(errorsAt(r)).toContainEqual(
      expect.objectContaining({ jsonPath: "/joints/0/axsi", hint: 'did you mean "axis"?' }),
    );
  });

  it("names an unknown command interface and the one it is close to", () => {
    expect(errorsAt(withJoint({ actuator: { command: "velocty" } }))).toContainEqual(
      expect.objectContaining({ jsonPath: "/joints/0/actuator/command", hint: 'did you mean "velocity"?' }),
    );
  });

  it.each([
    ["a string mass", (r: Untyped) => (r.links[1].inertial.mass = "8"), "/links/1/inertial/mass"],
    ["a string effort", (r: Untyped) => (r.joints[0].limit.effort = "10"), "/joints/0/limit/effort"],
    ["a string damping", (r: Untyped) => (r.joints[0].dynamics = { damping: "0.1" }), "/joints/0/dynamics/damping"],
    [
      "a shape of unknown type",
      (r: Untyped) => (r.links[0].visuals[0].geometry.type = "bx"),
      "/links/0/visuals/0/geometry/type",
    ],
    ["a two-number xyz", (r: Untyped) => (r.joints[0].origin.xyz = [0, 0.18]), "/joints/0/origin/xyz"],
    ["a function", (r: Untyped) => (r.links[0].inertial.mass = () => 1), "/links/0/inertial/mass"],
    ["a class instance", (r: Untyped) => (r.joints[0].axis = new Float64Array([0, 0, 1])), "/joints/0/axis"],
    [
      "a getter that throws",
      (r: Untyped) =>
        Object.defineProperty(r.links[1].inertial, "mass", {
          get: () => {
            throw new Error("no mass today");
          },
          enumerable: true,
        }),
      "/links/1/inertial/mass",
    ],
  ])("reports %s as an error at its pointer (never a crash)", (_, change, pointer) => {
    const r = structuredClone(twoLinkRobot()) as Untyped;
    change(r);
    expect(errorsAt(r).map((d) => d.jsonPath)).toContain(pointer);
  });

  it.each([
    ["a colour component above 1", (r: Untyped) => (r.materials[0].rgba = [0.5, 1.5, 0.5, 1]), "/materials/0/rgba/1"],
    [
      "a negative friction",
      (r: Untyped) => (r.links[0].collisions[0].surface = { mu: -1 }),
      "/links/0/collisions/0/surface/mu",
    ],
    ["a joint named as a link", (r: Untyped) => (r.joints[0].name = "arm"), "/joints/0/name"],
    ["a robot named world", (r: Untyped) => (r.name = "world"), "/name"],
  ])("reports %s, which the model's types allow but libsdformat refuses", (_, change, pointer) => {
    const r = structuredClone(twoLinkRobot()) as Untyped;
    change(r);
    expect(errorsAt(r).map((d) => d.jsonPath)).toContain(pointer);
  });

  it("reports an object that contains itself without walking forever", () => {
    const r = structuredClone(twoLinkRobot()) as Untyped;
    r.links[0].self = r.links[0];
    expect(errorsAt(r).map((d) => d.jsonPath)).toEqual(["/links/0/self"]);
  });

  it("checks the joints of every drive type", () => {
    const r = structuredClone(twoLinkRobot()) as Untyped;
    r.drive = { type: "differential", left: ["nope"], right: ["servo1"] };
    expect(errorsAt(r)).toContainEqual(
      expect.objectContaining({ jsonPath: "/drive/left/0", message: 'drive: wheel joint "nope" does not exist' }),
    );
  });

  it("is what defineRobot and RobotBuilder.build() run", () => {
    expect(() => defineRobot(withJoint({ type: "contnuous" }) as never)).toThrow(RobotModelError);
    const b = new RobotBuilder("arm");
    for (const l of twoLinkRobot().links) b.link(l);
    b.joint({ ...twoLinkRobot().joints![0]!, axsi: [0, 1, 0] } as never); // the line reported
    const line = Number(new Error().stack?.split("\n")[1]?.match(/:(\d+):\d+\)?$/)?.[1]) - 1;
    let thrown: unknown;
    try {
      b.build();
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(RobotModelError);
    const [d] = (thrown as RobotModelError).diagnostics;
    expect(d).toMatchObject({ jsonPath: "/joints/0/axsi", line });
    expect(d?.file).toMatch(/checkRobotData\.test\.ts$/);
  });

  it("property: one corrupted field of a valid robot is an error naming that field's pointer", () => {
    const bases = [twoLinkRobot(), pantilt, robotino, mario].map((r) => structuredClone(r));
    fc.assert(
      fc.property(corruptionArbitrary(bases), ({ robot, pointer }) => {
        const errors = checkRobotData(robot).filter((d) => d.severity === "error");
        expect(errors.map((d) => d.jsonPath)).toContain(pointer);
      }),
      { numRuns: 300 },
    );
  });
});
