// @slow: drives a real robot in MuJoCo through the CLI
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { runCliInProcess } from "../support/runCliInProcess.js";
import { runCliProcess } from "../support/runCliProcess.js";

// Clearpath's Husky as its ROS 2 (Humble) packages ship it: xacro, ros2_control block and the
// diff_drive_controller parameters of husky_control (BSD; test/data/mobile-bases/MANIFEST.tsv).
const HUSKY = "test/data/mobile-bases/husky+husky";
const XACRO = `${HUSKY}/husky_description/urdf/husky.urdf.xacro`;
const CONTROLLERS = `${HUSKY}/husky_control/config/control.yaml`;
// Husky's own urdf_extras hook, giving the wheels a contact MuJoCo integrates (see the file).
const CONTACT = "test/fixtures/sim/husky-mujoco-contact.xml";
const husky = [XACRO, "--controllers", CONTROLLERS, "--distro", "humble", "-I", HUSKY, "test/fixtures/sim"];
const contactArg = ["--arg", `urdf_extras:=${join(process.cwd(), CONTACT)}`];
const withContact = [...husky, ...contactArg];

let dir = "";
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "robokit-sim-urdf-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The last row of a trace.csv, by column name. */
function lastRow(out: string): Record<string, number> {
  const lines = readFileSync(join(out, "trace.csv"), "utf8").trimEnd().split("\n");
  const header = (lines[0] ?? "").split(",");
  const last = (lines[lines.length - 1] ?? "").split(",").map(Number);
  return Object.fromEntries(header.map((h, i) => [h, last[i] ?? Number.NaN]));
}

