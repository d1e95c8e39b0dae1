import type { InterfaceKind } from "../../model/Actuator.js";
import type { Robot } from "../../model/Robot.js";
import type { SimTarget } from "../gazebo/SimTarget.js";
import { num, type XmlOutElement } from "../xml/xmlDocument.js";
import { controlledJoints, type ControlledJoint } from "./controlledJoints.js";
import { assertNever } from "../../util/assertNever.js";

/** The ros2_control hardware plugin class per ROS 2 target (gz names from Humble on). */
export function hardwarePlugin(target: "gz" | "classic"): string {
  switch (target) {
    case "gz":
      return "gz_ros2_control/GazeboSimSystem";
    case "classic":
      return "gazebo_ros2_control/GazeboSystem";
    default:
      assertNever(target, "simulation target");
  }
}

/**
 * Appends the `<ros2_control type="system">` block: the target's hardware plugin and, per
 * actuated joint, its command interface (with min/max from the joint limits) and state
 * interfaces (position state with the actuator's initial value), each with min/max from the
 * joint's position, velocity or effort limit. ROS 1 has none.
 */
export function writeRos2ControlBlock(robotElement: XmlOutElement, robot: Robot, target: SimTarget): void {
  if (target === "ros1") return;
  const block = robotElement.ele("ros2_control", {
    name: target === "gz" ? "GazeboSimSystem" : "GazeboSystem",
    type: "system",
  });
  block.ele("hardware").ele("plugin").txt(hardwarePlugin(target));
  for (const c of controlledJoints(robot)) {
    const el = block.ele("joint", { name: c.joint.name });
    const cmd = el.ele("command_interface", { name: c.command });
    const range = commandRange(c);
    if (range !== undefined) {
      cmd.ele("param", { name: "min" }).txt(num(range[0]));
      cmd.ele("param", { name: "max" }).txt(num(range[1]));
    }
    for (const s of c.states) {
      const st = el.ele("state_interface", { name: s });
      if (s === "position" && c.actuator.initialValue !== undefined && c.command === "position")
        st.ele("param", { name: "initial_value" }).txt(num(c.actuator.initialValue));
      // Every limit of the joint, not only the commanded one's (ros2_control reads min/max
      // on state interfaces as well).
      const limits = interfaceRange(c, s);
      if (limits !== undefined) {
        st.ele("param", { name: "min" }).txt(num(limits[0]));
        st.ele("param", { name: "max" }).txt(num(limits[1]));
      }
    }
  }
}

/** Command limits from the joint: position → [lower, upper], velocity → ±velocity, effort → ±effort. */
export function commandRange(c: ControlledJoint): readonly [number, number] | undefined {
  return interfaceRange(c, c.command);
}

/** Limits of one interface of the joint: position → [lower, upper], velocity → ±velocity, effort → ±effort. */
export function interfaceRange(c: ControlledJoint, kind: InterfaceKind): readonly [number, number] | undefined {
  const j = c.joint;
  const limit = j.type === "revolute" || j.type === "prismatic" || j.type === "continuous" ? j.limit : undefined;
  if (limit === undefined) return undefined;
  switch (kind) {
    case "position":
      return j.type === "revolute" || j.type === "prismatic" ? [j.limit.lower, j.limit.upper] : undefined;
    case "velocity":
      return [-limit.velocity, limit.velocity];
    case "effort":
      return [-limit.effort, limit.effort];
    default:
      assertNever(kind, "command interface");
  }
}
