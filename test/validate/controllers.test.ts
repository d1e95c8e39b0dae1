import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import type { Diagnostic } from "../../src/diagnostics/Diagnostic.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { checkControllerParameters, isControllerParameterFile } from "../../src/validate/index.js";

/** Checks one file (jazzy unless told), returning its diagnostics. */
function check(text: string, options: Parameters<typeof checkControllerParameters>[1] = {}): Diagnostic[] {
  return checkControllerParameters([{ path: "c.yaml", text }], options);
}

function codes(ds: readonly Diagnostic[]): string[] {
  return ds.map((d) => `${d.line}:${d.code}`);
}

/** A diff-drive robot: wheels 0.5 m apart (y = ±0.25), radius 0.1, velocity commands, position and velocity states. */
const ROBOT = `<?xml version="1.0"?>
<robot name="dd">
  <link name="base_link"/>
  <link name="left_wheel"><collision><geometry><cylinder radius="0.1" length="0.05"/></geometry></collision></link>
  <link name="right_wheel"><collision><geometry><cylinder radius="0.1" length="0.05"/></geometry></collision></link>
  <joint name="left_wheel_joint" type="continuous">
    <parent link="base_link"/><child link="left_wheel"/><origin xyz="0 0.25 0"/><axis xyz="0 1 0"/>
  </joint>
  <joint name="right_wheel_joint" type="continuous">
    <parent link="base_link"/><child link="right_wheel"/><origin xyz="0 -0.25 0"/><axis xyz="0 1 0"/>
  </joint>
  <ros2_control name="sys" type="system">
    <hardware><plugin>mock_components/GenericSystem</plugin></hardware>
    <joint name="left_wheel_joint">
      <command_interface name="velocity"/><state_interface name="position"/><state_interface name="velocity"/>
    </joint>
    <joint name="right_wheel_joint">
      <command_interface name="velocity"/><state_interface name="position"/><state_interface name="velocity"/>
    </joint>
  </ros2_control>
</robot>
`;

const DIFF_DRIVE = `controller_manager:
  ros__parameters:
    update_rate: 50
    diff_drive:
      type: diff_drive_controller/DiffDriveController
diff_drive:
  ros__parameters:
    left_wheel_names: [left_wheel_joint]
    right_wheel_names: [right_wheel_joint]
    wheel_separation: 0.5
    wheel_radius: 0.1
`;

