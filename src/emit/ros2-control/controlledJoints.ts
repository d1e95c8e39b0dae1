import type { InterfaceKind, JointActuator } from "../../model/Actuator.js";
import type { Joint } from "../../model/Joint.js";
import type { Robot } from "../../model/Robot.js";

/** An actuated joint with the interfaces its actuator declares. */
export interface ControlledJoint {
  readonly joint: Joint;
  readonly actuator: JointActuator;
  readonly command: InterfaceKind;
  /** State interfaces, default ["position", "velocity"]. */
  readonly states: readonly InterfaceKind[];
}

/** Default state interfaces of an actuated joint. */
export const DEFAULT_STATE_INTERFACES: readonly InterfaceKind[] = ["position", "velocity"];

/**
 * The robot's actuated joints (those with `actuator`), in declaration order. Mimic joints
 * are left out: ros2_control forbids command interfaces on them.
 */
export function controlledJoints(robot: Robot): ControlledJoint[] {
  const out: ControlledJoint[] = [];
  for (const joint of robot.joints ?? []) {
    const actuator = joint.actuator;
    if (actuator === undefined) continue;
    if (
      (joint.type === "revolute" || joint.type === "continuous" || joint.type === "prismatic") &&
      joint.mimic !== undefined
    )
      continue;
    out.push({ joint, actuator, command: actuator.command, states: actuator.states ?? DEFAULT_STATE_INTERFACES });
  }
  return out;
}
