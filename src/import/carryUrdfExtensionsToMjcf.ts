import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import type { Joint } from "../model/Joint.js";
import type { Robot } from "../model/Robot.js";
import type { Sensor } from "../model/Sensor.js";
import { readDeclaredActuators } from "../parse/readDeclaredActuators.js";
import { readSensorElement } from "../parse/readSensorElement.js";
import { readXml } from "../parse/readXml.js";
import { attr, childrenNamed, type XmlElement } from "../parse/XmlDocument.js";

/** What a URDF's extension blocks give its MJCF, and what they cannot. */
export interface MjcfCarry {
  /** The robot with the declared actuators and sensors on its joints and links. */
  readonly robot: Robot;
  /** Positioned (file:line:col): what is not carried, and how what is carried was read. */
  readonly losses: Diagnostic[];
}

/** `<gazebo reference>` children robokit reads elsewhere (surface friction and contact, in urdfToModel) or here. */
const READ_IN_GAZEBO = new Set(["sensor", "mu1", "mu2", "fdir1", "kp", "kd"]);

/**
 * The parts of a URDF's extension blocks MJCF can hold, put on the model for `emitMjcf`:
 * actuators from `<ros2_control>` and ROS 1 `<transmission>` ({@link readDeclaredActuators}) on
 * joints that have none yet, and sensors from `<gazebo reference="LINK"><sensor>`
 * ({@link readSensorElement}) on their links. Named, with file:line:col: Gazebo plugins
 * (EXTENSION_NOT_CARRIED: MuJoCo runs no Gazebo plugin), sensors with no MJCF counterpart or on a
 * missing link, actuators on joints MJCF cannot drive, and other `<gazebo reference>` settings.
 *
 * @param text - the URDF text (xacro already expanded); `file` names it in the diagnostics.
 * @param robot - the model the URDF reader made of the same text.
 */
export function carryUrdfExtensionsToMjcf(text: string, file: string, robot: Robot): MjcfCarry {
  const root = readXml(text, file).document.root;
  if (root === undefined || root.name !== "robot") return { robot, losses: [] };
  const losses: Diagnostic[] = [];
  const at = (
    el: XmlElement,
    severity: "warning" | "info",
    message: string,
    code: Diagnostic["code"] = "FEATURE_UNSUPPORTED",
  ): void => {
    losses.push({ code, severity, message, file, line: el.line, column: el.column });
  };
  const declared = readDeclaredActuators(root, file);
  losses.push(...declared.diagnostics);
  const joints = (robot.joints ?? []).map((j): Joint => {
    const a = declared.actuators.get(j.name);
    if (a === undefined || j.actuator !== undefined) return j;
    if (j.type === "revolute" || j.type === "continuous" || j.type === "prismatic") return { ...j, actuator: a };
    return j;
  });
  for (const [name] of declared.actuators) {
    const j = robot.joints?.find((x) => x.name === name);
    if (j === undefined || (j.type !== "revolute" && j.type !== "continuous" && j.type !== "prismatic"))
      losses.push({
        code: "FEATURE_UNSUPPORTED",
        severity: "warning",
        file,
        message: `ros2_control or transmission joint "${name}" is ${j === undefined ? "not a joint of the robot" : `a ${j.type} joint`}; MJCF actuators drive one-axis joints only, so it gets none`,
      });
  }
  const sensors = new Map<string, Sensor[]>();
  const names = new Set(robot.links.flatMap((l) => (l.sensors ?? []).map((s) => s.name)));
  const links = new Set(robot.links.map((l) => l.name));
  for (const g of childrenNamed(root, "gazebo")) {
    const ref = attr(g, "reference");
    for (const p of collectPlugins(g))
      at(
        p,
        "warning",
        `Gazebo plugin "${attr(p, "name") ?? ""}" (${attr(p, "filename") ?? "no filename"}) is not carried: MuJoCo runs no Gazebo plugin`,
        "EXTENSION_NOT_CARRIED",
      );
    for (const s of childrenNamed(g, "sensor")) {
      const read = readSensorElement(s);
      const label = `sensor "${attr(s, "name") ?? ""}"`;
      if ("unsupported" in read) at(s, "warning", `${label}: ${read.unsupported}; not carried`);
      else if (ref === undefined || !links.has(ref))
        at(s, "warning", `${label} is on "${ref ?? ""}", which is not a link of the robot; not carried`);
      else if (names.has(read.sensor.name)) at(s, "warning", `${label}: another sensor has this name; not carried`);
      else {
        names.add(read.sensor.name);
        const list = sensors.get(ref);
        if (list === undefined) sensors.set(ref, [read.sensor]);
        else list.push(read.sensor);
      }
    }
    const other = [...new Set(g.children.map((c) => c.name).filter((n) => !READ_IN_GAZEBO.has(n) && n !== "plugin"))];
    if (other.length > 0)
      at(
        g,
        "info",
        `<gazebo${ref === undefined ? "" : ` reference="${ref}"`}> settings ${other.map((n) => `<${n}>`).join(", ")} are Gazebo's; MJCF does not carry them`,
        "EXTENSION_NOT_CARRIED",
      );
  }
  const withSensors = robot.links.map((l) => {
    const add = sensors.get(l.name);
    return add === undefined ? l : { ...l, sensors: [...(l.sensors ?? []), ...add] };
  });
  return { robot: { ...robot, links: withSensors, ...(joints.length > 0 ? { joints } : {}) }, losses };
}

/** `<plugin>` elements anywhere in a `<gazebo>` block (its own, and its sensors'). */
function collectPlugins(el: XmlElement): XmlElement[] {
  return el.children.flatMap((c) => (c.name === "plugin" ? [c] : collectPlugins(c)));
}
