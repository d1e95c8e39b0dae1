import type { Robot } from "../../model/Robot.js";
import type { Artifact } from "../Artifact.js";
import type { EmitOptions } from "../emitFormats.js";
import { platformOf } from "../gazebo/RosDistro.js";
import { scaffoldingUrdfExtensions } from "../gazebo/scaffoldingUrdfExtensions.js";
import { controllersYamlPath, emitControllersYaml } from "../ros2-control/emitControllersYaml.js";
import { emitUrdf } from "../urdf/emitUrdf.js";
import { emitWorld } from "../world/emitWorld.js";
import { worldForRobot } from "../world/worldForRobot.js";
import { emitCMakeLists } from "./emitCMakeLists.js";
import { displayLaunchPath, emitDisplayLaunch, emitLaunch, launchPath, worldPath } from "./emitLaunch.js";
import { emitPackageReadme, PACKAGE_README } from "./emitPackageReadme.js";
import { emitRvizConfig, rvizConfigPath } from "./emitRvizConfig.js";
import { emitPackageXml } from "./packageXml.js";

/** Placeholder that keeps an otherwise empty installed directory in the package (CMake install needs it). */
export const PLACEHOLDER = ".gitkeep";

/** `urdf/<robot>.urdf` with the scaffolding extensions of `options.target` (default gz) and `options.distro`. */
export function urdfArtifact(robot: Robot, options: EmitOptions): Artifact {
  const platform = platformOf(options);
  return {
    path: `urdf/${robot.name}.urdf`,
    content: emitUrdf(robot, {
      extensions: scaffoldingUrdfExtensions(platform),
      stamp: { target: platform.target, distro: platform.distro },
    }),
  };
}

/**
 * The ROS package files besides the URDF, SDF model and MJCF: package.xml, CMakeLists.txt,
 * the controller YAML, the simulation and display launch files, the RViz configuration,
 * the world, a placeholder in meshes/ and README.md (build, launch, view, drive).
 */
export function packageArtifacts(robot: Robot, options: EmitOptions): Artifact[] {
  const platform = platformOf(options);
  return [
    { path: "package.xml", content: emitPackageXml(robot, platform) },
    { path: "CMakeLists.txt", content: emitCMakeLists(robot, platform) },
    { path: controllersYamlPath(robot), content: emitControllersYaml(robot, platform.target, platform.distro) },
    { path: launchPath(robot, platform.target), content: emitLaunch(robot, platform) },
    { path: displayLaunchPath(platform.target), content: emitDisplayLaunch(robot, platform) },
    { path: rvizConfigPath(robot), content: emitRvizConfig(robot, platform) },
    { path: worldPath(robot), content: emitWorld(worldForRobot(robot), platform.target, platform.distro) },
    { path: `meshes/${PLACEHOLDER}`, content: "" },
    { path: PACKAGE_README, content: emitPackageReadme(robot, platform) },
  ];
}
