import { METRES_PER_DEGREE } from "../../emit/gazebo/gpsNoiseUnits.js";
import type { GaussianNoise } from "../../model/Noise.js";
import type { Pose } from "../../model/Pose.js";
import type { AxesNoise, CameraOptics, ScanAxis, Sensor, SensorBase } from "../../model/Sensor.js";
import { stationaryBiasStddevFromGazebo, toGazeboNoise } from "../../sensors/noise/toGazeboNoise.js";
import { formatNumber } from "../../util/formatNumber.js";
import type { XacroElement } from "../../parse/xacro/XacroNode.js";
import { attribute, childElement, childElements, childNumber, childText } from "./xacroElements.js";

/**
 * The shortest decimal whose image under `forward` prints as `value`'s image does: a value
 * recovered through a unit conversion (degrees → metres, gz-sensors' driving noise → the
 * stationary bias) reads back as the number a person typed, when one prints the same.
 */
function shortestPreimage(value: number, forward: (v: number) => number): number {
  const target = formatNumber(forward(value));
  for (let p = 1; p <= 17; p++) {
    const c = Number(value.toPrecision(p));
    if (formatNumber(forward(c)) === target) return c;
  }
  return value;
}

function parsePose(text: string | undefined): Pose | undefined {
  if (text === undefined) return undefined;
  const v = text.split(/\s+/).map(Number);
  if (v.length !== 6 || v.some((x) => !Number.isFinite(x))) return undefined;
  return { xyz: [v[0] ?? 0, v[1] ?? 0, v[2] ?? 0], rpy: [v[3] ?? 0, v[4] ?? 0, v[5] ?? 0] };
}

function isIdentity(p: Pose): boolean {
  return [...p.xyz, ...p.rpy].every((x) => x === 0);
}

/** A `<noise>` as gz-sensors reads it (noise.sdf, or `<type>` + mean + stddev), in robokit's terms. */
function readNoise(el: XacroElement | undefined, scale = 1): GaussianNoise | undefined {
  if (el === undefined) return undefined;
  const stddev = childNumber(el, "stddev");
  if (stddev === undefined) return undefined;
  const field = (name: string): number | undefined => {
    const v = childNumber(el, name);
    return v === undefined || v === 0 ? undefined : shortestPreimage(v * scale, (x) => x / scale);
  };
  const mean = field("mean");
  const biasMean = field("bias_mean");
  const biasStddev = field("bias_stddev");
  const precision = field("precision");
  const tau = childNumber(el, "dynamic_bias_correlation_time");
  const driving = childNumber(el, "dynamic_bias_stddev");
  const out: { -readonly [K in keyof GaussianNoise]: GaussianNoise[K] } = {
    stddev: shortestPreimage(stddev * scale, (x) => x / scale),
  };
  if (mean !== undefined) out.mean = mean;
  if (biasMean !== undefined) out.biasMean = biasMean;
  if (biasStddev !== undefined) out.biasStddev = biasStddev;
  if (tau !== undefined && driving !== undefined && tau > 0 && driving > 0) {
    out.dynamicBiasCorrelationTime = tau;
    out.dynamicBiasStddev = shortestPreimage(
      stationaryBiasStddevFromGazebo(driving * scale, tau),
      (x) =>
        toGazeboNoise({ stddev: 1, dynamicBiasStddev: x, dynamicBiasCorrelationTime: tau }).dynamic_bias_stddev / scale,
    );
  }
  if (precision !== undefined) out.precision = precision;
  return out;
}

function readAxes(el: XacroElement | undefined): AxesNoise | undefined {
  if (el === undefined) return undefined;
  const out: { -readonly [K in keyof AxesNoise]: AxesNoise[K] } = {};
  for (const axis of ["x", "y", "z"] as const) {
    const c = childElement(el, axis);
    const n = readNoise(c === undefined ? undefined : childElement(c, "noise"));
    if (n !== undefined) out[axis] = n;
  }
  return out;
}

