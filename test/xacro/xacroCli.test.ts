import { describe, expect, it } from "vitest";

import { runCliProcess } from "../support/runCliProcess.js";

describe("xacro input in the CLI", () => {
  const ur = "test/data/xacro/UniversalRobots+Universal_Robots_ROS2_Description/urdf/ur.urdf.xacro";

  it("convert expands xacro with --arg and $(find) and writes the robot", () => {
    const r = runCliProcess(["convert", ur, "--arg", "name:=ur", "--arg", "ur_type:=ur5e", "--to", "urdf"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain('<robot name="ur">');
    expect(r.stdout).toContain('<joint name="wrist_3_joint" type="revolute">');
  });

  it("validate points diagnostics at the xacro source, not at the expansion", () => {
    const r = runCliProcess([
      "validate",
      "test/data/xacro/unitreerobotics+unitree_ros/robots/go1_description/xacro/robot.xacro",
      "--arg",
      "DEBUG:=false",
    ]);
    // A dangling <gazebo reference> loads (libsdformat ignores the block): a warning, exit 0.
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/go1_description\/xacro\/gazebo\.xacro:135:3: warning REFERENCE_INVALID/);
  });

  it("a xacro error names the file, the line, the macro definition and its call", () => {
    const r = runCliProcess(["validate", "test/data/xacro/chvmp+champ/champ_description/urdf/champ.urdf.xacro"]);
    expect(r.status).toBe(1);
    expect(r.stdout).toMatch(
      /accessories\.urdf\.xacro:5:9: error XACRO_ERROR: package 'hector_sensors_description' not found.*in macro accessories \(defined at .*accessories\.urdf\.xacro:3\) called at .*champ\.urdf\.xacro:45:5/,
    );
  });

  it("a malformed --arg is a usage error", () => {
    expect(runCliProcess(["convert", ur, "--arg", "nonsense", "--to", "urdf"]).status).toBe(2);
  });
});
