import { LAZY_SUBTREE, readXml } from "../../parse/readXml.js";
import { attr, childrenNamed } from "../../parse/XmlDocument.js";

/** The interfaces a `<ros2_control>` block declares for one joint. */
export interface JointInterfaces {
  readonly command: ReadonlySet<string>;
  readonly state: ReadonlySet<string>;
}

/**
 * The joints of a URDF's `<ros2_control>` blocks (every `<system>`, `<actuator>` and `<sensor>`
 * block) with their command and state interfaces; undefined when the robot has no such block
 * (an SDF robot, or a URDF without ros2_control).
 */
export function readRos2ControlInterfaces(text: string, file: string): Map<string, JointInterfaces> | undefined {
  // Only the <ros2_control> blocks are visited, once: links and joints stay unread text.
  const root = readXml(text, file, { lazyBelow: LAZY_SUBTREE, tolerate: "urdfdom" }).document.root;
  if (root === undefined || root.name !== "robot") return undefined;
  const blocks = childrenNamed(root, "ros2_control");
  if (blocks.length === 0) return undefined;
  const joints = new Map<string, { command: Set<string>; state: Set<string> }>();
  for (const block of blocks) {
    for (const joint of childrenNamed(block, "joint")) {
      const name = attr(joint, "name");
      if (name === undefined) continue;
      const entry = joints.get(name) ?? { command: new Set<string>(), state: new Set<string>() };
      for (const c of childrenNamed(joint, "command_interface")) entry.command.add(attr(c, "name") ?? "");
      for (const s of childrenNamed(joint, "state_interface")) entry.state.add(attr(s, "name") ?? "");
      joints.set(name, entry);
    }
  }
  return joints;
}
