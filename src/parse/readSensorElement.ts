import type { GaussianNoise } from "../model/Noise.js";
import type { Pose } from "../model/Pose.js";
import type { Sensor, SensorBase } from "../model/Sensor.js";
import { attr, child, childText, type XmlElement } from "./XmlDocument.js";

/** A `<sensor>` read, or why it is not one robokit's model holds. */
export type SensorReading = { readonly sensor: Sensor } | { readonly unsupported: string };

/** SDFormat's defaults for what a sensor element may leave out (sensor.sdf, camera.sdf, ray.sdf). */
const SDF_SENSOR_DEFAULTS = {
  /** Hz; SDF's 0 means "as fast as possible", which the model writes as the simulator's rate. */
  updateRate: 1000,
  horizontalFov: 1.047,
  width: 320,
  height: 240,
  near: 0.1,
  far: 100,
  samples: 640,
  rangeMin: 0,
  rangeMax: 10,
} as const;

function num(el: XmlElement | undefined, name: string): number | undefined {
  const text = el === undefined ? undefined : childText(el, name);
  const v = text === undefined ? Number.NaN : Number(text);
  return Number.isFinite(v) ? v : undefined;
}

function pose(el: XmlElement): Pose | undefined {
  const v = childText(el, "pose")?.split(/\s+/).map(Number);
  if (v === undefined || v.length !== 6 || v.some((x) => !Number.isFinite(x))) return undefined;
  return { xyz: [v[0]!, v[1]!, v[2]!], rpy: [v[3]!, v[4]!, v[5]!] };
}

function noise(el: XmlElement | undefined): GaussianNoise | undefined {
  const n = el === undefined ? undefined : child(el, "noise");
  const stddev = num(n, "stddev");
  const mean = num(n, "mean");
  return stddev === undefined ? undefined : { stddev, ...(mean === undefined || mean === 0 ? {} : { mean }) };
}

/**
 * One Gazebo `<sensor>` element (SDFormat, as a URDF `<gazebo reference>` block or an SDF link
 * holds it) as a robokit sensor where MJCF has a counterpart: imu; camera, depth and RGB-D
 * cameras (the image optics); ray, gpu_ray, lidar and gpu_lidar (a lidar, or a range sensor for
 * one sample); sonar (an ultrasound range sensor); gps and navsat; contact. Optics and ranges the
 * element leaves out take SDFormat's defaults. Noise is read where MJCF writes it (one stddev).
 */
export function readSensorElement(el: XmlElement): SensorReading {
  const type = attr(el, "type") ?? "";
  const name = attr(el, "name") ?? "";
  const origin = pose(el);
  const rate = num(el, "update_rate");
  const base: SensorBase = {
    name,
    updateRate: rate !== undefined && rate > 0 ? rate : SDF_SENSOR_DEFAULTS.updateRate,
    ...(origin === undefined ? {} : { origin }),
  };
  const d = SDF_SENSOR_DEFAULTS;
  switch (type) {
    case "imu": {
      const imu = child(el, "imu");
      const axis = (group: string): GaussianNoise | undefined => {
        const g = imu === undefined ? undefined : child(imu, group);
        return noise(g === undefined ? undefined : child(g, "x"));
      };
      const gyro = axis("angular_velocity");
      const accel = axis("linear_acceleration");
      return {
        sensor: {
          ...base,
          type: "imu",
          ...(gyro === undefined ? {} : { angularVelocityNoise: { x: gyro, y: gyro, z: gyro } }),
          ...(accel === undefined ? {} : { linearAccelerationNoise: { x: accel, y: accel, z: accel } }),
        },
      };
    }
    case "camera":
    case "depth":
    case "depth_camera":
    case "rgbd_camera":
    case "wideanglecamera":
    case "wide_angle_camera": {
      const cam = child(el, "camera");
      const image = cam === undefined ? undefined : child(cam, "image");
      const clip = cam === undefined ? undefined : child(cam, "clip");
      return {
        sensor: {
          ...base,
          type: "camera",
          horizontalFov: num(cam, "horizontal_fov") ?? d.horizontalFov,
          width: num(image, "width") ?? d.width,
          height: num(image, "height") ?? d.height,
          near: num(clip, "near") ?? d.near,
          far: num(clip, "far") ?? d.far,
        },
      };
    }
    case "ray":
    case "gpu_ray":
    case "lidar":
    case "gpu_lidar":
    case "sonar":
      return readRay(el, base, type === "sonar");
    case "gps":
    case "navsat":
      return { sensor: { ...base, type: "gps" } };
    case "contact":
      return { sensor: { ...base, type: "contact" } };
    default:
      return { unsupported: `a "${type}" sensor has no MJCF counterpart robokit writes` };
  }
}

function readRay(el: XmlElement, base: SensorBase, sonar: boolean): SensorReading {
  const d = SDF_SENSOR_DEFAULTS;
  if (sonar) {
    const s = child(el, "sonar");
    const radius = num(s, "radius") ?? 0.5;
    const max = num(s, "max") ?? 5;
    return {
      sensor: {
        ...base,
        type: "range",
        radiation: "ultrasound",
        fieldOfView: 2 * Math.atan2(radius, max),
        rangeMin: num(s, "min") ?? 0,
        rangeMax: max,
      },
    };
  }
  const ray = child(el, "ray") ?? child(el, "lidar");
  const scan = ray === undefined ? undefined : child(ray, "scan");
  const h = scan === undefined ? undefined : child(scan, "horizontal");
  const v = scan === undefined ? undefined : child(scan, "vertical");
  const range = ray === undefined ? undefined : child(ray, "range");
  const samples = Math.max(1, Math.round(num(h, "samples") ?? d.samples));
  const minAngle = num(h, "min_angle") ?? 0;
  const maxAngle = num(h, "max_angle") ?? 0;
  const rangeMin = num(range, "min") ?? d.rangeMin;
  const rangeMax = num(range, "max") ?? d.rangeMax;
  const n = noise(ray);
  const vs = Math.round(num(v, "samples") ?? 1);
  if (samples === 1 && vs <= 1)
    return {
      sensor: {
        ...base,
        type: "range",
        radiation: "infrared",
        fieldOfView: Math.max(maxAngle - minAngle, 1e-3),
        rangeMin,
        rangeMax,
        ...(n === undefined ? {} : { noise: n }),
      },
    };
  return {
    sensor: {
      ...base,
      type: "lidar",
      horizontal: { samples, minAngle, maxAngle },
      ...(vs > 1
        ? { vertical: { samples: vs, minAngle: num(v, "min_angle") ?? 0, maxAngle: num(v, "max_angle") ?? 0 } }
        : {}),
      rangeMin,
      rangeMax,
      ...(n === undefined ? {} : { noise: n }),
    },
  };
}
