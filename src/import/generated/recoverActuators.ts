import type { InterfaceKind, JointActuator } from "../../model/Actuator.js";
import type { XacroElement } from "../../parse/xacro/XacroNode.js";
import { DEFAULT_STATE_INTERFACES } from "../../emit/ros2-control/controlledJoints.js";
import { attribute, childElements, elementText } from "./xacroElements.js";

const KINDS: readonly InterfaceKind[] = ["position", "velocity", "effort"];

function interfaceKind(text: string | undefined): InterfaceKind | undefined {
  return KINDS.find((k) => k === text);
}

/**
 * The actuators a `<ros2_control>` block declares, by joint name: the command interface,
 * the state interfaces (left out when they are the default) and a position state's
 * `initial_value`. What the block does not hold (PID gains, reduction, FMU) stays unset.
 * A joint whose interfaces are not one command and known states gives no actuator.
 */
export function recoverActuators(block: XacroElement): Map<string, JointActuator> {
  const out = new Map<string, JointActuator>();
  for (const joint of childElements(block, "joint")) {
    const name = attribute(joint, "name");
    const commands = childElements(joint, "command_interface");
    const command = interfaceKind(
      commands.length === 1 && commands[0] !== undefined ? attribute(commands[0], "name") : undefined,
    );
    if (name === undefined || command === undefined) continue;
    const states: InterfaceKind[] = [];
    let initialValue: number | undefined;
    let known = true;
    for (const s of childElements(joint, "state_interface")) {
      const kind = interfaceKind(attribute(s, "name"));
      if (kind === undefined) known = false;
      else states.push(kind);
      for (const p of childElements(s, "param"))
        if (attribute(p, "name") === "initial_value" && kind === "position") initialValue = Number(elementText(p));
    }
    if (!known) continue;
    const isDefault =
      states.length === DEFAULT_STATE_INTERFACES.length && states.every((s, i) => s === DEFAULT_STATE_INTERFACES[i]);
    out.set(name, {
      command,
      ...(isDefault ? {} : { states }),
      ...(initialValue === undefined || !Number.isFinite(initialValue) ? {} : { initialValue }),
    });
  }
  return out;
}
