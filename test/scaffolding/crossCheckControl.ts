import { XMLParser } from "fast-xml-parser";
import { parse as parseYaml } from "yaml";

import type { SimTarget } from "../../src/emit/gazebo/SimTarget.js";
import type { Robot } from "../../src/model/Robot.js";

type Node = Record<string, unknown>;
const asArray = (x: unknown): Node[] => (x === undefined ? [] : Array.isArray(x) ? (x as Node[]) : [x as Node]);

/**
 * Independent check of generated control files against a model (parses the text; does not
 * reuse the emitters' plan): every joint named in the controller YAML, the <ros2_control>
 * block, ROS 1 transmissions and plugin blocks exists, and has the interface claimed; every
 * non-fixed joint has a state source in simulation (a hardware interface, or the joint
 * state broadcaster's `extra_joints`), so robot_state_publisher has a TF for every link.
 * Returns human-readable problems (empty = consistent).
 */
export function crossCheckControl(robot: Robot, target: SimTarget, urdf: string, yamlText: string): string[] {
  const problems: string[] = [];
  const joints = new Map((robot.joints ?? []).map((j) => [j.name, j] as const));
  const command = (name: string): string | undefined => joints.get(name)?.actuator?.command;
  const exists = (name: string, where: string): boolean => {
    if (!joints.has(name)) problems.push(`${where}: joint "${name}" does not exist in the model`);
    return joints.has(name);
  };
  const doc = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@" }).parse(urdf) as Node;
  const robotEl = doc["robot"] as Node;
  const hw = new Map<string, string>();
  if (target === "ros1") {
    for (const t of asArray(robotEl["transmission"])) {
      const j = t["joint"] as Node;
      const name = String(j["@name"]);
      if (exists(name, "transmission"))
        hw.set(
          name,
          String(j["hardwareInterface"]).replace("hardware_interface/", "").replace("JointInterface", "").toLowerCase(),
        );
    }
  } else {
    for (const block of asArray(robotEl["ros2_control"])) {
      for (const j of asArray(block["joint"])) {
        const name = String(j["@name"]);
        const cmd = String((j["command_interface"] as Node)["@name"]);
        if (exists(name, "<ros2_control>") && command(name) !== cmd)
          problems.push(
            `<ros2_control>: joint "${name}" claims command "${cmd}" but its actuator commands "${command(name) ?? "nothing"}"`,
          );
        hw.set(name, cmd);
      }
    }
  }
  for (const g of asArray(robotEl["gazebo"])) {
    for (const p of asArray(g["plugin"])) {
      for (const j of asArray(p["joint_name"] as Node | undefined))
        exists(String(j), `plugin ${String(p["@filename"])}`);
      for (const a of asArray(p["actuator"])) exists(String(a["joint"]), "gazebo-fmi actuator");
      for (const ch of asArray(p["control"])) exists(String(ch["jointName"]), "ArduPilot channel");
    }
  }
  const yaml = parseYaml(yamlText) as Record<string, Record<string, unknown>>;
  const claim = (controller: string, names: readonly string[], iface: string): void => {
    for (const name of names) {
      if (!exists(name, `controller ${controller}`)) continue;
      if (target !== "ros1" && command(name) !== iface)
        problems.push(
          `controller ${controller}: joint "${name}" must accept "${iface}" commands but its actuator commands "${command(name) ?? "nothing"}"`,
        );
      if (hw.get(name) !== iface)
        problems.push(
          `controller ${controller}: joint "${name}" has no "${iface}" interface in the URDF (found "${hw.get(name) ?? "none"}")`,
        );
    }
  };
  if (target === "ros1") {
    for (const [name, c] of Object.entries(yaml[robot.name] ?? {})) {
      const entry = c as { type: string; joint?: string };
      if (entry.joint === undefined) continue;
      const pkg = entry.type.split("_")[0] ?? "";
      claim(name, [entry.joint], pkg);
    }
  } else {
    for (const [name, block] of Object.entries(yaml)) {
      if (name === "controller_manager") continue;
      const p = (block as { ros__parameters: Record<string, unknown> }).ros__parameters;
      if (Array.isArray(p["joints"])) claim(name, p["joints"] as string[], String(p["interface_name"]));
      if (Array.isArray(p["wheel_names"])) claim(name, p["wheel_names"] as string[], "velocity");
      // Mobile-base controllers: wheels take velocity, steering joints position.
      for (const key of ["left_wheel_names", "right_wheel_names", "traction_joints_names", "rear_wheels_names"])
        if (Array.isArray(p[key])) claim(name, p[key] as string[], "velocity");
      for (const key of ["steering_joints_names", "front_wheels_names"])
        if (Array.isArray(p[key])) claim(name, p[key] as string[], "position");
      for (const [key, value] of Object.entries(p))
        if (key.endsWith("_wheel_command_joint_name") && typeof value === "string") claim(name, [value], "velocity");
    }
  }
  const extra = new Set<string>();
  if (target === "ros1") {
    const jsc = yaml[robot.name]?.["joint_state_controller"] as { extra_joints?: { name: string }[] } | undefined;
    for (const e of jsc?.extra_joints ?? [])
      if (exists(e.name, "joint_state_controller extra_joints")) extra.add(e.name);
  } else {
    const jsb = yaml["joint_state_broadcaster"] as { ros__parameters?: { extra_joints?: string[] } } | undefined;
    for (const name of jsb?.ros__parameters?.extra_joints ?? [])
      if (exists(name, "joint_state_broadcaster extra_joints")) extra.add(name);
  }
  for (const j of robot.joints ?? []) {
    if (j.type === "fixed" || j.type === "floating") continue;
    if (!hw.has(j.name) && !extra.has(j.name))
      problems.push(
        `joint "${j.name}" (${j.type}) has no state source: no interface in the URDF and not in the joint state broadcaster's extra_joints`,
      );
    if (hw.has(j.name) && extra.has(j.name))
      problems.push(`joint "${j.name}" is published twice (interface and extra_joints)`);
  }
  return problems;
}
