import { stringify } from "yaml";

import { rootLink } from "../../model/linkPoses.js";
import type { Robot } from "../../model/Robot.js";
import { DISTRO_FACTS, type RosPlatform } from "../gazebo/RosDistro.js";
import { generatedBy } from "../xml/generatedBy.js";
import { sensorStreams, type StreamKind } from "./sensorStreams.js";
import { assertNever } from "../../util/assertNever.js";

/** Path of the RViz configuration inside the package. */
export function rvizConfigPath(robot: Robot): string {
  return `rviz/${robot.name}.rviz`;
}

/** RViz display class per stream kind (RViz 2 names; RViz 1 swaps the prefix), undefined: no built-in display. */
function displayClass(kind: StreamKind): string | undefined {
  switch (kind) {
    case "image":
      return "Image";
    case "laser_scan":
      return "LaserScan";
    case "point_cloud":
      return "PointCloud2";
    case "range":
      return "Range";
    case "imu":
    case "navsat":
    case "contacts":
      return undefined;
    default:
      assertNever(kind, "stream kind");
  }
}

/**
 * The RViz configuration (YAML) of the display launch: fixed frame = the root link, a
 * grid, the robot model (from `/robot_description`), TF with frame names, and one display
 * per sensor stream: Image, LaserScan, PointCloud2, Range, and rviz_imu_plugin's Imu for
 * IMUs. NavSatFix and contacts have no RViz display; the GPS and contact sensors show as
 * their TF frames. RViz 2 (`rviz_default_plugins/…`) or RViz 1 (`rviz/…`) class names by
 * distro.
 */
export function emitRvizConfig(robot: Robot, platform: RosPlatform): string {
  const ros2 = DISTRO_FACTS[platform.distro].ros === 2;
  const cls = (name: string): string => (ros2 ? `rviz_default_plugins/${name}` : `rviz/${name}`);
  const topic = (value: string): Record<string, unknown> =>
    ros2 ? { Topic: { Value: value, Depth: 5, Reliability: "Best Effort" } } : { Topic: value };
  const fixed = rootLink(robot) ?? "base_link";
  const displays: Record<string, unknown>[] = [
    {
      Class: cls("Grid"),
      Name: "Grid",
      Enabled: true,
      "Reference Frame": "<Fixed Frame>",
      "Cell Size": 0.5,
      "Plane Cell Count": 10,
    },
    ros2
      ? {
          Class: cls("RobotModel"),
          Name: "RobotModel",
          Enabled: true,
          "Description Source": "Topic",
          "Description Topic": { Value: "/robot_description" },
          "Visual Enabled": true,
          "Collision Enabled": false,
        }
      : {
          Class: cls("RobotModel"),
          Name: "RobotModel",
          Enabled: true,
          "Robot Description": "robot_description",
          "Visual Enabled": true,
          "Collision Enabled": false,
        },
    {
      Class: cls("TF"),
      Name: "TF",
      Enabled: true,
      "Show Names": true,
      "Show Axes": true,
      "Show Arrows": false,
      "Marker Scale": 0.3,
    },
  ];
  for (const s of sensorStreams(robot, platform.target)) {
    const name = `${s.sensor} ${s.topic}`;
    if (s.kind === "imu") {
      displays.push({
        Class: "rviz_imu_plugin/Imu",
        Name: name,
        Enabled: true,
        ...(ros2 ? { Topic: { Value: s.topic } } : { Topic: s.topic }),
      });
      continue;
    }
    const c = displayClass(s.kind);
    if (c === undefined) continue;
    const imageTopic = ros2 ? topic(s.topic) : { "Image Topic": s.topic };
    displays.push({ Class: cls(c), Name: name, Enabled: true, ...(s.kind === "image" ? imageTopic : topic(s.topic)) });
  }
  const config = {
    Panels: [{ Class: ros2 ? "rviz_common/Displays" : "rviz/Displays", Name: "Displays" }],
    "Visualization Manager": {
      Class: "",
      Displays: displays,
      Enabled: true,
      "Global Options": { "Fixed Frame": fixed, "Frame Rate": 30, "Background Color": "48; 48; 48" },
      Tools: [{ Class: cls("Interact") }, { Class: cls("MoveCamera") }, { Class: cls("Select") }],
      Views: {
        Current: {
          Class: cls("Orbit"),
          Name: "Current View",
          Distance: 2.0,
          "Focal Point": { X: 0, Y: 0, Z: 0.2 },
          Pitch: 0.45,
          Yaw: 0.8,
          "Target Frame": "<Fixed Frame>",
        },
        Saved: null,
      },
    },
    "Window Geometry": { Width: 1200, Height: 800 },
  };
  return `# ${generatedBy("rviz config", { target: platform.target, distro: platform.distro })}\n${stringify(config, { indent: 2, lineWidth: 0 })}`;
}
