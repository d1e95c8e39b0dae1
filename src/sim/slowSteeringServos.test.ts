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
  it("names each steering servo whose time constant b/kp is over 0.5 s, and none of the tuned examples'", () => {
    expect(slowSteeringServos(mario, steering(mario))).toEqual([]);
    expect(slowSteeringServos(ackermann, steering(ackermann))).toEqual([]);
    // The same base with MuJoCo's default servo gain (kp = 1) on its steering.
    const untuned: Robot = {
      ...ackermann,
      joints: (ackermann.joints ?? []).map((j) => {
        if (j.actuator?.command !== "position") return j;
        const { pid: _, ...actuator } = j.actuator;
        return { ...j, actuator };
      }),
    };
    const slow = slowSteeringServos(untuned, steering(untuned));
    expect(slow).toHaveLength(2);
    expect(slow[0]).toMatch(/"front_left_steering_joint": .* takes 10 s to close 63 % of a step/);
  });
});