describe("checkControllerParameters", () => {
  it("accepts a complete diff-drive configuration, also against its robot", () => {
    expect(check(DIFF_DRIVE)).toEqual([]);
    expect(check(DIFF_DRIVE, { robot: { path: "dd.urdf", text: ROBOT } })).toEqual([]);
  });

  it("refuses an integer where a double belongs, at the value", () => {
    const ds = check(DIFF_DRIVE.replace("wheel_radius: 0.1", "wheel_radius: 1"));
    expect(codes(ds)).toEqual(["11:PARAMETER_TYPE_MISMATCH"]);
    expect(ds[0]).toMatchObject({ severity: "error", column: 19 });
    expect(ds[0]!.message).toMatch(/"wheel_radius" is a double, but 1 is an integer/);
  });

  it("types arrays: an integer array for a double array is refused, a mixed array is rcl's error", () => {
    const ints = check(`${DIFF_DRIVE}    pose_covariance_diagonal: [0, 0, 0, 0, 0, 0]\n`);
    expect(codes(ints)).toEqual(["12:PARAMETER_TYPE_MISMATCH"]);
    const mixed = check(`${DIFF_DRIVE}    pose_covariance_diagonal: [0.0, 0, 0.0, 0.0, 0.0, 0.0]\n`);
    expect(codes(mixed)).toContain("12:PARAMETER_FILE_INVALID");
    expect(mixed.find((d) => d.code === "PARAMETER_FILE_INVALID")!.column).toBe(37);
  });

  it("evaluates the built-in validators (gt, one_of, size_lt, unique, fixed_size)", () => {
    expect(codes(check(DIFF_DRIVE.replace("wheel_radius: 0.1", "wheel_radius: -0.1")))).toEqual([
      "11:PARAMETER_VALUE_INVALID",
    ]);
    const jtc = `controller_manager:
  ros__parameters:
    arm:
      type: joint_trajectory_controller/JointTrajectoryController
arm:
  ros__parameters:
    joints: [a, a]
    command_interfaces: [position]
    state_interfaces: [position]
    interpolation_method: cubic
`;
    const ds = check(jtc).filter((d) => d.severity === "error");
    expect(codes(ds)).toEqual(["7:PARAMETER_VALUE_INVALID", "10:PARAMETER_VALUE_INVALID"]);
    expect(ds[0]!.message).toMatch(/no repeated element \(unique\)/);
    expect(ds[1]!.message).toMatch(/one of \["splines", "none"\]/);
  });

  it("lists validators written in C++ as not evaluated (info)", () => {
    const jtc = `controller_manager:
  ros__parameters:
    arm: {type: joint_trajectory_controller/JointTrajectoryController}
arm:
  ros__parameters: {joints: [a], command_interfaces: [position], state_interfaces: [position]}
`;
    const infos = check(jtc).filter((d) => d.code === "PARAMETER_VALIDATOR_UNCHECKED");
    expect(infos.map((d) => d.severity)).toEqual(["info", "info"]);
    expect(infos[0]!.message).toMatch(/command_interface_type_combinations/);
  });

  it("reports a parameter without a usable default that no file sets, but not when another file sets it", () => {
    const partial = DIFF_DRIVE.replace("    wheel_separation: 0.5\n", "");
    const ds = check(partial);
    expect(codes(ds)).toEqual(["5:PARAMETER_MISSING"]);
    expect(ds[0]!.message).toMatch(/"wheel_separation" is not set, and its default 0.0 is not greater than 0/);
    const other = "diff_drive:\n  ros__parameters:\n    wheel_separation: 0.5\n";
    expect(
      checkControllerParameters([
        { path: "a.yaml", text: partial },
        { path: "b.yaml", text: other },
      ]),
    ).toEqual([]);
    const omni = `controller_manager:
  ros__parameters:
    omni: {type: omni_wheel_drive_controller/OmniWheelDriveController}
omni:
  ros__parameters: {wheel_names: [a, b, c], robot_radius: 0.2, wheel_radius: 0.05}
`;
    expect(check(omni).map((d) => d.message)).toEqual([
      expect.stringMatching(/"wheel_offset" \(double\) has no default/),
    ]);
  });

  it("notes a controller whose parameter block is in another file, and reads the files as one", () => {
    const manager = `controller_manager:
  ros__parameters:
    update_rate: 100
    arm: {type: joint_trajectory_controller/JointTrajectoryController}
`;
    const ds = check(manager);
    expect(ds.map((d) => [d.line, d.code, d.severity])).toEqual([[4, "PARAMETERS_ELSEWHERE", "info"]]);
    expect(ds[0]!.message).toMatch(/no file given has its parameter block, and joints, command_interfaces/);
    // The other file alone loads nothing: a note, not an error.
    const arm = "/**/arm:\n  ros__parameters:\n    joints: [j1]\n    command_interfaces: [position]\n";
    expect(check(arm).map((d) => [d.line, d.code, d.severity])).toEqual([[1, "PARAMETERS_ELSEWHERE", "info"]]);
    const both = checkControllerParameters([
      { path: "a.yaml", text: manager },
      { path: "b.yaml", text: arm },
    ]);
    expect(both.filter((d) => d.severity !== "info").map((d) => [d.file, d.line, d.code])).toEqual([
      ["a.yaml", 4, "PARAMETER_MISSING"],
    ]);
    expect(both[0]!.message).toMatch(/"state_interfaces" is not set/);
  });

  it("accepts inside a controller's block the parameters rclcpp declares on every node", () => {
    const text = DIFF_DRIVE.replace(
      "    wheel_radius: 0.1\n",
      "    wheel_radius: 0.1\n    use_sim_time: true\n    start_type_description_service: false\n    qos_overrides:\n      /tf:\n        publisher: {depth: 100, reliability: reliable}\n",
    );
    expect(check(text)).toEqual([]);
    // Of their declared type: rclcpp refuses a string for use_sim_time.
    expect(codes(check(text.replace("use_sim_time: true", 'use_sim_time: "true"')))).toEqual([
      "12:PARAMETER_TYPE_MISMATCH",
    ]);
  });

  it("warns about an undeclared parameter with the closest declared name", () => {
    const ds = check(DIFF_DRIVE.replace("wheel_radius: 0.1", "wheel_radius: 0.1\n    wheel_seperation: 0.5"));
    expect(codes(ds)).toEqual(["12:PARAMETER_UNDECLARED"]);
    expect(ds[0]).toMatchObject({ severity: "warning", column: 5, hint: 'did you mean "wheel_separation"?' });
  });

  it("understands node-level parameters, __map_ keys, dynamic filter chains and dotted keys", () => {
    const text = `/**:
  ros__parameters:
    use_sim_time: true
controller_manager:
  ros__parameters:
    update_rate: 100
    qos_overrides./clock.subscription.depth: 10
    arm.type: joint_trajectory_controller/JointTrajectoryController
    fts.type: force_torque_sensor_broadcaster/ForceTorqueSensorBroadcaster
arm:
  ros__parameters:
    joints: [j1]
    command_interfaces: [effort]
    state_interfaces: [position, velocity]
    gains:
      j1: {p: 10.0, d: 1.0}
fts:
  ros__parameters:
    sensor_name: ft
    frame_id: tool0
    sensor_filter_chain:
      filter1: {type: control_filters/LowPassFilterWrench, name: low_pass}
`;
    expect(check(text).filter((d) => d.severity !== "info")).toEqual([]);
    const stray = check(text.replace("j1: {p: 10.0", "j2: {p: 10.0"));
    expect(stray.filter((d) => d.severity === "warning").map((d) => d.message)).toEqual([
      expect.stringMatching(/"gains.j2.p" is for "j2", which is not in joints \[j1\]/),
      expect.stringMatching(/"gains.j2.d" is for "j2"/),
    ]);
  });

  it("reads wildcard and namespaced node keys as controller_manager does", () => {
    const text = `/**/controller_manager:
  ros__parameters:
    update_rate: 100.0
    diff_drive:
      type: diff_drive_controller/DiffDriveController
/robot_ns/diff_drive:
  ros__parameters:
    left_wheel_names: [l]
    right_wheel_names: [r]
    wheel_separation: 0.5
    wheel_radius: 1
`;
    expect(codes(check(text))).toEqual(["3:PARAMETER_TYPE_MISMATCH", "11:PARAMETER_TYPE_MISMATCH"]);
  });

  it("reports a wildcard parameter only when no node declares it", () => {
    const ds = check(
      `/**:\n  ros__parameters:\n    wheel_radius: 0.1\n    wheel_radiuss: 0.1\n${DIFF_DRIVE.replace("    wheel_radius: 0.1\n", "")}`,
    );
    expect(ds.map((d) => [d.line, d.code])).toEqual([[4, "PARAMETER_UNDECLARED"]]);
    expect(ds[0]!.message).toMatch(/no node declares "wheel_radiuss" \(set for every node by \/\*\*\)/);
  });

  it("takes a controller's type from its own parameters, as the spawner does", () => {
    const text =
      "diff_drive:\n  ros__parameters:\n    type: diff_drive_controller/DiffDriveController\n    wheel_radius: 1\n";
    expect(codes(check(text))).toEqual([
      "3:PARAMETER_MISSING",
      "3:PARAMETER_MISSING",
      "3:PARAMETER_MISSING",
      "4:PARAMETER_TYPE_MISMATCH",
    ]);
  });

  it("after humble, takes a controller's own type over controller_manager's, as the spawner sets it", () => {
    const text = [
      "controller_manager:",
      "  ros__parameters:",
      "    gpio:",
      "      type: gpio_controllers/GpioCommandController",
      "gpio:",
      "  ros__parameters:",
      "    type: gpio_controllers/GGpioCommandController",
    ].join("\n");
    const typeCodes = (distro: "humble" | "jazzy"): string[] =>
      codes(check(text, { distro }).filter((d) => d.code.startsWith("CONTROLLER_TYPE")));
    // jazzy's spawner copies the file's own type into controller_manager's gpio.type: the typo is loaded.
    expect(typeCodes("jazzy")).toEqual(["7:CONTROLLER_TYPE_UNKNOWN"]);
    // humble's spawner does not read it: controller_manager loads its own gpio.type, a class humble has.
    expect(typeCodes("humble")).toEqual([]);
  });
  it("reads nested namespace keys above ros__parameters", () => {
    const text = `robot_ns:
  controller_manager:
    ros__parameters:
      diff_drive:
        type: diff_drive_controller/DiffDriveController
  diff_drive:
    ros__parameters:
      left_wheel_names: [l]
      right_wheel_names: [r]
      wheel_separation: 0.5
      wheel_radius: 0
`;
    expect(codes(check(text))).toEqual(["11:PARAMETER_TYPE_MISMATCH"]);
  });

  it("knows which distros have a class, and the close name of a typo", () => {
    const omni = (type: string): string => `controller_manager:\n  ros__parameters:\n    base:\n      type: ${type}\n`;
    const humble = check(omni("omni_wheel_drive_controller/OmniWheelDriveController"), { distro: "humble" });
    expect(codes(humble)).toEqual(["4:CONTROLLER_TYPE_UNKNOWN"]);
    expect(humble[0]!.message).toMatch(
      /no omni_wheel_drive_controller\/OmniWheelDriveController in humble \(only in jazzy, kilted, rolling\)/,
    );
    const typo = check(omni("diff_drive_controller/DiffDriveControler"));
    expect(typo[0]).toMatchObject({
      code: "CONTROLLER_TYPE_UNKNOWN",
      hint: 'did you mean "diff_drive_controller/DiffDriveController"?',
    });
    const foreign = check(omni("ur_controllers/ScaledJointTrajectoryController"));
    expect(foreign.map((d) => [d.code, d.severity])).toEqual([["CONTROLLER_TYPE_UNCHECKED", "info"]]);
  });

  it("judges a class by its package: another package's class is unchecked however close its name", () => {
    const type = (t: string): string => `controller_manager:\n  ros__parameters:\n    base:\n      type: ${t}\n`;
    // Close to a ros2_controllers class by edit distance, but of vendors' packages.
    for (const foreign of [
      "ur_controllers/GPIOController",
      "ur_controllers/ToolContactController",
      "franka_robot_state_broadcaster/FrankaRobotStateBroadcaster",
      "kuka_controllers/JointGroupImpedanceController",
      "clearpath_mecanum_drive_controller/MecanumDriveController",
      "gripper_controllers_vendor/GripperActionController",
    ])
      expect(
        check(type(foreign)).map((d) => [d.code, d.severity, d.hint]),
        foreign,
      ).toEqual([["CONTROLLER_TYPE_UNCHECKED", "info", undefined]]);
    // A class of a ros2_controllers package (or of a typo of one) is ros2_controllers' to judge.
    expect(check(type("joint_state_broadcaster/JointStateBroadcastr"))[0]).toMatchObject({
      code: "CONTROLLER_TYPE_UNKNOWN",
      hint: 'did you mean "joint_state_broadcaster/JointStateBroadcaster"?',
    });
    expect(check(type("position_controller/JointGroupPositionController"))[0]).toMatchObject({
      code: "CONTROLLER_TYPE_UNKNOWN",
      hint: 'did you mean "position_controllers/JointGroupPositionController"?',
    });
    expect(check(type("pid_controller/SomethingElse")).map((d) => d.code)).toEqual(["CONTROLLER_TYPE_UNKNOWN"]);
    expect(check(type("parallel_gripper_action_controller/GripperActionController"))).not.toContainEqual(
      expect.objectContaining({ code: "CONTROLLER_TYPE_UNKNOWN" }),
    );
  });

  it("says once that a block fitting almost nothing of its class is likely another package's", () => {
    const head = `controller_manager:
  ros__parameters:
    base: {type: mecanum_drive_controller/MecanumDriveController}
base:
  ros__parameters:
`;
    // A vendor's own mecanum_drive_controller package, as mobile bases ship it.
    const vendor = `${head}    front_left_wheel_name: fl
    front_right_wheel_name: fr
    rear_left_wheel_name: rl
    rear_right_wheel_name: rr
    wheel_separation_x: 0.106
    wheel_radius: 0.047
    odom_frame_id: odom
`;
    const ds = check(vendor);
    expect(ds.map((d) => [d.line, d.code, d.severity])).toEqual([[3, "CONTROLLER_PACKAGE_MISMATCH", "warning"]]);
    expect(ds[0]!.message).toMatch(/6 of its 7 parameters \("front_left_wheel_name", .*\(2 more\)\)/);
    expect(ds[0]!.message).toMatch(/written for another package.s class of the same name/);
    // ros2_controllers' own block with one typo: still the typo, and the rest checked.
    const ours = `${head}    front_left_wheel_command_joint_name: fl
    front_right_wheel_command_joint_name: fr
    rear_left_wheel_command_joint_name: rl
    rear_right_wheel_command_joint_name: rr
    kinematics.wheels_radius: 1
    kinematics.sum_of_robot_center_projection_on_X_Y_axis: 0.3
    odom_frame_idd: odom
`;
    expect(codes(check(ours))).toEqual(["10:PARAMETER_TYPE_MISMATCH", "12:PARAMETER_UNDECLARED"]);
    // A small block with two unknown keys already (UR's force-torque broadcaster): a typo stays a typo.
    const fts = `controller_manager:
  ros__parameters:
    fts: {type: force_torque_sensor_broadcaster/ForceTorqueSensorBroadcaster}
fts:
  ros__parameters:
    ssensor_name: tcp_fts_sensor
    state_interface_names: [force.x]
    frame_id: tool0
    topic_name: ft_data
`;
    expect(check(fts).find((d) => d.line === 6)).toMatchObject({
      code: "PARAMETER_UNDECLARED",
      hint: 'did you mean "sensor_name"?',
    });
  });

  it("warns about parameters for a controller name controller_manager does not load", () => {
    const ds = check(DIFF_DRIVE.replace("diff_drive:\n  ros__parameters:", "diff_drvie:\n  ros__parameters:"));
    const stray = ds.find((d) => d.code === "CONTROLLER_NOT_LOADED");
    expect(stray).toMatchObject({ line: 6, hint: 'did you mean "diff_drive"?' });
    expect(ds.some((d) => d.code === "PARAMETER_MISSING")).toBe(true);
  });

  it("checks controller_manager's own keys", () => {
    const ds = check(
      DIFF_DRIVE.replace("update_rate: 50", "update_rate: 50\n    udpate_rate: 10\n    diff_drive.tpye: x"),
    );
    expect(ds.map((d) => [d.code, d.hint])).toEqual([
      ["PARAMETER_UNDECLARED", 'did you mean "update_rate"?'],
      ["PARAMETER_UNDECLARED", 'did you mean "diff_drive.type"?'],
    ]);
  });
});

