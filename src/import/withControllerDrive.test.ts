import { describe, expect, it } from "vitest";

import type { Robot } from "../model/Robot.js";
import { withControllerDrive } from "./withControllerDrive.js";

const joint = (name: string) => ({
  name,
  type: "continuous" as const,
  parent: "base",
  child: `${name}_link`,
  axis: [0, 1, 0] as [number, number, number],
});
const robot = (block: string): Robot => ({
  name: "r",
  links: [{ name: "base" }, { name: "l_link" }, { name: "r_link" }, { name: "arm_link" }],
  joints: [joint("l"), joint("r"), joint("arm")],
  xmlBlocks: [{ format: "urdf", xml: block }],
});
const drive = { type: "differential" as const, left: ["l"], right: ["r"] };
const wheels = [
  { joint: "l", command: "velocity" as const },
  { joint: "r", command: "velocity" as const },
];

describe("withControllerDrive", () => {
  it("gives the drive's joints actuators and drops a <ros2_control> block of those joints alone, naming it", () => {
    const got = withControllerDrive(
      robot(
        '<ros2_control name="hw" type="system"><hardware><plugin>my/Hw</plugin></hardware><joint name="l"/><joint name="r"/></ros2_control>',
      ),
      drive,
      wheels,
    );
    if (!got.ok) throw new Error(got.problem);
    expect(got.robot.drive).toEqual(drive);
    expect(got.robot.xmlBlocks).toBeUndefined();
    expect(got.robot.joints?.map((j) => j.actuator?.command)).toEqual(["velocity", "velocity", undefined]);
    expect(got.notes).toEqual([expect.stringMatching(/block "hw" \(hardware my\/Hw\) is not carried/)]);
  });

  it("refuses a block that declares the drive's joints with others", () => {
    const got = withControllerDrive(
      robot(
        '<ros2_control name="hw" type="system"><joint name="l"/><joint name="r"/><joint name="arm"/></ros2_control>',
      ),
      drive,
      wheels,
    );
    expect(got).toMatchObject({
      ok: false,
      problem: expect.stringMatching(/"hw" declares the drive's joints \(l, r\) with others \(arm\)/),
    });
  });

  it("keeps every other block", () => {
    const gazebo = '<gazebo reference="l_link"><mu1>1</mu1></gazebo>';
    const got = withControllerDrive(robot(gazebo), drive, wheels);
    expect(got.ok && got.robot.xmlBlocks).toEqual([{ format: "urdf", xml: gazebo }]);
  });
});
