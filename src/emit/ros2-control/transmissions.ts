import type { Robot } from "../../model/Robot.js";
import { num, type XmlOutElement } from "../xml/xmlDocument.js";
import { controlledJoints } from "./controlledJoints.js";
import { ros1HardwareInterface, ros1HardwareInterfaceName } from "./ros1HardwareInterface.js";

/**
 * Appends one ROS 1 `<transmission>` (transmission_interface/SimpleTransmission) per
 * actuated joint, with the joint-level hardware interface gazebo_ros_control reads and the
 * actuator's mechanical reduction.
 */
export function writeTransmissions(robotElement: XmlOutElement, robot: Robot): void {
  for (const c of controlledJoints(robot)) {
    const t = robotElement.ele("transmission", { name: `${c.joint.name}_transmission` });
    t.ele("type").txt("transmission_interface/SimpleTransmission");
    const hw = ros1HardwareInterfaceName(ros1HardwareInterface(c));
    t.ele("joint", { name: c.joint.name }).ele("hardwareInterface").txt(hw);
    const act = t.ele("actuator", { name: `${c.joint.name}_motor` });
    act.ele("hardwareInterface").txt(hw);
    act.ele("mechanicalReduction").txt(num(c.actuator.mechanicalReduction ?? 1));
  }
}
