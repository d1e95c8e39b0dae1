import type { GaussianNoise } from "./Noise.js";
import type { Pose } from "./Pose.js";

/** Per-axis noise of a 3-axis instrument (gyro, accelerometer). */
export interface AxesNoise {
  readonly x?: GaussianNoise;
  readonly y?: GaussianNoise;
  readonly z?: GaussianNoise;
}

/** Fields every sensor has. */
export interface SensorBase {
  /** Unique among the robot's sensors. */
  readonly name: string;
  /** `link_T_sensor`. Default identity. */
  readonly origin?: Pose;
  /** Hz, > 0. */
  readonly updateRate: number;
  /** ROS / Gazebo topic; default derived from the sensor name. */
  readonly topic?: string;
  /** frame_id stamped on messages; default the link name. */
  readonly frameId?: string;
  /** Default true. */
  readonly alwaysOn?: boolean;
  /** Show in the simulator GUI. Default false. */
  readonly visualize?: boolean;
}

/** Inertial measurement unit: gyro (rad/s) and accelerometer (m/s²), orientation. */
export interface ImuSensor extends SensorBase {
  readonly type: "imu";
  readonly angularVelocityNoise?: AxesNoise;
  readonly linearAccelerationNoise?: AxesNoise;
  /** Orientation noise (rad), applied equally to roll, pitch and yaw where supported. */
  readonly orientationNoise?: GaussianNoise;
}

/** Image and optics of a pinhole camera. */
export interface CameraOptics {
  /** Horizontal field of view (rad). */
  readonly horizontalFov: number;
  readonly width: number;
  readonly height: number;
  /** Pixel format, e.g. "R8G8B8" or "L8". Default "R8G8B8". */
  readonly format?: string;
  /** Near and far clip planes (m). */
  readonly near: number;
  readonly far: number;
  /** Per-pixel Gaussian noise, in [0, 1] intensity units. */
  readonly noise?: GaussianNoise;
}

/** A monocular camera; optical axis along the sensor frame's +x (Gazebo convention). */
export interface CameraSensor extends SensorBase, CameraOptics {
  readonly type: "camera";
}

/**
 * A stereo pair (ZED-like): the left camera at the sensor origin, the right camera
 * `baseline` metres along the sensor frame's −y.
 */
export interface StereoCameraSensor extends SensorBase, CameraOptics {
  readonly type: "stereo";
  /** Distance between the optical centres (m), > 0. */
  readonly baseline: number;
}

/** GNSS receiver (SDF `navsat`, Classic `gps`). Noise in m and m/s. */
export interface GpsSensor extends SensorBase {
  readonly type: "gps";
  readonly horizontalPositionNoise?: GaussianNoise;
  readonly verticalPositionNoise?: GaussianNoise;
  readonly horizontalVelocityNoise?: GaussianNoise;
  readonly verticalVelocityNoise?: GaussianNoise;
}

/** One scan dimension of a lidar. Angles in rad. */
export interface ScanAxis {
  readonly samples: number;
  readonly minAngle: number;
  readonly maxAngle: number;
  /** Default 1. */
  readonly resolution?: number;
}

/** 2-D (no `vertical`) or 3-D lidar; ranges in m. */
export interface LidarSensor extends SensorBase {
  readonly type: "lidar";
  readonly horizontal: ScanAxis;
  readonly vertical?: ScanAxis;
  readonly rangeMin: number;
  readonly rangeMax: number;
  /** Range resolution (m). */
  readonly rangeResolution?: number;
  readonly noise?: GaussianNoise;
}

/**
 * Short-range distance sensor (infrared or ultrasonic, e.g. Robotino's IR sensors):
 * a narrow cone along the sensor frame's +x reporting one range (m).
 */
export interface RangeSensor extends SensorBase {
  readonly type: "range";
  /** Emitter physics: "infrared" or "ultrasound" (ROS sensor_msgs/Range radiation_type). */
  readonly radiation: "infrared" | "ultrasound";
  /** Full opening angle of the cone (rad), > 0. */
  readonly fieldOfView: number;
  readonly rangeMin: number;
  readonly rangeMax: number;
  /** Rays across the cone in each direction; default 1 (a single beam). */
  readonly samples?: number;
  /** Range noise (m). */
  readonly noise?: GaussianNoise;
}

/**
 * Contact sensor (bumper): reports the contacts of its link's first collision. Leave that
 * collision unnamed so every simulator derives the same name for it (`<link>_collision`).
 */
export interface ContactSensor extends SensorBase {
  readonly type: "contact";
}

/** Every sensor kind, discriminated on `type`.
 *
 * @discriminator type
 */
export type Sensor =
  | ImuSensor
  | CameraSensor
  | StereoCameraSensor
  | GpsSensor
  | LidarSensor
  | RangeSensor
  | ContactSensor;
