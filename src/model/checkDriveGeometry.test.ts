import { describe, expect, it } from "vitest";

import { type SteerSpec, type WheelSpec, wheeledRobot } from "../../test/support/driveRobots.js";
import { driveFromModel } from "../kinematics/driveFromModel.js";
import { checkRobot } from "./checkRobot.js";
import type { Drive } from "./Drive.js";

const wheel = (joint: string, x: number, y: number, more: Partial<WheelSpec> = {}): WheelSpec => ({
  joint,
  at: [x, y, 0.1],
  radius: 0.1,
  ...more,
});
const steer = (joint: string, x: number, y: number): SteerSpec => ({
  joint,
  at: [x, y, 0.1],
  limits: [-0.6, 0.6],
  maxRate: 2,
  wheel: { joint: `${joint}_wheel`, radius: 0.1 },
});
const cart = (l: Partial<WheelSpec> = {}, r: Partial<WheelSpec> = {}, drive: Partial<Drive> = {}) =>
  wheeledRobot({
    wheels: [wheel("l", 0, 0.2, l), wheel("r", 0, -0.2, r)],
    drive: { type: "differential", left: ["l"], right: ["r"], ...drive } as Drive,
  });
const messages = (robot: Parameters<typeof checkRobot>[0]) =>
  checkRobot(robot).map((d) => `${d.severity} ${d.code} ${d.jsonPath}: ${d.message}`);

