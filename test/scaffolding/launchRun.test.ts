import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { writeArtifacts } from "../../src/cli/writeArtifacts.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { packageName } from "../../src/emit/gazebo/packageName.js";
import { defaultDistro, distrosOf, type RosDistro } from "../../src/emit/gazebo/RosDistro.js";
import type { SimTarget } from "../../src/emit/gazebo/SimTarget.js";
import { bridgeSpecs, launchPath } from "../../src/emit/package/emitLaunch.js";
import { controllerPlan } from "../../src/emit/ros2-control/controllerPlan.js";
import type { Robot } from "../../src/model/Robot.js";
import { referencePython, haveReferencePython } from "../support/testData.js";
import { haveTool, runTool } from "../support/tools.js";

/**
 * The generated launch files run: ROS 2 ones under the real launch/launch_ros (vendor) with
 * stand-in executables (ros2LaunchHarness.py), ROS 1 ones through roslaunch's own
 * --nodes/--args/--dump-params with a stand-in gazebo_ros package.
 */
const vendor = referencePython ?? "";
const harness = join(import.meta.dirname, "ros2LaunchHarness.py");

interface LaunchRecord {
  readonly package: string;
  readonly executable: string;
  readonly argv: readonly string[];
  readonly params: Readonly<Record<string, string>>;
}
interface LaunchRun {
  readonly launch: string;
  readonly args: readonly string[];
  readonly status: number;
  readonly records: readonly LaunchRecord[];
}

function build(robot: Robot, target: SimTarget, distro: RosDistro): string {
  const dir = join(
    mkdtempSync(join(tmpdir(), `robokit-launch-${robot.name}-${target}-${distro}-`)),
    packageName(robot),
  );
  writeArtifacts(dir, buildArtifacts(robot, { target, distro }));
  return dir;
}

const robotDescription = (r: LaunchRecord): string => {
  const yaml = parseYaml(Object.values(r.params)[0] ?? "") as Record<
    string,
    { ros__parameters: { robot_description: string } }
  >;
  return yaml["/**"]?.ros__parameters.robot_description ?? "";
};

const ros2Cases = [mario, robotino].flatMap((robot) =>
  (["gz", "classic"] as const).flatMap((target) => distrosOf(target).map((distro) => ({ robot, target, distro }))),
);

describe.runIf(
  haveReferencePython("ROS 2 launch run (reference launch/launch_ros)") &&
    haveTool("/usr/bin/python3", "ROS 2 launch run (vendor launch/launch_ros)"),
)("ROS 2 launch files run under launch/launch_ros", () => {
  it.each(ros2Cases)(
    "$robot.name $target $distro: simulation launch (and display launch on the default distro)",
    ({ robot, target, distro }) => {
      const dir = build(robot, target, distro);
      const pkg = packageName(robot);
      const sim = launchPath(robot, target).replace("launch/", "");
      const display = distro === defaultDistro(target);
      const args = [
        dir,
        pkg,
        sim,
        ...(display ? ["--", dir, pkg, "display.launch.py", "--", dir, pkg, "display.launch.py", "gui:=false"] : []),
      ];
      const r = runTool("/usr/bin/python3", [harness, mkdtempSync(join(tmpdir(), "robokit-harness-")), ...args], {
        env: { PYTHONPATH: vendor },
      });
      expect(r.status, r.stderr).toBe(0);
      const runs = r.stdout
        .split("\n")
        .filter((l) => l.startsWith("{"))
        .map((l) => JSON.parse(l) as LaunchRun);
      const simRun = runs[0]!;
      expect(simRun.status, r.stderr).toBe(0);
      const exes = simRun.records.map((x) => `${x.package}/${x.executable}`);
      // The simulator got the package's world.
      const simulator = simRun.records.find((x) => x.executable === "simulator");
      expect(simulator?.argv.join(" ")).toMatch(new RegExp(`/share/${pkg}/worlds/${robot.name}\\.world`));
      // robot_state_publisher got the URDF through xacro, $(find) resolved to the installed package.
      const rsp = simRun.records.find((x) => x.package === "robot_state_publisher");
      const description = rsp === undefined ? "" : robotDescription(rsp);
      expect(description).toContain(`<robot name="${robot.name}">`);
      expect(description).not.toContain("$(find");
      expect(description).toContain(`/share/${pkg}/config/${robot.name}_controllers.yaml`);
      // Spawned, then the distro's controllers started with the installed YAML.
      const spawnIndex = exes.indexOf(target === "gz" ? "ros_gz_sim/create" : "gazebo_ros/spawn_entity.py");
      const spawnerIndex = exes.indexOf("controller_manager/spawner");
      expect(spawnIndex).toBeGreaterThanOrEqual(0);
      expect(spawnerIndex).toBeGreaterThan(spawnIndex);
      const spawner = simRun.records[spawnerIndex]!.argv;
      const names = controllerPlan(robot, target, distro).controllers.map((c) => c.name);
      expect(spawner.slice(0, names.length)).toEqual(names);
      const paramFile = spawner[spawner.indexOf("--param-file") + 1] ?? "";
      expect(existsSync(paramFile), paramFile).toBe(true);
      if (target === "gz")
        expect(
          simRun.records.find((x) => x.executable === "parameter_bridge")?.argv.slice(0, bridgeSpecs(robot).length),
        ).toEqual(bridgeSpecs(robot));
      if (!display) return;
      for (const [run, jsp] of [
        [runs[1], "joint_state_publisher_gui"],
        [runs[2], "joint_state_publisher"],
      ] as const) {
        expect(run?.status).toBe(0);
        expect(run?.records.map((x) => x.package).sort()).toEqual([jsp, "robot_state_publisher", "rviz2"].sort());
        const rviz = run?.records.find((x) => x.package === "rviz2")?.argv ?? [];
        expect(rviz[0]).toBe("-d");
        expect(existsSync(rviz[1] ?? ""), rviz[1]).toBe(true);
      }
    },
  );
});

