import { readFileSync } from "node:fs";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { emitMjcf } from "../../src/emit/mjcf/emitMjcf.js";
import { carryUrdfExtensionsToMjcf } from "../../src/import/carryUrdfExtensionsToMjcf.js";
import type { Robot } from "../../src/model/Robot.js";
import { sdfToModel } from "../../src/parse/sdfToModel.js";
import { urdfToModel } from "../../src/parse/urdfToModel.js";
import { mujocoProbe } from "../support/mujocoProbe.js";
import { realworldRoot } from "../support/testData.js";

const DIR = "Gepetto+example-robot-data/robots";

function carried(path: string): ReturnType<typeof carryUrdfExtensionsToMjcf> & { file: string; base: Robot } {
  const file = join(realworldRoot, path);
  const text = readFileSync(file, "utf8");
  const base = urdfToModel(text, file).robot!;
  return { ...carryUrdfExtensionsToMjcf(text, file, base), file, base };
}

const MOBILE_BASE = `<robot name="base">
  <link name="base_link"><inertial><mass value="5"/><inertia ixx="0.1" ixy="0" ixz="0" iyy="0.1" iyz="0" izz="0.1"/></inertial></link>
  <link name="wheel"><inertial><mass value="0.5"/><inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/></inertial></link>
  <link name="arm"><inertial><mass value="0.5"/><inertia ixx="0.001" ixy="0" ixz="0" iyy="0.001" iyz="0" izz="0.001"/></inertial></link>
  <joint name="wheel_joint" type="continuous"><parent link="base_link"/><child link="wheel"/><axis xyz="0 1 0"/><limit effort="3" velocity="10"/></joint>
  <joint name="arm_joint" type="revolute"><parent link="base_link"/><child link="arm"/><axis xyz="0 0 1"/><limit lower="-1" upper="1" effort="4" velocity="2"/></joint>
  <ros2_control name="sys" type="system">
    <hardware><plugin>gz_ros2_control/GazeboSimSystem</plugin></hardware>
    <joint name="wheel_joint"><command_interface name="velocity"/><state_interface name="position"/></joint>
  </ros2_control>
  <transmission name="t">
    <type>transmission_interface/SimpleTransmission</type>
    <joint name="arm_joint"><hardwareInterface>hardware_interface/EffortJointInterface</hardwareInterface></joint>
    <actuator name="m"><mechanicalReduction>50</mechanicalReduction></actuator>
  </transmission>
  <gazebo reference="base_link">
    <sensor name="imu" type="imu"><update_rate>200</update_rate><pose>0.1 0 0.2 0 0 0</pose>
      <imu><angular_velocity><x><noise type="gaussian"><mean>0</mean><stddev>0.01</stddev></noise></x></angular_velocity></imu>
      <plugin name="imu_plugin" filename="libgazebo_ros_imu_sensor.so"/>
    </sensor>
    <sensor name="baro" type="air_pressure"/>
  </gazebo>
  <gazebo><plugin name="diff" filename="libgazebo_ros_diff_drive.so"/></gazebo>
</robot>`;

describe("a URDF's ros2_control, transmissions and Gazebo sensors reach the MJCF", () => {
  const base = urdfToModel(MOBILE_BASE, "base.urdf").robot!;
  const { robot, losses } = carryUrdfExtensionsToMjcf(MOBILE_BASE, "base.urdf", base);

  it("the URDF reader alone leaves the joints without actuators (the blocks are extensions)", () => {
    expect(base.joints?.map((j) => j.actuator)).toEqual([undefined, undefined]);
  });

  it("fills actuators by command interface: a velocity wheel, an effort joint through its reduction", () => {
    expect(robot.joints?.map((j) => j.actuator)).toEqual([
      { command: "velocity" },
      { command: "effort", mechanicalReduction: 50 },
    ]);
    const xml = emitMjcf(robot);
    // kv is derived from the model when the file gives no gain (mjcfServoGains).
    expect(xml).toMatch(
      /<velocity name="wheel_joint_velocity" joint="wheel_joint" kv="[\d.e+-]+" ctrllimited="true" ctrlrange="-10 10" forcelimited="true" forcerange="-3 3"\/>/,
    );
    expect(xml).not.toContain('kv="1"');
    expect(xml).toContain(
      '<motor name="arm_joint_effort" joint="arm_joint" gear="50" ctrllimited="true" ctrlrange="-0.08 0.08" forcelimited="true" forcerange="-4 4"/>',
    );
  });

  it("puts the IMU at a site with gyro and accelerometer, and names what is not carried, with its line", () => {
    const xml = emitMjcf(robot);
    expect(xml).toContain('<site name="imu_site" pos="0.1 0 0.2" size="0.01"/>');
    expect(xml).toContain('<gyro name="imu_gyro" site="imu_site" noise="0.01"/>');
    const named = losses.filter((d) => d.severity === "warning").map((d) => `${d.line}: ${d.message}`);
    expect(named).toEqual([
      expect.stringMatching(/^19: Gazebo plugin "imu_plugin" \(libgazebo_ros_imu_sensor.so\) is not carried/),
      expect.stringMatching(/^21: sensor "baro": a "air_pressure" sensor has no MJCF counterpart/),
      expect.stringMatching(/^23: Gazebo plugin "diff"/),
    ]);
  });
});

