import type { JointActuator } from "../model/Actuator.js";
import type { Drive } from "../model/Drive.js";
import type { Joint } from "../model/Joint.js";
import type { Robot } from "../model/Robot.js";
import type { XmlBlock } from "../model/XmlBlock.js";
import { parseXacroXml } from "../parse/xacro/parseXacroXml.js";
import { attribute, childElement, childElements, elementText } from "./generated/xacroElements.js";

/** A joint the drive moves and the command its controller writes. */
export interface DrivenJoint {
  readonly joint: string;
  readonly command: "velocity" | "position";
}

/** The imported robot with its controllers' drive, or why it cannot take it. */
export type WithControllerDrive =
  | { readonly ok: true; readonly robot: Robot; readonly notes: readonly string[] }
  | { readonly ok: false; readonly problem: string };

/** The joints a kept `<ros2_control>` block declares, with its name and hardware plugin; undefined for another block. */
function ros2ControlJoints(xml: string): { name: string; plugin: string; joints: string[] } | undefined {
  const parsed = parseXacroXml(xml, "block.xml");
  if ("error" in parsed || parsed.root.name !== "ros2_control") return undefined;
  const hardware = childElement(parsed.root, "hardware");
  const plugin = hardware === undefined ? undefined : childElement(hardware, "plugin");
  return {
    name: attribute(parsed.root, "name") ?? "",
    plugin: plugin === undefined ? "" : elementText(plugin).trim(),
    joints: childElements(parsed.root, "joint").flatMap((j) => attribute(j, "name") ?? []),
  };
}

/**
 * An imported robot with the drive its controllers give it: `drive` set, and on each joint the
 * drive moves the actuator its controller commands, so that `robokit build` writes the
 * controller and its `<ros2_control>` block from the model. A `<ros2_control>` block the import
 * kept verbatim that declares only the drive's joints gives way to the one robokit writes (its
 * hardware plugin and parameters are named in a note, as a loss); one that mixes them with other
 * joints is refused, since both blocks would claim the same joints.
 */
export function withControllerDrive(robot: Robot, drive: Drive, joints: readonly DrivenJoint[]): WithControllerDrive {
  const commands = new Map(joints.map((j) => [j.joint, j.command] as const));
  const notes: string[] = [];
  const kept: XmlBlock[] = [];
  for (const block of robot.xmlBlocks ?? []) {
    const declared = block.format === "urdf" ? ros2ControlJoints(block.xml) : undefined;
    const driven = declared?.joints.filter((j) => commands.has(j)) ?? [];
    if (declared === undefined || driven.length === 0) {
      kept.push(block);
      continue;
    }
    if (driven.length !== declared.joints.length)
      return {
        ok: false,
        problem: `the <ros2_control> block "${declared.name}" declares the drive's joints (${driven.join(", ")}) with others (${declared.joints.filter((j) => !commands.has(j)).join(", ")}); robokit would write a second block claiming the drive's joints`,
      };
    notes.push(
      `<ros2_control> block "${declared.name}" (hardware ${declared.plugin === "" ? "unnamed" : declared.plugin}) is not carried: robokit writes the drive's block from the actuators, with its simulator's hardware plugin; the block's own plugin and parameters are lost`,
    );
  }
  const withActuators = (robot.joints ?? []).map((j): Joint => {
    const command = commands.get(j.name);
    if (command === undefined || j.actuator?.command === command) return j;
    const actuator: JointActuator = { command };
    return { ...j, actuator } as Joint;
  });
  const { xmlBlocks: _blocks, ...rest } = robot;
  return {
    ok: true,
    robot: { ...rest, joints: withActuators, drive, ...(kept.length === 0 ? {} : { xmlBlocks: kept }) },
    notes,
  };
}
