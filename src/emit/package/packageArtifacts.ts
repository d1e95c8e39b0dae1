import type { Robot } from "../../model/Robot.js";
import type { Artifact } from "../Artifact.js";
import type { EmitOptions } from "../emitFormats.js";
import { scaffoldingUrdfExtensions } from "../gazebo/scaffoldingUrdfExtensions.js";
import { parseSimTarget } from "../gazebo/SimTarget.js";
import { controllersYamlPath, emitControllersYaml } from "../ros2-control/emitControllersYaml.js";
import { emitUrdf } from "../urdf/emitUrdf.js";
import { emitWorld } from "../world/emitWorld.js";
import { worldForRobot } from "../world/worldForRobot.js";
import { emitCMakeLists } from "./emitCMakeLists.js";
import { emitLaunch, launchPath, worldPath } from "./emitLaunch.js";
import { emitPackageXml } from "./packageXml.js";

/** Placeholder that keeps an otherwise empty installed directory in the package (CMake install needs it). */
export const PLACEHOLDER = ".gitkeep";

/** `urdf/<robot>.urdf` with the scaffolding extensions of `options.target` (default gz). */
export function urdfArtifact(robot: Robot, options: EmitOptions): Artifact {
  const target = parseSimTarget(options.target);
  return { path: `urdf/${robot.name}.urdf`, content: emitUrdf(robot, { extensions: scaffoldingUrdfExtensions(target), stamp: { target } }) };
}

/**
 * The ROS package files besides the URDF and SDF model: package.xml, CMakeLists.txt, the
 * controller YAML, the launch file, the world, and a placeholder in meshes/.
 */
export function packageArtifacts(robot: Robot, options: EmitOptions): Artifact[] {
  const target = parseSimTarget(options.target);
  return [
    { path: "package.xml", content: emitPackageXml(robot, target) },
    { path: "CMakeLists.txt", content: emitCMakeLists(robot, target) },
    { path: controllersYamlPath(robot), content: emitControllersYaml(robot, target) },
    { path: launchPath(robot, target), content: emitLaunch(robot, target) },
    { path: worldPath(robot), content: emitWorld(worldForRobot(robot), target) },
    { path: `meshes/${PLACEHOLDER}`, content: "" },
  ];
}
