import { describe, expect, it } from "vitest";

import { ackermann } from "../../examples/ackermann/ackermann.js";
import { mario } from "../../examples/mario/mario.js";
import { driveFromModel } from "../kinematics/driveFromModel.js";
import { driveJoints } from "../kinematics/driveJoints.js";
import type { Robot } from "../model/Robot.js";
import { slowSteeringServos } from "./slowSteeringServos.js";

const steering = (robot: Robot): readonly string[] => {
  const d = driveFromModel(robot).drive;
  if (d === undefined) throw new Error(`${robot.name} has no drive`);
  return driveJoints(d).steerJoints;
};

describe("slowSteeringServos", () => {
  it("names each steering servo whose time constant b/kp is over 0.5 s, and none of MARIO's", () => {
    expect(slowSteeringServos(mario, steering(mario))).toEqual([]);
    const slow = slowSteeringServos(ackermann, steering(ackermann));
    expect(slow).toHaveLength(2);
    expect(slow[0]).toMatch(/"front_left_steering_joint": .* takes 10 s to close 63 % of a step/);
    const tuned: Robot = {
      ...ackermann,
      joints: (ackermann.joints ?? []).map((j) =>
        j.actuator?.command === "position" ? { ...j, actuator: { ...j.actuator, pid: { p: 100 } } } : j,
      ),
    };
    expect(slowSteeringServos(tuned, steering(tuned))).toEqual([]);
  });
});
