import type { Robot } from "../../model/Robot.js";
import type { RosDistro } from "../gazebo/RosDistro.js";
import type { SimTarget } from "../gazebo/SimTarget.js";
import { generatedBy } from "../xml/generatedBy.js";
import { controllerPlan } from "./controllerPlan.js";
import type { ControllerPlan } from "./ControllerSpec.js";
import { stringifyRosYaml } from "./rosYaml.js";

/** Path of the controller file inside the generated package. */
export function controllersYamlPath(robot: Robot): string {
  return `config/${robot.name}_controllers.yaml`;
}

/**
 * The controller configuration (YAML) for a robot and target, built as data and written by
 * the yaml package. ROS 2: types under controller_manager (every distro reads them there)
 * and each controller's parameters under its own `ros__parameters`. ROS 1: every
 * controller under the robot's namespace.
 */
export function emitControllersYaml(robot: Robot, target: SimTarget, distro?: RosDistro): string {
  return controllersYamlFromPlan(robot, controllerPlan(robot, target, distro));
}

/** {@link emitControllersYaml} from an already computed plan. */
export function controllersYamlFromPlan(robot: Robot, plan: ControllerPlan): string {
  const header = generatedBy("controllers yaml", { target: plan.target, distro: plan.distro });
  if (plan.target === "ros1") {
    const ns: Record<string, unknown> = {};
    for (const c of plan.controllers) ns[c.name] = { type: c.type, ...c.params };
    return stringifyRosYaml({ [robot.name]: ns }, header);
  }
  const manager: Record<string, unknown> = { update_rate: plan.updateRate };
  for (const c of plan.controllers) manager[c.name] = { type: c.type };
  const doc: Record<string, unknown> = { controller_manager: { ros__parameters: manager } };
  for (const c of plan.controllers) {
    if (Object.keys(c.params).length > 0) doc[c.name] = { ros__parameters: { ...c.params } };
  }
  return stringifyRosYaml(doc, header);
}
