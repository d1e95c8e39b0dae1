import type { Robot } from "../../model/Robot.js";
import { packageName } from "../gazebo/packageName.js";
import type { RosPlatform } from "../gazebo/RosDistro.js";
import { generatedBy } from "../xml/generatedBy.js";
import { INSTALLED_DIRECTORIES } from "./packageLayout.js";

/** CMakeLists.txt: ament_cmake (ROS 2) or catkin (ROS 1), installing the package's data directories. */
export function emitCMakeLists(robot: Robot, platform: RosPlatform): string {
  const { target, distro } = platform;
  const dirs = INSTALLED_DIRECTORIES.join(" ");
  const lines =
    target === "ros1"
      ? [
          "cmake_minimum_required(VERSION 3.0.2)",
          `project(${packageName(robot)})`,
          "find_package(catkin REQUIRED)",
          "catkin_package()",
          `install(DIRECTORY ${dirs} DESTINATION \${CATKIN_PACKAGE_SHARE_DESTINATION})`,
        ]
      : [
          "cmake_minimum_required(VERSION 3.10)",
          `project(${packageName(robot)})`,
          "find_package(ament_cmake REQUIRED)",
          `install(DIRECTORY ${dirs} DESTINATION share/\${PROJECT_NAME})`,
          "ament_package()",
        ];
  return `# ${generatedBy("CMakeLists.txt", { target, distro })}\n${lines.join("\n")}\n`;
}