describe("real robots: TIAGo Pro (ros2_control mobile base) and the Z1 arm (ROS 1 transmissions)", () => {
  const probe = mujocoProbe("declared actuators and sensors of real robots in MuJoCo 2.2.2");

  it("TIAGo Pro: velocity servos on the four wheels, position servos elsewhere, limits from the joints", () => {
    const { robot, losses } = carried(`${DIR}/tiago_pro_description/robots/tiago_pro.urdf`);
    const driven = (robot.joints ?? []).filter((j) => j.actuator !== undefined);
    expect(driven.filter((j) => j.actuator!.command === "velocity").map((j) => j.name)).toEqual([
      "wheel_front_right_joint",
      "wheel_front_left_joint",
      "wheel_rear_right_joint",
      "wheel_rear_left_joint",
    ]);
    expect(driven.length).toBe(23);
    // The IMU and both lasers are read; their Gazebo plugins are named with their lines.
    const sensors = robot.links.flatMap((l) => l.sensors ?? []).map((s) => `${s.type}:${s.name}`);
    expect(sensors).toEqual(
      expect.arrayContaining(["imu:base_imu_sensor", "lidar:base_front_laser", "camera:head_front_cameracolor"]),
    );
    expect(
      losses.filter((d) => d.code === "EXTENSION_NOT_CARRIED" && d.severity === "warning").every((d) => d.line! > 0),
    ).toBe(true);
    if (probe === undefined) return;
    const model = probe(emitMjcf(robot));
    expect(model.actuators.length).toBe(23);
    const wheel = model.actuators.find((a) => a.joint === "wheel_front_left_joint")!;
    const limit = robot.joints!.find((j) => j.name === "wheel_front_left_joint")!;
    const v = limit.type === "continuous" ? limit.limit!.velocity : Number.NaN;
    expect(wheel.ctrlrange[0]).toBeCloseTo(-v, 12);
    expect(wheel.ctrlrange[1]).toBeCloseTo(v, 12);
    expect(model.sensors.length).toBe(3); // gyro, accelerometer, framequat of the IMU
    // The root is free: nothing bolts a mobile base down.
    expect(model.joints[0]!.type).toBe(0);
  });

  it("Z1: effort interfaces become motors through the transmission's reduction", () => {
    const { robot } = carried(`${DIR}/z1_description/urdf/z1.urdf`);
    const driven = (robot.joints ?? []).filter((j) => j.actuator !== undefined);
    expect(driven.length).toBe(6);
    expect(driven.every((j) => j.actuator!.command === "effort")).toBe(true);
    if (probe === undefined) return;
    const model = probe(emitMjcf(robot));
    expect(model.actuators.map((a) => a.joint)).toEqual(driven.map((j) => j.name));
  });

  it("Panda: the mimic finger is a joint equality MuJoCo compiles as finger2 = 0 + 1 · finger1", () => {
    const { robot } = carried(`${DIR}/panda_description/urdf/panda.urdf`);
    if (probe === undefined) return;
    const model = probe(emitMjcf(robot));
    expect(model.equalities).toEqual([
      {
        name: "panda_finger_joint2_mimic",
        type: 2,
        obj1: "panda_finger_joint2",
        obj2: "panda_finger_joint1",
        data: [0, 1, 0, 0, 0],
      },
    ]);
  });
});

describe("an SDF's link sensors, read on request", () => {
  const file = join(realworldRoot, "gazebosim+gz-sim/test/worlds/imu.sdf");
  const text = readFileSync(file, "utf8");

  it("are left out (and reported) by default, as convert to SDF or URDF writes sensors from the model", () => {
    const read = sdfToModel(text, file, { model: "imu_model" });
    expect(read.robot?.links.flatMap((l) => l.sensors ?? [])).toEqual([]);
    expect(read.diagnostics.map((d) => d.message)).toContainEqual(
      expect.stringContaining('sensor "imu_sensor" is not converted'),
    );
  });

  it("with sensors: true, Gazebo's IMU test model gets its IMU, and the MJCF a gyro and an accelerometer", () => {
    const robot = sdfToModel(text, file, { model: "imu_model", sensors: true }).robot!;
    expect(robot.links[0]!.sensors).toEqual([
      { type: "imu", name: "imu_sensor", updateRate: 30, origin: { xyz: [0, 0, 0], rpy: [0, 0, 0] } },
    ]);
    const xml = emitMjcf(robot);
    expect(xml).toContain('<gyro name="imu_sensor_gyro" site="imu_sensor_site"/>');
    expect(xml).toContain('<accelerometer name="imu_sensor_accelerometer" site="imu_sensor_site"/>');
  });
});