describe.runIf(haveTool("roslaunch", "ROS 1 launch check (python3-roslaunch)"))(
  "ROS 1 launch files under roslaunch",
  () => {
    const stub = mkdtempSync(join(tmpdir(), "robokit-ros1-stub-"));
    mkdirSync(join(stub, "gazebo_ros", "launch"), { recursive: true });
    writeFileSync(
      join(stub, "gazebo_ros", "package.xml"),
      '<?xml version="1.0"?>\n<package format="2"><name>gazebo_ros</name><version>0.0.0</version><description>stand-in</description><maintainer email="user@example.com">x</maintainer><license>BSD</license><buildtool_depend>catkin</buildtool_depend></package>\n',
    );
    writeFileSync(
      join(stub, "gazebo_ros", "launch", "empty_world.launch"),
      '<launch><arg name="world_name"/><arg name="paused" default="false"/></launch>\n',
    );

    it.each([mario, robotino])(
      "$name: nodes, node arguments and parameters (robot_description as text, the controller YAML)",
      (robot) => {
        const dir = build(robot, "ros1", "noetic");
        const pkg = packageName(robot);
        const env = {
          ROS_PACKAGE_PATH: `${join(dir, "..")}:${stub}`,
          ROS_HOME: mkdtempSync(join(tmpdir(), "robokit-roshome-")),
        };
        const sim = `${robot.name}_gazebo.launch`;
        const nodes = runTool("roslaunch", ["--nodes", pkg, sim], { env });
        expect(nodes.status, nodes.stderr).toBe(0);
        expect(
          nodes.stdout
            .split("\n")
            .filter((l) => l.length > 0)
            .sort(),
        ).toEqual([`/${robot.name}/controller_spawner`, "/robot_state_publisher", "/spawn_model"].sort());
        const params = runTool("roslaunch", ["--dump-params", pkg, sim], { env });
        expect(params.status, params.stderr).toBe(0);
        const dumped = parseYaml(params.stdout) as Record<string, unknown>;
        expect(dumped["/robot_description"]).toBe(readFileSync(join(dir, "urdf", `${robot.name}.urdf`), "utf8"));
        for (const c of controllerPlan(robot, "ros1", "noetic").controllers)
          expect(dumped[`/${robot.name}/${c.name}/type`], c.name).toBe(c.type);
        const rsp = runTool("roslaunch", ["--args", "/robot_state_publisher", pkg, sim], { env });
        expect(rsp.stdout).toContain(`/joint_states:=/${robot.name}/joint_states`);
        for (const gui of ["true", "false"]) {
          const d = runTool("roslaunch", ["--nodes", pkg, "display.launch", `gui:=${gui}`], { env });
          expect(d.status, d.stderr).toBe(0);
          expect(
            d.stdout
              .split("\n")
              .filter((l) => l.length > 0)
              .sort(),
          ).toEqual([
            gui === "true" ? "/joint_state_publisher_gui" : "/joint_state_publisher",
            "/robot_state_publisher",
            "/rviz",
          ]);
        }
        const rviz = runTool("roslaunch", ["--args", "/rviz", pkg, "display.launch"], { env });
        expect(rviz.stdout).toContain(`-d ${join(dir, "rviz", `${robot.name}.rviz`)}`);
        // rosparam's own loader reads the controller YAML (what <rosparam command="load"> does).
        const loaded = runTool("/usr/bin/python3", [
          "-c",
          `import rosparam, json; print(json.dumps(rosparam.load_file(${JSON.stringify(join(dir, "config", `${robot.name}_controllers.yaml`))})[0][0]))`,
        ]);
        expect(loaded.status, loaded.stderr).toBe(0);
        expect(Object.keys((JSON.parse(loaded.stdout) as Record<string, unknown>)[robot.name] as object)).toContain(
          "joint_state_controller",
        );
      },
    );
  },
);
