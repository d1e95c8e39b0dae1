import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";

import { mario } from "../../examples/mario/mario.js";
import { robotino } from "../../examples/robotino/robotino.js";
import { buildArtifacts } from "../../src/emit/buildArtifacts.js";
import { DISTRO_FACTS, ROS_DISTROS } from "../../src/emit/gazebo/RosDistro.js";
import { passiveJoints } from "../../src/emit/ros2-control/controllerPlan.js";

/**
 * The joint state publisher's `extra_joints` in the generated controller YAML has the shape the
 * distro's controller reads (facts from the controllers' sources):
 * - ROS 2 joint_state_broadcaster: ros2_controllers joint_state_broadcaster/src/
 *   joint_state_broadcaster_parameters.yaml declares `extra_joints` as `string_array` (default
 *   []), beside `use_local_topics`, `joints`, `interfaces`, `map_interface_to_joint_state` and
 *   `use_urdf_to_filter`; the parameter exists since ros2_controllers 0.3.0 (#179), before Humble.
 * - ROS 1 joint_state_controller: ros_controllers joint_state_controller/src/
 *   joint_state_controller.cpp (`addExtraJoints`) wants an array of structs, each with a string
 *   `name` and optional `position`, `velocity`, `effort` that must be doubles; it also fails
 *   `init` without `publish_rate`.
 */
type Yaml = Record<string, unknown>;
const JSB_PARAMETERS = new Set([
  "use_local_topics",
  "joints",
  "extra_joints",
  "interfaces",
  "map_interface_to_joint_state",
  "use_urdf_to_filter",
]);
const ROS1_EXTRA_JOINT_KEYS = new Set(["name", "position", "velocity", "effort"]);

const cases = ROS_DISTROS.flatMap((distro) => DISTRO_FACTS[distro].targets.map((target) => ({ distro, target })));

describe.each(cases)("$distro $target", ({ distro, target }) => {
  const controllers = (robot: typeof robotino): Yaml => {
    const file = buildArtifacts(robot, { target, distro }).find(
      (a) => a.path === `config/${robot.name}_controllers.yaml`,
    );
    expect(file, "controller YAML").toBeDefined();
    return parseYaml(file?.content ?? "") as Yaml;
  };

  it("Robotino's 18 rollers are extra_joints in the shape the distro's joint state publisher reads", () => {
    const passive = passiveJoints(robotino);
    expect(passive.filter((j) => j.includes("roller"))).toHaveLength(18);
    const yaml = controllers(robotino);
    if (DISTRO_FACTS[distro].ros === 2) {
      const manager = ((yaml["controller_manager"] as Yaml)["ros__parameters"] as Yaml)[
        "joint_state_broadcaster"
      ] as Yaml;
      expect(manager["type"]).toBe("joint_state_broadcaster/JointStateBroadcaster");
      const params = (yaml["joint_state_broadcaster"] as Yaml)["ros__parameters"] as Yaml;
      for (const key of Object.keys(params))
        expect(JSB_PARAMETERS, `joint_state_broadcaster has no parameter ${key}`).toContain(key);
      const extra = params["extra_joints"];
      expect(Array.isArray(extra)).toBe(true);
      for (const name of extra as unknown[]) expect(typeof name, "string_array element").toBe("string");
      expect(extra).toEqual(passive);
    } else {
      const jsc = (yaml[robotino.name] as Yaml)["joint_state_controller"] as Yaml;
      expect(jsc["type"]).toBe("joint_state_controller/JointStateController");
      expect(typeof jsc["publish_rate"]).toBe("number");
      const extra = jsc["extra_joints"] as Yaml[];
      expect(Array.isArray(extra)).toBe(true);
      for (const e of extra) {
        expect(typeof e, "each extra joint is a struct").toBe("object");
        for (const key of Object.keys(e)) expect(ROS1_EXTRA_JOINT_KEYS, `extra joint key ${key}`).toContain(key);
        expect(typeof e["name"]).toBe("string");
        for (const k of ["position", "velocity", "effort"]) if (k in e) expect(typeof e[k]).toBe("number");
      }
      expect(extra.map((e) => e["name"])).toEqual(passive);
    }
  });

  it("MARIO, every joint actuated, has no extra_joints", () => {
    expect(passiveJoints(mario)).toEqual([]);
    expect(JSON.stringify(controllers(mario))).not.toContain("extra_joints");
  });
});
