import type { Robot } from "../../model/Robot.js";
import { packageName } from "../gazebo/packageName.js";
import { renderTemplate } from "../gazebo/renderTemplate.js";
import { sensorTopic } from "../gazebo/sensorNames.js";
import { DISTRO_FACTS, type RosPlatform } from "../gazebo/RosDistro.js";
import type { SimTarget } from "../gazebo/SimTarget.js";
import type { ControllerPlan } from "../ros2-control/ControllerSpec.js";
import { controllerPlan } from "../ros2-control/controllerPlan.js";
import { controllersYamlPath } from "../ros2-control/emitControllersYaml.js";
import { generatedBy } from "../xml/generatedBy.js";
import { serializeXml, xmlDocument } from "../xml/xmlDocument.js";
import { rvizConfigPath } from "./emitRvizConfig.js";
import { assertNever } from "../../util/assertNever.js";

/** Path of the launch file inside the package. */
export function launchPath(robot: Robot, target: SimTarget): string {
  return target === "ros1"
    ? `launch/${robot.name}_gazebo.launch`
    : `launch/${robot.name}_${target === "gz" ? "gz" : "gazebo"}.launch.py`;
}

/** Path of the display launch file (robot_state_publisher, joint_state_publisher(_gui), RViz) inside the package. */
export function displayLaunchPath(target: SimTarget): string {
  return target === "ros1" ? "launch/display.launch" : "launch/display.launch.py";
}

/** Path of the world file inside the package. */
export function worldPath(robot: Robot): string {
  return `worlds/${robot.name}.world`;
}

/** Python string literal of a text (JSON strings are valid Python literals). */
function py(text: string): string {
  return JSON.stringify(text);
}

/**
 * ros_gz_bridge specs for the robot's sensors (gz → ROS) and the clock; `@` separates the
 * topic from the ROS and gz types, `[` is gz → ROS.
 */
export function bridgeSpecs(robot: Robot): string[] {
  const out = ["/clock@rosgraph_msgs/msg/Clock[gz.msgs.Clock"];
  for (const link of robot.links) {
    for (const s of link.sensors ?? []) {
      const t = sensorTopic(s);
      switch (s.type) {
        case "imu":
          out.push(`${t}@sensor_msgs/msg/Imu[gz.msgs.IMU`);
          break;
        case "gps":
          out.push(`${t}@sensor_msgs/msg/NavSatFix[gz.msgs.NavSat`);
          break;
        case "camera":
          out.push(
            `${t}/image_raw@sensor_msgs/msg/Image[gz.msgs.Image`,
            `${t}/camera_info@sensor_msgs/msg/CameraInfo[gz.msgs.CameraInfo`,
          );
          break;
        case "stereo":
          for (const side of ["left", "right"]) {
            out.push(
              `${t}/${side}/image_raw@sensor_msgs/msg/Image[gz.msgs.Image`,
              `${t}/${side}/camera_info@sensor_msgs/msg/CameraInfo[gz.msgs.CameraInfo`,
            );
          }
          break;
        case "lidar":
          out.push(
            s.vertical === undefined
              ? `${t}@sensor_msgs/msg/LaserScan[gz.msgs.LaserScan`
              : `${t}/points@sensor_msgs/msg/PointCloud2[gz.msgs.PointCloudPacked`,
          );
          break;
        case "range":
          out.push(`${t}@sensor_msgs/msg/LaserScan[gz.msgs.LaserScan`);
          break;
        case "contact":
          out.push(`${t}@ros_gz_interfaces/msg/Contacts[gz.msgs.Contacts`);
          break;
        default:
          assertNever(s, "sensor type");
      }
    }
  }
  return out;
}

/**
 * The package's simulation launch file: ROS 2 Python for `gz` (ros_gz_sim, clock and
 * sensor bridges) and `classic` (gazebo_ros), roslaunch XML for `ros1`. Each starts the
 * simulator with the package's world, robot_state_publisher, spawns the robot and starts
 * the controllers of the distro's plan.
 */
