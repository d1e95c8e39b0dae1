import type { Robot } from "../../model/Robot.js";

/** The ROS package name of a robot: `package.name`, else `<robot>_description`. */
export function packageName(robot: Robot): string {
  return robot.package?.name ?? `${robot.name}_description`;
}