describe("robokit sim ROBOT.xacro --controllers (a real Husky)", () => {
  // As the repository ships it: its wheels' Gazebo kp 1e7 / kd 1, once written as MuJoCo's
  // per-mass stiffness, made the run diverge (26,295 m in 4 s); they are now named, not written.
  it("reads the drive from diff_drive_controller and drives 1.25 m forward, with its own contact", async () => {
    const out = join(dir, "forward");
    const r = await runCliInProcess(["sim", ...husky, "-s", "test/fixtures/sim/husky-forward.yaml", "-o", out]);
    expect(r.stderr).toMatch(
      /drive read from controller "husky_velocity_controller" \(diff_drive_controller\/DiffDriveController\): differential, left "front_left_wheel_joint", "rear_left_wheel_joint", right "front_right_wheel_joint", "rear_right_wheel_joint"; wheelRadius 0\.1651 m \(wheel_radius\), wheelSeparation 0\.512 m \(wheel_separation\)/,
    );
    // validate --robot's geometry check, reused: the file's separation is Husky's wheelbase.
    expect(r.stderr).toMatch(
      /control\.yaml:16:23: warning CONTROLLER_GEOMETRY_MISMATCH: .*wheel_separation is 0\.512 m/,
    );
    expect(r.code).toBe(0);
    for (const f of ["trace.csv", "trajectory.svg", "velocities.svg", "summary.md", "summary.json"])
      expect(existsSync(join(out, f)), f).toBe(true);
    const end = lastRow(out);
    // Commanded: 0.125 + 1.0 + 0.125 m straight ahead.
    expect(end["true_x"]).toBeGreaterThan(1.25 * 0.9);
    expect(end["true_x"]).toBeLessThan(1.25 * 1.1);
    expect(Math.abs(end["true_y"] ?? Number.NaN)).toBeLessThan(0.05);
    expect(Math.abs(end["true_theta"] ?? Number.NaN)).toBeLessThan(0.05);
    const summary = JSON.parse(readFileSync(join(out, "summary.json"), "utf8")) as { robot: string };
    expect(summary.robot).toBe("husky");
  });

  // Known defect, expected to fail until fixed: with derived servo gains the Husky now turns,
  // but at about a tenth of the commanded yaw rate, short of this test's bound. When the
  // servo gains come from the model, this test starts passing and `it.fails` must become `it`.
  it.fails("turns counter-clockwise on an arc to the left", async () => {
    const out = join(dir, "turn");
    const r = await runCliInProcess(["sim", ...withContact, "-s", "test/fixtures/sim/husky-turn.yaml", "-o", out]);
    expect(r.code).toBe(0);
    const end = lastRow(out);
    // Commanded 1.75 rad; a skid-steer base scrubs, so only the direction and a real turn are asserted.
    expect(end["true_theta"]).toBeGreaterThan(0.3);
    expect(end["true_y"]).toBeGreaterThan(0.1);
  });

  it("refuses a controllers file with only a joint trajectory controller, naming it (exit 1)", async () => {
    const file = join(dir, "arm.yaml");
    writeFileSync(
      file,
      [
        "controller_manager:",
        "  ros__parameters:",
        "    arm_controller:",
        "      type: joint_trajectory_controller/JointTrajectoryController",
        "arm_controller:",
        "  ros__parameters:",
        "    joints: [front_left_wheel_joint]",
        "    command_interfaces: [velocity]",
        "    state_interfaces: [position, velocity]",
        "",
      ].join("\n"),
    );
    const r = await runCliInProcess([
      "sim",
      XACRO,
      "--controllers",
      file,
      "-I",
      HUSKY,
      "-s",
      "test/fixtures/sim/husky-forward.yaml",
      "-o",
      join(dir, "arm-out"),
    ]);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(
      /arm\.yaml:4:\d+: error CONTROLLER_NOT_DRIVABLE: no controller robokit can drive the base as: "arm_controller" \(joint_trajectory_controller\/JointTrajectoryController\): it moves joints, not a base/,
    );
    expect(existsSync(join(dir, "arm-out"))).toBe(false);
  });

  for (const [what, edit, message] of [
    [
      "a wheel joint the robot lacks",
      (t: string) => t.replace('"rear_left_wheel_joint"', '"middle_left_wheel_joint"'),
      /control\.yaml:13:\d+: error CONTROLLER_NOT_DRIVABLE: controller "husky_velocity_controller": left_wheel_names names "middle_left_wheel_joint", which is not a joint of/,
    ],
    [
      "left and right radius multipliers that differ",
      (t: string) => t.replace("right_wheel_radius_multiplier: 1.0", "right_wheel_radius_multiplier: 1.02"),
      /control\.yaml:\d+:\d+: error CONTROLLER_NOT_DRIVABLE: .*left_wheel_radius_multiplier ≠ right_wheel_radius_multiplier.*one wheel radius/,
    ],
  ] as const)
    it(`refuses ${what} at its parameter (exit 1)`, async () => {
      const file = join(dir, "control.yaml");
      writeFileSync(file, edit(readFileSync(CONTROLLERS, "utf8")));
      const args = ["sim", ...husky.map((a) => (a === CONTROLLERS ? file : a))];
      const r = await runCliInProcess([...args, "-s", "test/fixtures/sim/husky-forward.yaml", "-o", join(dir, "no")]);
      expect(r.stderr).toMatch(message);
      expect(r.code).toBe(1);
    });

  it("drives with the multiplied separation, as diff_drive_controller does, and says so", async () => {
    const file = join(dir, "multiplied.yaml");
    writeFileSync(
      file,
      readFileSync(CONTROLLERS, "utf8").replace("wheel_separation_multiplier: 1.0", "wheel_separation_multiplier: 1.5"),
    );
    const out = join(dir, "multiplied");
    const args = withContact.map((a) => (a === CONTROLLERS ? file : a));
    const r = await runCliInProcess([
      "sim",
      ...args,
      "-s",
      "test/fixtures/sim/husky-forward.yaml",
      "--duration",
      "0.1",
      "-o",
      out,
    ]);
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/wheelSeparationMultiplier 1\.5 \(wheel_separation_multiplier\)/);
    expect(r.stderr).toMatch(
      /wheel_separation_multiplier 1\.5: the controller computes wheel rates and odometry with 0\.512 × 1\.5 = 0\.768 m, and so does robokit/,
    );
  });

  it("drives the robot's SDF the same, warning that SDF declares no interfaces", async () => {
    const sdf = join(dir, "husky.sdf");
    const args = [XACRO, "-I", HUSKY, "test/fixtures/sim", ...contactArg];
    expect((await runCliInProcess(["convert", ...args, "-f", "sdf", "-o", sdf])).code).toBe(0);
    const scenario = ["-s", "test/fixtures/sim/husky-forward.yaml", "--duration", "2"];
    const fromSdf = await runCliInProcess([
      "sim",
      sdf,
      "--controllers",
      CONTROLLERS,
      "--distro",
      "humble",
      ...scenario,
      "-o",
      join(dir, "sdf"),
    ]);
    expect(fromSdf.code).toBe(0);
    expect(fromSdf.stderr).toMatch(
      /control\.yaml:9:13: warning CONTROLLER_JOINTS_UNDECLARED: .*husky\.sdf declares no <ros2_control> block and no <transmission>/,
    );
    const fromXacro = await runCliInProcess(["sim", ...withContact, ...scenario, "-o", join(dir, "xacro")]);
    expect(fromXacro.code).toBe(0);
    expect(lastRow(join(dir, "sdf"))["true_x"]).toBeCloseTo(lastRow(join(dir, "xacro"))["true_x"] ?? Number.NaN, 3);
  });

  it("sweeps: --runs N over the robot read from its controllers (the CLI bundle, worker threads)", () => {
    const out = join(dir, "sweep");
    const r = runCliProcess([
      "sim",
      ...withContact,
      "-s",
      "test/fixtures/sim/husky-forward.yaml",
      "--duration",
      "1",
      "--runs",
      "2",
      "--jobs",
      "2",
      "-o",
      out,
    ]);
    expect(r.status, r.stderr).toBe(0);
    const rows = readFileSync(join(out, "runs.csv"), "utf8").trimEnd().split("\n");
    expect(rows).toHaveLength(3);
    expect(rows.slice(1).every((row) => row.endsWith(","))).toBe(true); // no error column
    expect(existsSync(join(out, "summary.md"))).toBe(true);
  });

  it("refuses --controllers with a robokit robot, and --arg without --controllers (exit 2)", async () => {
    expect((await runCliInProcess(["sim", "cart", "--controllers", CONTROLLERS, "-s", "drive"])).code).toBe(2);
    expect((await runCliInProcess(["sim", "cart", "--arg", "a:=1", "-s", "drive"])).code).toBe(2);
  });
});