export function emitLaunch(robot: Robot, platform: RosPlatform): string {
  const { target, distro } = platform;
  const plan = controllerPlan(robot, target, distro);
  const pkg = packageName(robot);
  if (target === "ros1") return ros1Launch(robot, pkg, plan);
  const common = {
    header: generatedBy("launch", { target, distro }),
    package: py(pkg),
    urdf: py(`urdf/${robot.name}.urdf`),
    world: py(worldPath(robot)),
    controllerFile: py(controllersYamlPath(robot)),
    robot: py(robot.name),
    controllers: plan.controllers.map((c) => py(c.name)),
  };
  if (target === "gz") return renderTemplate("launch-gz", { ...common, bridges: bridgeSpecs(robot).map(py) });
  return renderTemplate("launch-classic", common);
}

/**
 * The display launch: robot_state_publisher with the URDF, joint_state_publisher_gui
 * (`gui:=false`: joint_state_publisher) publishing every non-fixed joint, passive ones
 * included, and RViz with the package's .rviz. No simulator.
 */
export function emitDisplayLaunch(robot: Robot, platform: RosPlatform): string {
  const { target, distro } = platform;
  const pkg = packageName(robot);
  const header = generatedBy("display launch", { target, distro });
  if (DISTRO_FACTS[distro].ros === 2) {
    return renderTemplate("launch-display", {
      header,
      package: py(pkg),
      urdf: py(`urdf/${robot.name}.urdf`),
      rvizConfig: py(rvizConfigPath(robot)),
    });
  }
  const doc = xmlDocument(header);
  const launch = doc.ele("launch");
  launch.ele("arg", {
    name: "gui",
    default: "true",
    doc: "joint sliders (joint_state_publisher_gui); false: joint_state_publisher",
  });
  launch.ele("param", { name: "robot_description", textfile: `$(find ${pkg})/urdf/${robot.name}.urdf` });
  launch.ele("node", {
    if: "$(arg gui)",
    name: "joint_state_publisher_gui",
    pkg: "joint_state_publisher_gui",
    type: "joint_state_publisher_gui",
  });
  launch.ele("node", {
    unless: "$(arg gui)",
    name: "joint_state_publisher",
    pkg: "joint_state_publisher",
    type: "joint_state_publisher",
  });
  launch.ele("node", { name: "robot_state_publisher", pkg: "robot_state_publisher", type: "robot_state_publisher" });
  launch.ele("node", {
    name: "rviz",
    pkg: "rviz",
    type: "rviz",
    args: `-d $(find ${pkg})/${rvizConfigPath(robot)}`,
    required: "true",
  });
  return serializeXml(doc);
}

function ros1Launch(robot: Robot, pkg: string, plan: ControllerPlan): string {
  const doc = xmlDocument(generatedBy("launch", { target: "ros1", distro: plan.distro }));
  const launch = doc.ele("launch");
  const include = launch.ele("include", { file: "$(find gazebo_ros)/launch/empty_world.launch" });
  include.ele("arg", { name: "world_name", value: `$(find ${pkg})/${worldPath(robot)}` });
  include.ele("arg", { name: "paused", value: "false" });
  // A plain URDF (no xacro macros, no $(find) on ROS 1): loaded as text.
  launch.ele("param", { name: "robot_description", textfile: `$(find ${pkg})/urdf/${robot.name}.urdf` });
  launch.ele("node", {
    name: "spawn_model",
    pkg: "gazebo_ros",
    type: "spawn_model",
    args: `-param robot_description -urdf -model ${robot.name}`,
    output: "screen",
  });
  launch.ele("rosparam", { file: `$(find ${pkg})/${controllersYamlPath(robot)}`, command: "load" });
  launch.ele("node", {
    name: "controller_spawner",
    pkg: "controller_manager",
    type: "spawner",
    ns: `/${robot.name}`,
    args: plan.controllers.map((c) => c.name).join(" "),
    output: "screen",
  });
  launch
    .ele("node", { name: "robot_state_publisher", pkg: "robot_state_publisher", type: "robot_state_publisher" })
    .ele("remap", { from: "/joint_states", to: `/${robot.name}/joint_states` });
  return serializeXml(doc);
}
