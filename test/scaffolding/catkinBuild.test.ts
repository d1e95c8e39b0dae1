import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { writeArtifacts } from "../../src/cli/writeArtifacts.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { packageName } from "../../src/emit/gazebo/packageName.js";
import { haveTool, runTool } from "../support/tools.js";

/**
 * The ROS 1 (noetic) packages build and install with the real catkin (Debian's `catkin`
 * package: catkin_make, its CMake modules and catkin_pkg), as a user would: both examples in
 * one workspace, `catkin_make install`, then roslaunch finds the installed package after
 * `source install/setup.bash`. Debian's catkin is the Python 3 one; PYTHON_EXECUTABLE names
 * the system interpreter so a python3 earlier on PATH (pyenv) without catkin_pkg is not used.
 */
const robots = [mario, robotino];

describe.runIf(
  haveTool("catkin_make", "catkin build of the ROS 1 packages (Debian catkin)") &&
    haveTool("cmake", "catkin build (cmake)") &&
    haveTool("roslaunch", "installed-package launch check (python3-roslaunch)"),
)("ROS 1 packages under catkin_make", () => {
  it("mario and robotino (noetic) configure, build and install; every generated file lands in share/<package>; roslaunch runs the installed display launch", () => {
    const ws = mkdtempSync(join(tmpdir(), "robokit-catkin-"));
    const files = new Map(robots.map((r) => [r, buildArtifacts(r, { target: "ros1", distro: "noetic" })] as const));
    for (const [robot, artifacts] of files) writeArtifacts(join(ws, "src", packageName(robot)), artifacts);
    const make = runTool("catkin_make", [
      "-C",
      ws,
      "install",
      "-DPYTHON_EXECUTABLE=/usr/bin/python3",
      "-DCATKIN_ENABLE_TESTING=OFF",
    ]);
    expect(make.status, `${make.stdout.slice(-3000)}\n${make.stderr}`).toBe(0);
    expect(make.stdout + make.stderr, "no CMake warnings").not.toMatch(/CMake Warning/);

    for (const [robot, artifacts] of files) {
      const pkg = packageName(robot);
      const share = join(ws, "install", "share", pkg);
      // Everything a user launches or loads is installed, byte for byte; only the sources of the
      // build itself (CMakeLists.txt, README.md) stay in src.
      for (const a of artifacts) {
        if (a.path === "CMakeLists.txt" || a.path === "README.md") continue;
        const installed = join(share, a.path);
        expect(existsSync(installed), `${pkg}: ${a.path} installed`).toBe(true);
        expect(readFileSync(installed, "utf8"), a.path).toBe(a.content);
      }
      // The installed workspace as a user sources it: roslaunch resolves the package there.
      const env = { ROS_HOME: mkdtempSync(join(tmpdir(), "robokit-roshome-")) };
      const sourced = (cmd: string): ReturnType<typeof runTool> =>
        runTool("bash", ["-c", `source ${join(ws, "install", "setup.bash")} && ${cmd}`], { env });
      const nodes = sourced(`roslaunch --nodes ${pkg} display.launch gui:=false`);
      expect(nodes.status, nodes.stderr).toBe(0);
      expect(
        nodes.stdout
          .split("\n")
          .filter((l) => l.length > 0)
          .sort(),
      ).toEqual(["/joint_state_publisher", "/robot_state_publisher", "/rviz"]);
      const rviz = sourced(`roslaunch --args /rviz ${pkg} display.launch`);
      expect(rviz.stdout).toContain(`-d ${join(share, "rviz", `${robot.name}.rviz`)}`);
    }
  });
});