/** The fields every sensor has; `topicSuffix` is what the emitter appended to the topic. */
function readBase(el: XacroElement, link: string, name: string, topicSuffix = ""): SensorBase | undefined {
  const updateRate = childNumber(el, "update_rate");
  const topicText = childText(el, "topic");
  const frame = childText(el, "gz_frame_id") ?? childText(el, "ignition_frame_id");
  const origin = parsePose(childText(el, "pose"));
  if (updateRate === undefined || topicText === undefined || !topicText.endsWith(topicSuffix)) return undefined;
  const topic = topicText.slice(0, topicText.length - topicSuffix.length);
  return {
    name,
    ...(origin === undefined || isIdentity(origin) ? {} : { origin }),
    updateRate,
    ...(topic === name ? {} : { topic }),
    ...(frame === undefined || frame === link ? {} : { frameId: frame }),
    ...(childText(el, "always_on") === "0" ? { alwaysOn: false } : {}),
    ...(childText(el, "visualize") === "1" ? { visualize: true } : {}),
  };
}

function readOptics(camera: XacroElement | undefined): CameraOptics | undefined {
  if (camera === undefined) return undefined;
  const image = childElement(camera, "image");
  const clip = childElement(camera, "clip");
  const horizontalFov = childNumber(camera, "horizontal_fov");
  const width = image === undefined ? undefined : childNumber(image, "width");
  const height = image === undefined ? undefined : childNumber(image, "height");
  const near = clip === undefined ? undefined : childNumber(clip, "near");
  const far = clip === undefined ? undefined : childNumber(clip, "far");
  if ([horizontalFov, width, height, near, far].some((v) => v === undefined)) return undefined;
  const format = image === undefined ? undefined : childText(image, "format");
  const noise = readNoise(childElement(camera, "noise"));
  return {
    horizontalFov: horizontalFov ?? 0,
    width: width ?? 0,
    height: height ?? 0,
    ...(format === undefined || format === "R8G8B8" ? {} : { format }),
    near: near ?? 0,
    far: far ?? 0,
    ...(noise === undefined ? {} : { noise }),
  };
}

function readScanAxis(el: XacroElement | undefined): ScanAxis | undefined {
  if (el === undefined) return undefined;
  const samples = childNumber(el, "samples");
  const resolution = childNumber(el, "resolution");
  const minAngle = childNumber(el, "min_angle");
  const maxAngle = childNumber(el, "max_angle");
  if (samples === undefined || minAngle === undefined || maxAngle === undefined) return undefined;
  return { samples, minAngle, maxAngle, ...(resolution === undefined || resolution === 1 ? {} : { resolution }) };
}