describe("checkControllerParameters against the robot", () => {
  const robot = { path: "dd.urdf", text: ROBOT };

  it("reports a joint outside the <ros2_control> block at its array element", () => {
    const ds = check(
      DIFF_DRIVE.replace("right_wheel_names: [right_wheel_joint]", "right_wheel_names: [rigth_wheel_joint]"),
      {
        robot,
      },
    );
    expect(ds.map((d) => `${d.line}:${d.column}:${d.code}`)).toEqual(["9:25:CONTROLLER_JOINT_UNKNOWN"]);
  });

  it("leaves a chained controller's reference interfaces (<controller>/<name>) to controller_manager", () => {
    const text = `${DIFF_DRIVE.replace("      type: diff_drive_controller/DiffDriveController", "      type: diff_drive_controller/DiffDriveController\n    cmd:\n      type: forward_command_controller/ForwardCommandController")}cmd:
  ros__parameters:
    joints: [diff_drive/linear, ghost]
    interface_name: velocity
`;
    expect(codes(check(text, { robot }))).toEqual(["16:CONTROLLER_JOINT_UNKNOWN"]);
  });

  it("reports an interface the joint does not declare", () => {
    const text = `controller_manager:
  ros__parameters:
    wheels: {type: effort_controllers/JointGroupEffortController}
wheels:
  ros__parameters:
    joints: [left_wheel_joint]
`;
    const ds = check(text, { robot });
    expect(codes(ds)).toEqual(["6:CONTROLLER_INTERFACE_MISSING"]);
    expect(ds[0]!.message).toMatch(/"left_wheel_joint\/effort", but dd.urdf declares command interfaces \[velocity\]/);
  });

  it("warns when two controllers claim one command interface", () => {
    const text = `${DIFF_DRIVE.replace("      type: diff_drive_controller/DiffDriveController", "      type: diff_drive_controller/DiffDriveController\n    wheels:\n      type: velocity_controllers/JointGroupVelocityController")}wheels:
  ros__parameters:
    joints: [left_wheel_joint]
`;
    const ds = check(text, { robot });
    expect(ds.map((d) => [d.line, d.code])).toEqual([[16, "CONTROLLER_INTERFACE_CONFLICT"]]);
  });

  it("warns when the drive geometry is more than 1 % away from the wheels, naming both numbers", () => {
    expect(check(DIFF_DRIVE.replace("wheel_separation: 0.5", "wheel_separation: 0.504"), { robot })).toEqual([]);
    const ds = check(DIFF_DRIVE.replace("wheel_separation: 0.5", "wheel_separation: 0.55"), { robot });
    expect(codes(ds)).toEqual(["10:CONTROLLER_GEOMETRY_MISMATCH"]);
    expect(ds[0]!.message).toMatch(/wheel_separation is 0.55 m, but the robot's wheel separation .* is 0.5 m \(10 %\)/);
    const radius = check(DIFF_DRIVE.replace("wheel_radius: 0.1", "wheel_radius: 0.12"), { robot });
    expect(radius.map((d) => d.message)).toEqual([expect.stringMatching(/wheel_radius is 0.12 m, .* 0.1 m \(20 %\)/)]);
  });
});

describe("the diffbot fixture of docs/controllers.md", () => {
  it("gives the findings the page shows", () => {
    const dir = join(import.meta.dirname, "diffbot");
    const read = (f: string) => ({ path: f, text: readFileSync(join(dir, f), "utf8") });
    const ds = checkControllerParameters([read("diffbot_controllers.yaml")], { robot: read("diffbot.urdf") });
    expect(ds.map((d) => `${d.line}:${d.column} ${d.severity} ${d.code}`)).toEqual([
      "3:18 error PARAMETER_TYPE_MISMATCH",
      "14:25 error CONTROLLER_JOINT_UNKNOWN",
      "16:19 error PARAMETER_TYPE_MISMATCH",
      "17:5 warning PARAMETER_UNDECLARED",
      "21:14 warning CONTROLLER_INTERFACE_CONFLICT",
    ]);
  });
});

describe("isControllerParameterFile", () => {
  it("tells parameter files from other YAML", () => {
    expect(isControllerParameterFile(DIFF_DRIVE)).toBe(true);
    expect(isControllerParameterFile("name: mario\nlinks: []\n")).toBe(false);
    expect(isControllerParameterFile("talker:\n  ros__parameters:\n    rate: 1\n")).toBe(false);
  });
});

describe("drive geometry of the other drive controllers", () => {
  it("omni: robot_radius from Robotino's own wheels", () => {
    const files = buildArtifacts(robotino, { target: "gz", distro: "jazzy" });
    const yaml = String(files.find((f) => f.path.endsWith("_controllers.yaml"))!.content);
    const urdf = { path: "robotino.urdf", text: String(files.find((f) => f.path.endsWith(".urdf"))!.content) };
    const radius = /robot_radius: ([\d.]+)/.exec(yaml)![1]!;
    const off = yaml.replace(`robot_radius: ${radius}`, `robot_radius: ${(Number(radius) * 1.05).toFixed(4)}`);
    const ds = checkControllerParameters([{ path: "r.yaml", text: off }], { robot: urdf });
    expect(ds.map((d) => d.code)).toEqual(["CONTROLLER_GEOMETRY_MISMATCH"]);
    expect(ds[0]!.message).toMatch(
      /robot_radius is .* m, but the robot's distance from the base to the wheel centres is .* m \(5 %\)/,
    );
  });

  it("ackermann: wheelbase, tracks and radii from the wheels below the steering knuckles", () => {
    const wheel = (name: string, parent: string, xyz: string, steer: boolean): string =>
      steer
        ? `<link name="${name}_knuckle"/><link name="${name}"><collision><geometry><cylinder radius="0.3" length="0.1"/></geometry></collision></link>
  <joint name="${name}_steer" type="revolute"><parent link="${parent}"/><child link="${name}_knuckle"/><origin xyz="${xyz}"/><axis xyz="0 0 1"/><limit lower="-0.5" upper="0.5" effort="1" velocity="1"/></joint>
  <joint name="${name}_wheel" type="continuous"><parent link="${name}_knuckle"/><child link="${name}"/><axis xyz="0 1 0"/></joint>`
        : `<link name="${name}"><collision><geometry><cylinder radius="0.3" length="0.1"/></geometry></collision></link>
  <joint name="${name}_wheel" type="continuous"><parent link="${parent}"/><child link="${name}"/><origin xyz="${xyz}"/><axis xyz="0 1 0"/></joint>`;
    const urdf = `<robot name="car"><link name="base_link"/>
  ${wheel("fl", "base_link", "1.5 0.8 0", true)}
  ${wheel("fr", "base_link", "1.5 -0.8 0", true)}
  ${wheel("rl", "base_link", "-1.5 0.7 0", false)}
  ${wheel("rr", "base_link", "-1.5 -0.7 0", false)}
</robot>`;
    const yaml = `controller_manager:
  ros__parameters:
    car: {type: ackermann_steering_controller/AckermannSteeringController}
car:
  ros__parameters:
    rear_wheels_names: [rr_wheel, rl_wheel]
    front_wheels_names: [fr_steer, fl_steer]
    wheelbase: 3.0
    front_wheel_track: 1.6
    rear_wheel_track: 1.5
    front_wheels_radius: 0.3
    rear_wheels_radius: 0.3
`;
    const robot = { path: "car.urdf", text: urdf };
    expect(check(yaml.replace("rear_wheel_track: 1.5", "rear_wheel_track: 1.4"), { robot })).toEqual([]);
    const ds = check(yaml.replace("front_wheels_radius: 0.3", "front_wheels_radius: 0.33"), { robot });
    expect(ds.map((d) => d.line)).toEqual([10, 11]);
    expect(ds.map((d) => d.message)).toEqual([
      expect.stringMatching(/rear_wheel_track is 1.5 m, but the robot's rear track .* is 1.4 m \(7.1 %\)/),
      expect.stringMatching(/front_wheels_radius is 0.33 m, .* 0.3 m \(10 %\)/),
    ]);
  });
});
