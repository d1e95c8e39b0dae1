import type { InterfaceKind } from "../../model/Actuator.js";
import type { ControlledJoint } from "./controlledJoints.js";
import { assertNever } from "../../util/assertNever.js";

/**
 * The ROS 1 hardware interface of an actuated joint: effort when the actuator has PID gains
 * and a position or velocity command (an effort_controllers PID closes the loop, as on the
 * real servo), otherwise the command interface itself.
 */
export function ros1HardwareInterface(c: ControlledJoint): InterfaceKind {
  return c.actuator.pid !== undefined ? "effort" : c.command;
}

/** `hardware_interface/<Kind>JointInterface` for a ROS 1 transmission. */
export function ros1HardwareInterfaceName(kind: InterfaceKind): string {
  switch (kind) {
    case "position":
      return "hardware_interface/PositionJointInterface";
    case "velocity":
      return "hardware_interface/VelocityJointInterface";
    case "effort":
      return "hardware_interface/EffortJointInterface";
    default:
      assertNever(kind, "command interface");
  }
}