function readSensor(el: XacroElement, link: string): Sensor | undefined {
  const name = attribute(el, "name") ?? "";
  switch (attribute(el, "type")) {
    case "imu": {
      const base = readBase(el, link, name);
      const imu = childElement(el, "imu");
      if (base === undefined || imu === undefined) return undefined;
      const angular = readAxes(childElement(imu, "angular_velocity"));
      const linear = readAxes(childElement(imu, "linear_acceleration"));
      return {
        ...base,
        type: "imu",
        ...(angular === undefined ? {} : { angularVelocityNoise: angular }),
        ...(linear === undefined ? {} : { linearAccelerationNoise: linear }),
      };
    }
    case "camera": {
      const base = readBase(el, link, name, "/image_raw");
      const optics = readOptics(childElement(el, "camera"));
      return base === undefined || optics === undefined ? undefined : { ...base, ...optics, type: "camera" };
    }
    case "navsat": {
      const base = readBase(el, link, name);
      const navsat = childElement(el, "navsat");
      if (base === undefined || navsat === undefined) return undefined;
      const pos = childElement(navsat, "position_sensing");
      const vel = childElement(navsat, "velocity_sensing");
      const channel = (parent: XacroElement | undefined, tag: string, scale = 1): GaussianNoise | undefined => {
        const c = parent === undefined ? undefined : childElement(parent, tag);
        return readNoise(c === undefined ? undefined : childElement(c, "noise"), scale);
      };
      const entries = {
        horizontalPositionNoise: channel(pos, "horizontal", METRES_PER_DEGREE),
        verticalPositionNoise: channel(pos, "vertical"),
        horizontalVelocityNoise: channel(vel, "horizontal"),
        verticalVelocityNoise: channel(vel, "vertical"),
      };
      return {
        ...base,
        type: "gps",
        ...Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== undefined)),
      };
    }
    case "gpu_lidar": {
      const base = readBase(el, link, name);
      const lidar = childElement(el, "lidar");
      const scan = lidar === undefined ? undefined : childElement(lidar, "scan");
      const range = lidar === undefined ? undefined : childElement(lidar, "range");
      const horizontal = scan === undefined ? undefined : readScanAxis(childElement(scan, "horizontal"));
      const vertical = scan === undefined ? undefined : readScanAxis(childElement(scan, "vertical"));
      const rangeMin = range === undefined ? undefined : childNumber(range, "min");
      const rangeMax = range === undefined ? undefined : childNumber(range, "max");
      if (base === undefined || lidar === undefined || horizontal === undefined) return undefined;
      if (rangeMin === undefined || rangeMax === undefined || range === undefined) return undefined;
      const rangeResolution = childNumber(range, "resolution");
      const noise = readNoise(childElement(lidar, "noise"));
      return {
        ...base,
        type: "lidar",
        horizontal,
        ...(vertical === undefined ? {} : { vertical }),
        rangeMin,
        rangeMax,
        ...(rangeResolution === undefined ? {} : { rangeResolution }),
        ...(noise === undefined ? {} : { noise }),
      };
    }
    case "contact": {
      const base = readBase(el, link, name);
      return base === undefined ? undefined : { ...base, type: "contact" };
    }
    default:
      return undefined;
  }
}

/** A gz stereo pair (`N_left`, `N_right`, cameras named left and right) as one stereo sensor. */
function readStereo(left: XacroElement, right: XacroElement, link: string): Sensor | undefined {
  const leftName = attribute(left, "name") ?? "";
  if (!leftName.endsWith("_left") || attribute(right, "name") !== `${leftName.slice(0, -5)}_right`) return undefined;
  const name = leftName.slice(0, -5);
  const lc = childElement(left, "camera");
  const rc = childElement(right, "camera");
  if (lc === undefined || rc === undefined || attribute(lc, "name") !== "left" || attribute(rc, "name") !== "right")
    return undefined;
  const base = readBase(left, link, name, "/left/image_raw");
  const optics = readOptics(lc);
  const lp = parsePose(childText(left, "pose"));
  const rp = parsePose(childText(right, "pose"));
  if (base === undefined || optics === undefined || lp === undefined || rp === undefined) return undefined;
  const baseline = Math.hypot(lp.xyz[0] - rp.xyz[0], lp.xyz[1] - rp.xyz[1], lp.xyz[2] - rp.xyz[2]);
  return { ...base, ...optics, type: "stereo", baseline: Number(baseline.toPrecision(15)) };
}

/**
 * The sensors of one `<gazebo reference="LINK">` block as robokit writes them for gz-sim
 * (`writeSdfSensor` with target gz), or undefined when any child is not such a sensor. The
 * caller regenerates the block from the result and keeps it only when it prints the same.
 */
export function recoverSensors(block: XacroElement, link: string): Sensor[] | undefined {
  const children = childElements(block);
  if (children.length === 0 || children.length !== block.children.filter((c) => c.type === "element").length)
    return undefined;
  const out: Sensor[] = [];
  for (let i = 0; i < children.length; i++) {
    const el = children[i];
    if (el === undefined || el.name !== "sensor") return undefined;
    const next = children[i + 1];
    const stereo = next === undefined ? undefined : readStereo(el, next, link);
    if (stereo !== undefined) {
      out.push(stereo);
      i++;
      continue;
    }
    const sensor = readSensor(el, link);
    if (sensor === undefined) return undefined;
    out.push(sensor);
  }
  return out;
}
