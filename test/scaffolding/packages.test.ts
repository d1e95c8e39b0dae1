import { mkdtempSync, readFileSync, writeFileSync, mkdirSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";

import { XMLParser } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { writeArtifacts } from "../../src/cli/writeArtifacts.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { defaultDistro, distrosOf, type RosDistro } from "../../src/emit/gazebo/RosDistro.js";
import { SIM_TARGETS, type SimTarget } from "../../src/emit/gazebo/SimTarget.js";
import { INSTALLED_DIRECTORIES } from "../../src/emit/package/packageLayout.js";
import { controllerPlan } from "../../src/emit/ros2-control/controllerPlan.js";
import type { Robot } from "../../src/model/Robot.js";
import { validateFile } from "../../src/validate/validateFile.js";
import { haveTool, runTool } from "../support/tools.js";
import { crossCheckControl } from "./crossCheckControl.js";

const robots: readonly Robot[] = [mario, robotino];
/** Every example × target × distro the target runs on. */
const cases = robots.flatMap((robot) =>
  SIM_TARGETS.flatMap((target) => distrosOf(target).map((distro) => ({ robot, target, distro }))),
);
const label = (c: { robot: Robot; target: SimTarget; distro: RosDistro }): string =>
  `${c.robot.name} --target ${c.target} --distro ${c.distro}`;

function build(robot: Robot, target: SimTarget, distro: RosDistro = defaultDistro(target)): Map<string, string> {
  return new Map(buildArtifacts(robot, { target, distro }).map((a) => [a.path, a.content] as const));
}

function written(robot: Robot, target: SimTarget, distro: RosDistro): string {
  const dir = mkdtempSync(join(tmpdir(), `robokit-${robot.name}-${target}-${distro}-`));
  writeArtifacts(dir, buildArtifacts(robot, { target, distro }));
  return dir;
}

describe.each(cases)("package for $robot.name, target $target, distro $distro", (c) => {
  const files = build(c.robot, c.target, c.distro);
  const urdfPath = `urdf/${c.robot.name}.urdf`;

  it("installs only folders that exist in the output", () => {
    const cmake = files.get("CMakeLists.txt") ?? "";
    const installed = /install\(DIRECTORY ([^)]*?) DESTINATION/.exec(cmake)?.[1]?.split(" ") ?? [];
    expect(installed).toEqual([...INSTALLED_DIRECTORIES]);
    for (const d of installed)
      expect(
        [...files.keys()].some((p) => p.startsWith(`${d}/`)),
        `${label(c)}: ${d}/`,
      ).toBe(true);
  });

  it("is byte-identical across builds", () => {
    expect(build(c.robot, c.target, c.distro)).toEqual(files);
  });

  it("robokit's validator reports nothing on the URDF, SDF and world (no error, no warning)", () => {
    for (const [path, text] of files) {
      if (!/\.(urdf|sdf|world)$/.test(path)) continue;
      const problems = validateFile(text, path);
      expect(problems, `${label(c)} ${path}: ${problems.map((d) => d.message).join("; ")}`).toEqual([]);
    }
  });

  it("passes check_urdf, ign sdf -k (URDF, SDF, world) and catkin_pkg", () => {
    const dir = written(c.robot, c.target, c.distro);
    if (haveTool("check_urdf", "URDF cross-check")) {
      const r = runTool("check_urdf", [join(dir, urdfPath)]);
      expect(r.status, r.stderr).toBe(0);
    }
    if (haveTool("ign", "libsdformat cross-check")) {
      for (const p of [urdfPath, `sdf/${c.robot.name}/model.sdf`, `worlds/${c.robot.name}.world`]) {
        const r = runTool("ign", ["sdf", "-k", join(dir, p)]);
        expect(r.status, `${p}: ${r.stdout}${r.stderr}`).toBe(0);
        expect(r.stdout).toContain("Valid");
      }
    }
    if (haveTool("/usr/bin/python3", "package.xml check (python3-catkin-pkg)")) {
      const r = runTool("/usr/bin/python3", [
        "-c",
        `from catkin_pkg.package import parse_package; p = parse_package(${JSON.stringify(dir)}); print(p.name, p.package_format)`,
      ]);
      expect(r.status, r.stderr).toBe(0);
      expect(r.stdout.trim()).toBe(`${c.robot.package?.name ?? ""} 3`);
    }
  });

  it("the launch file is valid Python (ROS 2) or XML (ROS 1)", () => {
    const launches = [...files.keys()].filter((p) => p.startsWith("launch/"));
    expect(launches).toHaveLength(2);
    if (c.target === "ros1") return;
    const dir = written(c.robot, c.target, c.distro);
    if (haveTool("/usr/bin/python3", "launch file syntax check")) {
      for (const launch of launches) {
        const r = runTool("/usr/bin/python3", [
          "-c",
          `import ast,sys; ast.parse(open(${JSON.stringify(join(dir, launch))}).read())`,
        ]);
        expect(r.status, r.stderr).toBe(0);
      }
    }
  });

  it("every joint a controller, <ros2_control>, <transmission> or plugin names exists and has the claimed interface", () => {
    const yaml = files.get(`config/${c.robot.name}_controllers.yaml`) ?? "";
    expect(crossCheckControl(c.robot, c.target, files.get(urdfPath) ?? "", yaml)).toEqual([]);
  });

  // Goldens are pinned for the target's default distro only; other distros are not registered
  // (rather than reported as skipped: nothing is left undone there).
  if (c.distro === defaultDistro(c.target))
    it("matches the golden files (the target's default distro)", () => {
      for (const [path, text] of files) {
        if (path.startsWith("mjcf/") || path.startsWith("sdf/")) continue; // owned and pinned by other emitters
        const golden = join(import.meta.dirname, "..", "golden", c.robot.name, c.target, path);
        if (process.env["UPDATE_GOLDEN"] === "1") {
          mkdirSync(dirname(golden), { recursive: true });
          writeFileSync(golden, text);
        }
        expect(existsSync(golden), `${golden} missing (UPDATE_GOLDEN=1 to create)`).toBe(true);
        expect(text, path).toBe(readFileSync(golden, "utf8"));
      }
    });
});

describe("cross-check catches broken control files", () => {
  const files = build(mario, "gz");
  const urdf = files.get("urdf/mario.urdf") ?? "";
  const yaml = files.get("config/mario_controllers.yaml") ?? "";

  it("reports a controller joint that the model lacks", () => {
    const renamed = {
      ...mario,
      joints: (mario.joints ?? []).map((j) => (j.name === "servo3" ? { ...j, name: "servo3b" } : j)),
    };
    const problems = crossCheckControl(renamed, "gz", urdf, yaml);
    expect(problems.some((p) => p.includes('"servo3"') && p.includes("does not exist"))).toBe(true);
  });

  it("reports a joint whose actuator does not offer the claimed command interface", () => {
    const changed = {
      ...mario,
      joints: (mario.joints ?? []).map((j) =>
        j.name === "motor2" && j.actuator !== undefined
          ? { ...j, actuator: { ...j.actuator, command: "effort" as const } }
          : j,
      ),
    };
    const problems = crossCheckControl(changed, "gz", urdf, yaml);
    expect(problems.some((p) => p.includes('"motor2"') && p.includes("velocity"))).toBe(true);
  });

  it("reports a joint left out of <ros2_control>", () => {
    const dropped = urdf.replace(/<joint name="motor4">[\s\S]*?<\/joint>\n/, "");
    expect(dropped).not.toBe(urdf);
    expect(crossCheckControl(mario, "gz", dropped, yaml).some((p) => p.includes('"motor4"'))).toBe(true);
  });
});

describe("controller plan reads the model", () => {
  it("MARIO: steering and wheel joint names come from the drive", () => {
    const plan = controllerPlan(mario, "gz");
    const drive = mario.drive;
    if (drive?.type !== "steered") throw new Error("mario has a steered drive");
    expect(plan.controllers.find((c) => c.name === "steering_position_controller")?.joints).toEqual(
      drive.modules.map((m) => m.steer),
    );
    expect(plan.controllers.find((c) => c.name === "wheel_velocity_controller")?.joints).toEqual(
      drive.modules.map((m) => m.wheel),
    );
  });

  it("MARIO ros1: nine controllers, PID gains equal to each actuator's", () => {
    const plan = controllerPlan(mario, "ros1");
    expect(plan.controllers).toHaveLength(9);
    const yaml = parseYaml(build(mario, "ros1").get("config/mario_controllers.yaml") ?? "") as Record<
      string,
      Record<string, { joint?: string; pid?: Record<string, number> }>
    >;
    for (const j of mario.joints ?? []) {
      if (j.actuator?.pid === undefined) continue;
      const entry = Object.values(yaml["mario"] ?? {}).find((e) => e.joint === j.name);
      expect(entry?.pid?.["p"]).toBe(j.actuator.pid.p);
      expect(entry?.pid?.["i"]).toBe(j.actuator.pid.i ?? 0);
      expect(entry?.pid?.["d"]).toBe(j.actuator.pid.d ?? 0);
    }
  });

  it("Robotino: omni controller radii and offset follow the model when the wheels move", () => {
    const scaled: Robot = {
      ...robotino,
      joints: (robotino.joints ?? []).map((j) =>
        j.name.startsWith("wheel") && j.name.endsWith("_joint") && !j.name.includes("roller") && j.origin !== undefined
          ? { ...j, origin: { ...j.origin, xyz: [j.origin.xyz[0] * 2, j.origin.xyz[1] * 2, 0] } }
          : j,
      ),
    };
    const params = (r: Robot): Record<string, unknown> =>
      controllerPlan(r, "gz").controllers.find((c) => c.name === "omni_wheel_drive_controller")?.params ?? {};
    const value = (x: unknown): number => (x as { value: number }).value;
    expect(value(params(robotino)["robot_radius"])).toBeCloseTo(0.175, 12);
    expect(value(params(scaled)["robot_radius"])).toBeCloseTo(0.35, 12);
    expect(value(params(robotino)["wheel_radius"])).toBeCloseTo(0.06, 12);
    expect(value(params(robotino)["wheel_offset"])).toBeCloseTo(Math.PI / 3, 9);
    expect(params(robotino)["wheel_names"]).toEqual(["wheel1_joint", "wheel2_joint", "wheel3_joint"]);
  });

  it("Robotino on Humble targets (classic) gets no omni controller", () => {
    expect(controllerPlan(robotino, "classic").controllers.map((c) => c.type)).not.toContain(
      "omni_wheel_drive_controller/OmniWheelDriveController",
    );
  });

  it("a drive joint without an actuator is a clear model error", () => {
    const stripped = (mario.joints ?? []).map((j) => {
      if (j.name !== "servo2") return j;
      const { actuator: _dropped, ...rest } = j;
      return rest;
    });
    const broken: Robot = { ...mario, joints: stripped };
    expect(() => controllerPlan(broken, "gz")).toThrow(/servo2.*no actuator/);
  });
});

it("reads the XML it checks with the parser robokit uses", () => {
  expect(new XMLParser().parse("<a>1</a>")).toEqual({ a: 1 });
});

describe("--distro drives controllers, plugins and dependencies", () => {
  const dep = (robot: Robot, target: SimTarget, distro: RosDistro): string =>
    build(robot, target, distro).get("package.xml") ?? "";

  it("Robotino on Humble: a wheel ForwardCommandController, no omni_wheel_drive_controller anywhere", () => {
    for (const target of ["gz", "classic"] as const) {
      const files = build(robotino, target, "humble");
      for (const [path, text] of files) expect(text, `${target} ${path}`).not.toContain("omni_wheel_drive_controller");
      const types = controllerPlan(robotino, target, "humble").controllers.map((c) => c.type);
      expect(types).toEqual([
        "joint_state_broadcaster/JointStateBroadcaster",
        "forward_command_controller/ForwardCommandController",
      ]);
    }
  });

  it("Robotino on Jazzy, Kilted and Rolling: omni_wheel_drive_controller only, declared in package.xml and spawned", () => {
    for (const distro of ["jazzy", "kilted", "rolling"] as const) {
      const files = build(robotino, "gz", distro);
      expect(dep(robotino, "gz", distro)).toContain("<exec_depend>omni_wheel_drive_controller</exec_depend>");
      expect(dep(robotino, "gz", distro)).not.toContain("forward_command_controller");
      expect(files.get("launch/robotino_gz.launch.py")).toContain(
        'names = ["joint_state_broadcaster", "omni_wheel_drive_controller", ]',
      );
    }
  });

  it("gz-sim system names and the sensor frame element follow the distro (Fortress: ignition)", () => {
    const humble = build(mario, "gz", "humble");
    const jazzy = build(mario, "gz", "jazzy");
    for (const path of ["urdf/mario.urdf", "worlds/mario.world"]) {
      expect(humble.get(path)).toContain('filename="ignition-gazebo-');
      expect(humble.get(path)).not.toContain('filename="gz-sim-');
      expect(jazzy.get(path)).toContain('filename="gz-sim-');
      expect(jazzy.get(path)).not.toContain("ignition");
    }
    expect(humble.get("urdf/mario.urdf")).toContain("<ignition_frame_id>imu_link</ignition_frame_id>");
    expect(jazzy.get("urdf/mario.urdf")).toContain("<gz_frame_id>imu_link</gz_frame_id>");
    expect(humble.get("sdf/mario/model.sdf")).toContain("<ignition_frame_id>");
  });

  it("every distro's package declares ament_index_python (ROS 2) and the RViz of its generation", () => {
    for (const c of cases) {
      const xml = dep(c.robot, c.target, c.distro);
      if (c.target === "ros1") {
        expect(xml).toContain("<exec_depend>rviz</exec_depend>");
        expect(xml).toContain("<buildtool_depend>catkin</buildtool_depend>");
      } else {
        expect(xml).toContain("<exec_depend>ament_index_python</exec_depend>");
        expect(xml).toContain("<exec_depend>rviz2</exec_depend>");
      }
    }
  });
});
