import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import type { InterfaceKind, JointActuator } from "../model/Actuator.js";
import { attr, child, childrenNamed, childText, type XmlElement } from "./XmlDocument.js";

/** Actuators a URDF declares, by joint name, and what could not be read as one. */
export interface DeclaredActuators {
  readonly actuators: Map<string, JointActuator>;
  /** Positioned notes: extra command interfaces left out, unknown interfaces. */
  readonly diagnostics: Diagnostic[];
}

const KINDS: readonly InterfaceKind[] = ["position", "velocity", "effort"];

/** A ROS 1 hardware interface (`hardware_interface/PositionJointInterface`, or the bare name) as a command kind. */
function rosHardwareInterface(text: string | undefined): InterfaceKind | undefined {
  const bare = text?.trim().split("/").pop();
  return KINDS.find((k) => bare === `${k[0]!.toUpperCase()}${k.slice(1)}JointInterface`);
}

/**
 * The joints a URDF says are driven, read from its `<ros2_control>` blocks (a `<joint>` and its
 * `<command_interface name="position|velocity|effort">`; the first one declared when there are
 * several, as a controller claims one; a `<transmission>` inside gives the reduction) and from
 * ROS 1 `<transmission>` elements (the joint's `<hardwareInterface>`, the actuator's
 * `<mechanicalReduction>`). ros2_control wins when both name a joint. PID gains are in neither,
 * so they stay unset. Diagnostics carry file:line:col.
 *
 * @param root - the URDF `<robot>` element, as readXml gives it.
 */
export function readDeclaredActuators(root: XmlElement, file: string): DeclaredActuators {
  const actuators = new Map<string, JointActuator>();
  const diagnostics: Diagnostic[] = [];
  const note = (el: XmlElement, message: string): void => {
    diagnostics.push({
      code: "FEATURE_UNSUPPORTED",
      severity: "info",
      message,
      file,
      line: el.line,
      column: el.column,
    });
  };
  const reductions = new Map<string, number>();
  for (const t of [
    ...childrenNamed(root, "transmission"),
    ...childrenNamed(root, "ros2_control").flatMap((c) => childrenNamed(c, "transmission")),
  ])
    for (const j of childrenNamed(t, "joint")) {
      const name = attr(j, "name");
      const r = Number(
        childText(j, "mechanical_reduction") ??
          childrenNamed(t, "actuator").map(
            (a) => childText(a, "mechanicalReduction") ?? childText(a, "mechanical_reduction"),
          )[0] ??
          childText(t, "mechanicalReduction"),
      );
      if (name !== undefined && Number.isFinite(r) && r > 0 && !reductions.has(name)) reductions.set(name, r);
    }
  for (const control of childrenNamed(root, "ros2_control"))
    for (const j of childrenNamed(control, "joint")) {
      const name = attr(j, "name");
      const commands = childrenNamed(j, "command_interface");
      const kinds = commands.map((c) => KINDS.find((k) => k === attr(c, "name")));
      const first = kinds[0];
      if (name === undefined || commands.length === 0 || actuators.has(name)) continue;
      if (first === undefined) {
        note(
          commands[0]!,
          `joint "${name}": command interface "${attr(commands[0]!, "name") ?? ""}" is not position, velocity or effort; no actuator`,
        );
        continue;
      }
      if (commands.length > 1)
        note(
          commands[1]!,
          `joint "${name}": ${commands.length} command interfaces; the first, ${first}, drives it (one actuator per joint)`,
        );
      const r = reductions.get(name);
      actuators.set(name, { command: first, ...(r === undefined || r === 1 ? {} : { mechanicalReduction: r }) });
    }
  for (const t of childrenNamed(root, "transmission"))
    for (const j of childrenNamed(t, "joint")) {
      const name = attr(j, "name");
      if (name === undefined || actuators.has(name)) continue;
      const iface = childrenNamed(j, "hardwareInterface")[0] ?? child(t, "hardwareInterface");
      const kind = rosHardwareInterface(iface?.text);
      if (kind === undefined) {
        if (iface !== undefined)
          note(
            iface,
            `joint "${name}": hardware interface "${iface.text.trim()}" is not a position, velocity or effort joint interface; no actuator`,
          );
        continue;
      }
      const r = reductions.get(name);
      actuators.set(name, { command: kind, ...(r === undefined || r === 1 ? {} : { mechanicalReduction: r }) });
    }
  return { actuators, diagnostics };
}
