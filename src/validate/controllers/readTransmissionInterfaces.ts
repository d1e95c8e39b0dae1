import type { InterfaceKind } from "../../model/Actuator.js";
import { readXml } from "../../parse/readXml.js";
import { attr, childrenNamed } from "../../parse/XmlDocument.js";

const KINDS: Readonly<Record<string, InterfaceKind>> = {
  PositionJointInterface: "position",
  VelocityJointInterface: "velocity",
  EffortJointInterface: "effort",
};

/** `hardware_interface/VelocityJointInterface` or `VelocityJointInterface` (or a ros2_control name), as a kind. */
function kindOf(text: string): InterfaceKind | undefined {
  const name = text.trim().split("/").pop() ?? "";
  return KINDS[name] ?? (name === "position" || name === "velocity" || name === "effort" ? name : undefined);
}

/**
 * The command interfaces a URDF's ROS 1 `<transmission>` elements give each joint: the
 * `<hardwareInterface>` of the transmission's `<joint>` (or, in the oldest form, of its
 * `<actuator>`), as gazebo_ros_control and ros_control read them. Undefined when the robot has
 * no `<transmission>` (an SDF robot, or a URDF without them).
 */
export function readTransmissionInterfaces(text: string, file: string): Map<string, Set<InterfaceKind>> | undefined {
  const root = readXml(text, file, { tolerate: "urdfdom" }).document.root;
  if (root === undefined || root.name !== "robot") return undefined;
  const transmissions = childrenNamed(root, "transmission");
  if (transmissions.length === 0) return undefined;
  const out = new Map<string, Set<InterfaceKind>>();
  for (const t of transmissions) {
    const actuatorKinds = childrenNamed(t, "actuator").flatMap((a) =>
      childrenNamed(a, "hardwareInterface").map((h) => kindOf(h.text)),
    );
    for (const joint of childrenNamed(t, "joint")) {
      const name = attr(joint, "name");
      if (name === undefined) continue;
      const own = childrenNamed(joint, "hardwareInterface").map((h) => kindOf(h.text));
      const kinds = out.get(name) ?? new Set<InterfaceKind>();
      for (const k of own.length > 0 ? own : actuatorKinds) if (k !== undefined) kinds.add(k);
      out.set(name, kinds);
    }
  }
  return out;
}
