import { existsSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { writeArtifacts } from "../../src/cli/writeArtifacts.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { defaultDistro } from "../../src/emit/gazebo/RosDistro.js";
import { packageName } from "../../src/emit/gazebo/packageName.js";
import type { SimTarget } from "../../src/emit/gazebo/SimTarget.js";
import { haveTool, runTool } from "../support/tools.js";

/**
 * The ROS 2 packages build and install with the real colcon and ament_cmake (Debian's colcon,
 * python3-colcon-cmake/-ros/-bash and ament-cmake), as the generated README says: `colcon build`
 * then `source install/setup.bash`. One workspace per ROS 2 target at its default distro, both
 * examples in it; the launch files find their package through ament_index_python (the
 * vendor copy in ../shared/vendor) on the sourced AMENT_PREFIX_PATH.
 */
const vendor = join(import.meta.dirname, "..", "..", "..", "shared", "vendor", "python");
const targets: SimTarget[] = ["gz", "classic"];

describe.runIf(haveTool("colcon", "colcon build of the ROS 2 packages (Debian colcon, ament-cmake)") && haveTool("cmake", "colcon build (cmake)"))("ROS 2 packages under colcon build", () => {
  it.each(targets)("%s: mario and robotino build and install; every generated file lands in share/<package>; ament_index finds them", (target) => {
    const distro = defaultDistro(target);
    const ws = mkdtempSync(join(tmpdir(), `robokit-colcon-${target}-`));
    const files = new Map([mario, robotino].map((r) => [r, buildArtifacts(r, { target, distro })] as const));
    for (const [robot, artifacts] of files) writeArtifacts(join(ws, "src", packageName(robot)), artifacts);
    // PATH first /usr/bin: ament_cmake's Python helpers need the system interpreter (a pyenv python3 lacks them).
    const build = runTool("bash", ["-c", `cd ${ws} && colcon build --event-handlers console_direct- --cmake-args -DPython3_EXECUTABLE=/usr/bin/python3`], { env: { PATH: `/usr/bin:${process.env["PATH"] ?? ""}` } });
    expect(build.status, `${build.stdout.slice(-3000)}\n${build.stderr}`).toBe(0);
    expect(build.stdout + build.stderr, "no CMake warnings").not.toMatch(/CMake Warning/);
    for (const [robot, artifacts] of files) {
      const pkg = packageName(robot);
      const share = join(ws, "install", pkg, "share", pkg);
      for (const a of artifacts) {
        if (a.path === "CMakeLists.txt" || a.path === "README.md") continue;
        const installed = join(share, a.path);
        expect(existsSync(installed), `${pkg}: ${a.path} installed`).toBe(true);
        expect(readFileSync(installed, "utf8"), a.path).toBe(a.content);
      }
      expect(existsSync(join(ws, "install", pkg, "share", "ament_index", "resource_index", "packages", pkg)), `${pkg} in the ament index`).toBe(true);
      if (!existsSync(vendor)) continue;
      const found = runTool("bash", ["-c", `source ${join(ws, "install", "setup.bash")} && /usr/bin/python3 -c 'from ament_index_python.packages import get_package_share_directory as g; print(g("${pkg}"))'`], { env: { PYTHONPATH: vendor } });
      expect(found.status, found.stderr).toBe(0);
      expect(found.stdout.trim()).toBe(share);
    }
  });
});
