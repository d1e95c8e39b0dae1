import type { Sensor } from "../../model/Sensor.js";

/** The ROS / Gazebo topic of a sensor: its `topic`, else its name. */
export function sensorTopic(sensor: Sensor): string {
  return sensor.topic ?? sensor.name;
}

/** The frame_id stamped on a sensor's messages: its `frameId`, else its link's name. */
export function sensorFrame(sensor: Sensor, linkName: string): string {
  return sensor.frameId ?? linkName;
}

/** True when an IMU's noise has a drifting bias on any axis (hector plugin on Classic). */
export function imuHasDrift(sensor: Sensor): boolean {
  if (sensor.type !== "imu") return false;
  const axes = [sensor.angularVelocityNoise, sensor.linearAccelerationNoise];
  return axes.some((a) =>
    [a?.x, a?.y, a?.z].some((n) => (n?.dynamicBiasStddev ?? 0) > 0 && (n?.dynamicBiasCorrelationTime ?? 0) > 0),
  );
}