describe("robokit sim ROBOT.urdf --controllers (robokit's own Ackermann package)", () => {
  it("takes a steering controller's joint pairs left and right by where the wheels are, in either order", async () => {
    const pkg = join(dir, "ackermann");
    expect((await runCliInProcess(["build", "ackermann", "-o", pkg])).code).toBe(0);
    const yaml = readFileSync(join(pkg, "config", "ackermann_controllers.yaml"), "utf8");
    // ros2_controllers (Jazzy on) documents both lists as [right, left]; robokit's file writes [left, right].
    const swapped = yaml
      .replace(/(- rear_left_wheel_joint)\n(\s+)(- rear_right_wheel_joint)/, "$3\n$2$1")
      .replace(/(- front_left_steering_joint)\n(\s+)(- front_right_steering_joint)/, "$3\n$2$1");
    expect(swapped).not.toBe(yaml);
    const rightFirst = join(dir, "right-first.yaml");
    writeFileSync(rightFirst, swapped);
    const said: string[] = [];
    for (const file of [join(pkg, "config", "ackermann_controllers.yaml"), rightFirst]) {
      const r = await runCliInProcess([
        "sim",
        join(pkg, "urdf", "ackermann.urdf"),
        "--controllers",
        file,
        "-s",
        "scenarios/ackermann/drive.yaml",
        "--duration",
        "0.1",
        "-o",
        join(dir, "ackermann-out"),
      ]);
      expect(r.code, r.stderr).toBe(0);
      said.push(/drive read from controller[^\n]*/.exec(r.stderr)?.[0] ?? "");
    }
    expect(said[0]).toMatch(
      /ackermann, steering "front_left_steering_joint", "front_right_steering_joint", traction "rear_left_wheel_joint", "rear_right_wheel_joint"/,
    );
    expect(said[1]).toBe(said[0]);
  });
});
