import type { Robot } from "../../model/Robot.js";
import { sensorFrame, sensorTopic } from "../gazebo/sensorNames.js";
import type { SimTarget } from "../gazebo/SimTarget.js";
import { assertNever } from "../../util/assertNever.js";

/** The ROS message a sensor stream carries (what RViz needs to show it). */
export type StreamKind = "image" | "imu" | "navsat" | "laser_scan" | "point_cloud" | "range" | "contacts";

/** One ROS topic a simulated sensor publishes. */
export interface SensorStream {
  /** Sensor name in the model. */
  readonly sensor: string;
  readonly kind: StreamKind;
  /** Absolute ROS topic. */
  readonly topic: string;
  /** frame_id of the messages (REP-105: the sensor's link, unless the model names another). */
  readonly frame: string;
}

/**
 * Every ROS topic the robot's simulated sensors publish on a target, as the plugins name
 * them: gz via ros_gz_bridge (`<topic>`, cameras `<topic>/image_raw`, stereo
 * `<topic>/{left,right}/image_raw`, 3-D lidar `<topic>/points`); Classic's gazebo_ros
 * plugins (`camera_name` = topic: `<topic>/image_raw`, multicamera `<topic>/left/image_raw`;
 * ray and IMU remapped to `<topic>`); ROS 1 (cameraName = topic, same layout; hector GPS
 * `<topic>`). The .rviz file and the tests read this one list.
 */
export function sensorStreams(robot: Robot, target: SimTarget): SensorStream[] {
  const out: SensorStream[] = [];
  for (const link of robot.links) {
    for (const s of link.sensors ?? []) {
      const t = `/${sensorTopic(s).replace(/^\/+/, "")}`;
      const frame = sensorFrame(s, link.name);
      const add = (kind: StreamKind, topic: string): void => {
        out.push({ sensor: s.name, kind, topic, frame });
      };
      switch (s.type) {
        case "imu":
          add("imu", t);
          break;
        case "gps":
          add("navsat", t);
          break;
        case "camera":
          add("image", `${t}/image_raw`);
          break;
        case "stereo":
          add("image", `${t}/left/image_raw`);
          add("image", `${t}/right/image_raw`);
          break;
        case "lidar":
          if (s.vertical === undefined) add("laser_scan", t);
          else add("point_cloud", target === "gz" ? `${t}/points` : t);
          break;
        case "range":
          add(target === "gz" ? "laser_scan" : "range", t);
          break;
        case "contact":
          add("contacts", t);
          break;
        default:
          assertNever(s, "sensor type");
      }
    }
  }
  return out;
}