describe("checkRobot on a drive's geometry", () => {
  it("accepts a consistent cart", () => {
    expect(checkRobot(cart())).toEqual([]);
  });

  it("warns about a wheel that rolls backwards for a positive rate, naming it", () => {
    expect(messages(cart({ reverse: true }))).toEqual([
      expect.stringMatching(
        /^warning DRIVE_GEOMETRY_MISMATCH \/drive\/left\/0: .*"l" rolls towards −x.*diff_drive_controller/,
      ),
    ]);
  });

  it("warns about swapped sides and refuses a separation ≤ 0", () => {
    const swapped = cart({ at: [0, -0.2, 0.1] }, { at: [0, 0.2, 0.1] });
    const found = messages(swapped);
    expect(found).toContainEqual(expect.stringMatching(/^error .*wheelSeparation reads -0\.4 m/));
    expect(found).toContainEqual(expect.stringMatching(/^warning .*left wheel "l" is at y = -0\.2 m/));
    expect(found).toContainEqual(expect.stringMatching(/^warning .*right wheel "r" is at y = 0\.2 m/));
  });

  it("warns about a base frame away from the point midway between the wheels", () => {
    const found = messages(cart({ at: [0.1, 0.2, 0.1] }, { at: [0.1, -0.2, 0.1] }));
    expect(found).toEqual([
      expect.stringMatching(/^warning .*the wheels' centre is at \(0\.1, 0\) m in "base_link".*diff_drive_controller/),
    ]);
  });

  it("warns about wheels off their axle and unequal radii", () => {
    const found = messages(cart({ at: [0.05, 0.2, 0.1], radius: 0.12 }));
    expect(found).toContainEqual(expect.stringMatching(/"l", "r".* not on one axle/));
    expect(found).toContainEqual(expect.stringMatching(/radii from 0\.1 to 0\.12 m/));
  });

  it("refuses a joint of the wrong type and a joint named twice", () => {
    const robot = cart();
    const fixed = {
      ...robot,
      joints: (robot.joints ?? []).map((j) => (j.name === "l" ? { ...j, type: "fixed" as const } : j)),
    };
    expect(messages(fixed)).toEqual([expect.stringMatching(/wheel joint "l" is fixed; expected continuous/)]);
    expect(messages(cart({}, {}, { right: ["l"] } as Partial<Drive>))).toContainEqual(
      expect.stringMatching(/joint "l" is named twice/),
    );
  });

  it("refuses a side without wheels and an explicit value ≤ 0", () => {
    expect(messages(cart({}, {}, { right: [], wheelRadius: 0 } as Partial<Drive>))).toEqual([
      expect.stringMatching(/needs a wheel on its right side/),
      expect.stringMatching(/wheelRadius must be > 0 m/),
    ]);
  });

  it("tells a steered base whose base frame is not the traction axle's centre where the axle is", () => {
    const car = (x: number) =>
      wheeledRobot({
        wheels: [wheel("rl", x, 0.3), wheel("rr", x, -0.3)],
        steering: [steer("sl", x + 1, 0.3), steer("sr", x + 1, -0.3)],
        drive: { type: "ackermann", steering: ["sl", "sr"], traction: ["rl", "rr"] },
      });
    expect(checkRobot(car(0))).toEqual([]);
    expect(messages(car(-0.5))).toEqual([
      expect.stringMatching(
        /^warning .*traction axle's centre is at \(-0\.5, 0\) m in "base_link".*ackermann_steering_controller takes the base frame to be the traction axle's centre/,
      ),
    ]);
  });

  it("warns about a steering joint that turns right for a positive angle", () => {
    const robot = wheeledRobot({
      wheels: [wheel("r", 0, 0)],
      steering: [steer("s", 1, 0)],
      drive: { type: "bicycle", steering: "s", traction: "r" },
    });
    const flipped = {
      ...robot,
      joints: (robot.joints ?? []).map((j) => (j.name === "s" ? { ...j, axis: [0, 0, -1] as const } : j)),
    };
    expect(messages(flipped)).toEqual([expect.stringMatching(/steering joint "s" turns the wheel to the right/)]);
  });

  it("warns about mecanum wheels off a rectangle or off the base's centre", () => {
    const robot = (dx: number) =>
      wheeledRobot({
        wheels: [
          wheel("fl", 0.2 + dx, 0.2),
          wheel("fr", 0.2, -0.2),
          wheel("rl", -0.2, 0.2),
          wheel("rr", -0.2, -0.2),
        ].map((w) => ({ ...w, roller: true })),
        drive: { type: "mecanum", frontLeft: "fl", frontRight: "fr", rearLeft: "rl", rearRight: "rr" },
      });
    expect(checkRobot(robot(0))).toEqual([]);
    const found = messages(robot(0.04));
    expect(found).toContainEqual(expect.stringMatching(/not at the corners of a rectangle/));
    expect(found).toContainEqual(expect.stringMatching(/centre of the mecanum wheels is at \(0\.01, 0\) m/));
  });
});

describe("checkRobot on a differential drive's wheel count", () => {
  it("refuses a different number of wheels per side (diff_drive_controller does)", () => {
    const robot = wheeledRobot({
      wheels: [wheel("l0", 0.2, 0.2), wheel("l1", -0.2, 0.2), wheel("r0", 0, -0.2)],
      drive: { type: "differential", left: ["l0", "l1"], right: ["r0"] },
    });
    expect(messages(robot)).toEqual([
      expect.stringMatching(/^error .*2 left and 1 right wheels; diff_drive_controller/),
    ]);
  });
});

describe("checkRobot on a steered base's joint pairs", () => {
  it("refuses an ackermann drive with one steering joint, however it was typed", () => {
    const robot = wheeledRobot({
      wheels: [wheel("rl", 0, 0.3), wheel("rr", 0, -0.3)],
      steering: [steer("sl", 1, 0.3)],
      drive: { type: "ackermann", steering: ["sl"], traction: ["rl", "rr"] } as unknown as Drive,
    });
    expect(messages(robot)).toEqual([
      expect.stringMatching(
        /^error REFERENCE_INVALID \/drive\/steering: drive: the ackermann drive needs 2 steering joints/,
      ),
    ]);
  });
});

describe("checkRobot on a wheel that cannot roll the base", () => {
  const withAxis = (axis: readonly [number, number, number]) => {
    const robot = cart();
    return {
      ...robot,
      joints: (robot.joints ?? []).map((j) =>
        j.name === "l" ? { ...j, axis: [...axis] as [number, number, number] } : j,
      ),
    };
  };

  it("refuses a wheel spinning about the vertical, naming that axis, with ik's words", () => {
    const robot = withAxis([0, 0, 1]);
    const errors = checkRobot(robot).filter((d) => d.severity === "error");
    expect(errors).toEqual([
      expect.objectContaining({
        code: "FEATURE_UNSUPPORTED",
        jsonPath: "/drive/left/0",
        message: expect.stringMatching(
          /wheel joint "l" spins about the base's vertical axis \(0 0 1 in the base frame\)/,
        ),
      }),
    ]);
    const ik = driveFromModel(robot);
    expect(ik.drive).toBeUndefined();
    expect(`drive: ${ik.diagnostic?.message}`).toBe(errors[0]?.message);
  });

  it("refuses a wheel spinning about the base's x: it would roll sideways", () => {
    expect(messages(withAxis([1, 0, 0]))).toContainEqual(
      expect.stringMatching(/^error FEATURE_UNSUPPORTED \/drive\/left\/0: .*along the base's x .*roll sideways/),
    );
  });
});
