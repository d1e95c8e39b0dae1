/**
 * Names robokit gives to MJCF elements that have no name in the robot model. The
 * simulator looks elements up by these names, so emitter and simulator share them.
 */
export const mjcfNames = {
  /** The free joint that lets the root body move. */
  freeJoint: "root_free",
  /** The ground plane geom. */
  floor: "floor",
  /** Actuator driving `joint` with the given command interface, e.g. "motor1_velocity". */
  actuator: (joint: string, command: string): string => `${joint}_${command}`,
  /** Custom numeric carrying a joint's velocity limit (MJCF has no joint velocity limit). */
  velocityLimit: (joint: string): string => `velocity_limit:${joint}`,
  /** Site carrying a sensor's frame. */
  sensorSite: (sensor: string): string => `${sensor}_site`,
  /** One channel of a sensor, e.g. "imu_gyro". */
  sensorChannel: (
    sensor: string,
    channel: "gyro" | "accelerometer" | "framequat" | "framepos" | "framelinvel" | "rangefinder",
  ): string => `${sensor}_${channel}`,
  /** Camera of a camera sensor; stereo pairs get "_left" and "_right". */
  camera: (sensor: string, side?: "left" | "right"): string => (side === undefined ? sensor : `${sensor}_${side}`),
} as const;
