import { describe, expect, it } from "vitest";

import { badRobots as cases, joint0, link, mutate, type Mutable } from "../../test/support/badRobots.js";
import { plainCylinderSkidSteer as plainSkidSteer } from "../../test/support/skidSteerBases.js";
import { twoLinkRobot } from "../../test/support/twoLinkRobot.js";
import { checkRobot } from "./checkRobot.js";
import { defineRobot } from "./defineRobot.js";
import type { Joint } from "./Joint.js";
import type { Robot } from "./Robot.js";
import { RobotModelError } from "./RobotModelError.js";

describe("checkRobot", () => {
  it("accepts the valid base robot", () => {
    expect(checkRobot(twoLinkRobot())).toEqual([]);
  });

  it.each(cases)("rejects $name", ({ robot, code, jsonPath, message }) => {
    const found = checkRobot(robot);
    expect(found).toContainEqual({ code, severity: "error", jsonPath, message });
  });

  it("reports every problem in one pass", () => {
    const robot = mutate((r) => {
      joint0(r).parent = "bse";
      link(r, 1).inertial!.mass = 0;
    });
    expect(
      checkRobot(robot)
        .map((d) => d.code)
        .sort(),
    ).toEqual(["JOINT_PARENT_LINK_INVALID", "LINK_INERTIA_INVALID"]);
  });

  it("an empty robot name, which check_urdf reads, is a warning on an imported robot and an error otherwise", () => {
    const robot = { ...twoLinkRobot(), name: "" };
    const finding = {
      code: "VALUE_OUT_OF_RANGE",
      jsonPath: "/name",
      message: "robot: name must be a non-empty string",
    };
    expect(checkRobot(robot)).toEqual([{ ...finding, severity: "error" }]);
    expect(checkRobot(robot, { imported: true })).toEqual([{ ...finding, severity: "warning" }]);
    // A name that is not a string at all is never what a file said.
    expect(checkRobot({ ...robot, name: 3 as unknown as string }, { imported: true })[0]?.severity).toBe("error");
  });

  it("refuses a differential drive's wheel_separation_multiplier that is not > 0", () => {
    const base = plainSkidSteer();
    expect(checkRobot(base)).toEqual([]);
    const zero = { ...base, drive: { ...base.drive, wheelSeparationMultiplier: 0 } } as Robot;
    expect(checkRobot(zero)).toEqual([
      {
        code: "VALUE_OUT_OF_RANGE",
        severity: "error",
        jsonPath: "/drive/wheelSeparationMultiplier",
        message: "drive: wheelSeparationMultiplier must be > 0 (got 0)",
      },
    ]);
  });

  it("refuses below 1e-100 but 0 a number robokit divides by, and leaves an angle that small alone", () => {
    const robot = twoLinkRobot();
    const joint = robot.joints?.[0] as Joint & { limit: { velocity: number } };
    const tiny = { ...robot, joints: [{ ...joint, limit: { ...joint.limit, velocity: 5e-324 } }] } as Robot;
    expect(checkRobot(tiny)).toEqual([
      {
        code: "VALUE_OUT_OF_RANGE",
        severity: "error",
        jsonPath: "/joints/0/limit/velocity",
        message: `joint "${joint.name}": limit.velocity is 5e-324; robokit divides by it and takes no magnitude below 1e-100 but 0 (SI units), where the quotient would overflow`,
      },
    ]);
    const angle = { ...robot, joints: [{ ...joint, origin: { xyz: [0, 0, 0], rpy: [0, 0, 5e-324] } }] } as Robot;
    expect(checkRobot(angle)).toEqual([]);
  });

  it("never throws on malformed data", () => {
    const junk = {
      name: "x",
      links: [{ name: "a", inertial: { mass: 1 } }],
      joints: [{ name: "j", type: "revolute", parent: "a", child: "a", limit: {} }],
    } as unknown as Robot;
    expect(() => checkRobot(junk)).not.toThrow();
    expect(checkRobot(junk).length).toBeGreaterThan(0);
  });
});

describe("defineRobot", () => {
  it("throws RobotModelError with every diagnostic, naming element and field", () => {
    const bad = mutate((r) => {
      (joint0(r) as Mutable<Extract<Joint, { type: "revolute" }>>).axis = [0, 0, 0];
    });
    try {
      defineRobot(bad);
      expect.unreachable("defineRobot accepted an invalid robot");
    } catch (error) {
      expect(error).toBeInstanceOf(RobotModelError);
      expect((error as RobotModelError).message).toContain('joint "servo1": axis must be non-zero');
      expect((error as RobotModelError).diagnostics).toHaveLength(1);
    }
  });

  it("returns a frozen robot", () => {
    const robot = defineRobot(twoLinkRobot());
    expect(Object.isFrozen(robot.links[0])).toBe(true);
  });
});
