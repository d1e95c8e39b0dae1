import { describe, expect, it } from "vitest";

import { descriptionToModel } from "../../parse/descriptionToModel.js";
import { readControllers } from "./checkControllerParameters.js";
import { controllerDrive } from "./controllerDrive.js";

const wheel = (side: string, y: number, type = "continuous") => `
  <link name="${side}_wheel"><inertial><mass value="1"/><inertia ixx="0.01" iyy="0.01" izz="0.01" ixy="0" ixz="0" iyz="0"/></inertial>
    <collision><origin rpy="1.5708 0 0"/><geometry><cylinder radius="0.1" length="0.05"/></geometry></collision></link>
  <joint name="${side}_wheel_joint" type="${type}"><parent link="base_link"/><child link="${side}_wheel"/>
    <origin xyz="0 ${y} 0"/><axis xyz="0 1 0"/></joint>`;

const transmission = (side: string, iface: string) => `
  <transmission name="${side}_trans"><type>transmission_interface/SimpleTransmission</type>
    <joint name="${side}_wheel_joint"><hardwareInterface>hardware_interface/${iface}</hardwareInterface></joint>
    <actuator name="${side}_motor"><mechanicalReduction>1</mechanicalReduction></actuator></transmission>`;

const urdf = (extra: string, rightType = "continuous") => `<robot name="cart">
  <link name="base_link"><inertial><mass value="5"/><inertia ixx="0.1" iyy="0.1" izz="0.1" ixy="0" ixz="0" iyz="0"/></inertial></link>
  ${wheel("left", 0.2)}${wheel("right", -0.2, rightType)}${extra}
</robot>`;

const controllers = `controller_manager:
  ros__parameters:
    diff_drive:
      type: diff_drive_controller/DiffDriveController
diff_drive:
  ros__parameters:
    left_wheel_names: [left_wheel_joint]
    right_wheel_names: [right_wheel_joint]
    wheel_separation: 0.4
    wheel_radius: 0.1
`;

function drive(robotText: string) {
  const robotFile = { path: "cart.urdf", text: robotText };
  const robot = descriptionToModel(robotText, "cart.urdf").robot;
  if (robot === undefined) throw new Error("no robot");
  const read = readControllers([{ path: "c.yaml", text: controllers }], { robot: robotFile });
  return controllerDrive(read.controllers, robot, robotFile, { file: "c.yaml", line: 1, column: 1 });
}

describe("controllerDrive", () => {
  it("takes joints declared by ROS 1 transmissions with the velocity interface", () => {
    const got = drive(
      urdf(transmission("left", "VelocityJointInterface") + transmission("right", "VelocityJointInterface")),
    );
    expect(got.diagnostics).toEqual([]);
    expect(got.drive?.drive).toEqual({
      type: "differential",
      left: ["left_wheel_joint"],
      right: ["right_wheel_joint"],
      wheelRadius: 0.1,
      wheelSeparation: 0.4,
    });
  });

  it("reports a transmission of another interface at the joint's place in the parameter file", () => {
    const got = drive(
      urdf(transmission("left", "VelocityJointInterface") + transmission("right", "PositionJointInterface")),
    );
    expect(got.diagnostics).toMatchObject([
      { code: "CONTROLLER_INTERFACE_MISSING", severity: "error", file: "c.yaml", line: 8 },
    ]);
  });

  it("warns when the robot declares neither ros2_control nor transmissions, and drives the joints", () => {
    const got = drive(urdf(""));
    expect(got.drive?.drive.type).toBe("differential");
    expect(got.diagnostics).toMatchObject([{ code: "CONTROLLER_JOINTS_UNDECLARED", severity: "warning" }]);
  });

  it("refuses a wheel joint that does not turn", () => {
    const got = drive(urdf("", "fixed"));
    expect(got.drive).toBeUndefined();
    expect(got.diagnostics).toMatchObject([
      {
        code: "CONTROLLER_NOT_DRIVABLE",
        message: expect.stringMatching(/right_wheel_names names "right_wheel_joint", a fixed joint; it must turn/),
        line: 8,
      },
    ]);
  });

  it("refuses a drive controller of a class robokit does not know, saying so", () => {
    const robotText = urdf("");
    const robotFile = { path: "cart.urdf", text: robotText };
    const robot = descriptionToModel(robotText, "cart.urdf").robot;
    if (robot === undefined) throw new Error("no robot");
    const text = controllers.replace("diff_drive_controller/DiffDriveController", "my_pkg/MyDrive");
    const read = readControllers([{ path: "c.yaml", text }], { robot: robotFile });
    const got = controllerDrive(read.controllers, robot, robotFile, { file: "c.yaml", line: 1, column: 1 });
    expect(got.drive).toBeUndefined();
    expect(got.diagnostics).toMatchObject([
      {
        code: "CONTROLLER_NOT_DRIVABLE",
        message: expect.stringMatching(/"diff_drive" \(my_pkg\/MyDrive\): not a ros2_controllers class/),
        line: 4,
      },
    ]);
  });
});
