import { assertNever } from "../../util/assertNever.js";
import type { AxesNoise, CameraOptics, Sensor } from "../../model/Sensor.js";
import { composePoses, IDENTITY_POSE, type Pose } from "../../model/Pose.js";
import { formatNumber } from "../../util/formatNumber.js";
import { num, vec, type XmlOutElement } from "../xml/xmlDocument.js";
import { horizontalNoiseInDegrees } from "./gpsNoiseUnits.js";
import { DISTRO_FACTS } from "./RosDistro.js";
import { appendTemplate } from "./renderTemplate.js";
import type { SensorContext } from "./SensorContext.js";
import { sensorFrame, sensorTopic } from "./sensorNames.js";
import { sensorSdfFeatures } from "./sensorSdfFeatures.js";
import { writeNoise } from "./writeNoise.js";

/**
 * Writes one model sensor as SDF `<sensor>` element(s) into `parent` (an SDF `<link>` or a
 * URDF `<gazebo reference>` block), with the target's ROS plugin inside on Classic/ROS 1.
 *
 * Per target: `gz` writes gz-sim sensor types (`navsat`, `gpu_lidar`, a stereo pair as two
 * `camera` sensors) with `<topic>` and the distro's frame element (`<gz_frame_id>`, Fortress `<ignition_frame_id>`); `classic`/`ros1` write Classic types
 * (`gps`, `ray`, `multicamera`) and a gazebo_ros plugin. Noise: IMU and GPS use the full
 * noise.sdf; dynamic bias only for the gz IMU (the one place it is honoured); camera and
 * ray noise have mean and stddev only. IMU orientation noise has no SDF element.
 *
 * An IMU with drift on `classic`/`ros1` is left to the hector plugin (see `hectorImuBlock`)
 * and gets no `<sensor>` here.
 */
export function writeSdfSensor(parent: XmlOutElement, sensor: Sensor, ctx: SensorContext): void {
  const gz = ctx.target === "gz";
  const frame = sensorFrame(sensor, ctx.link.name);
  const w: SensorWriter = {
    ctx,
    features: sensorSdfFeatures(ctx.version),
    frame,
    topic: sensorTopic(sensor),
    gz,
    origin: sensor.origin ?? IDENTITY_POSE,
    open: (name, type, origin, topicText) => {
      const el = parent.ele("sensor", { name, type });
      el.ele("pose").txt(`${vec(origin.xyz)} ${vec(origin.rpy)}`);
      el.ele("always_on").txt(sensor.alwaysOn === false ? "0" : "1");
      el.ele("update_rate").txt(num(sensor.updateRate));
      el.ele("visualize").txt(sensor.visualize === true ? "1" : "0");
      if (gz) {
        el.ele("topic").txt(topicText);
        el.ele(DISTRO_FACTS[ctx.distro].sensorFrameElement).txt(frame);
      }
      return el;
    },
  };
  switch (sensor.type) {
    case "imu":
      return writeImu(w, sensor);
    case "camera":
      return writeCameraSensor(w, sensor);
    case "stereo":
      return writeStereo(w, sensor);
    case "gps":
      return writeGps(w, sensor);
    case "lidar":
    case "range":
      return writeRaySensor(w, sensor);
    case "contact":
      return writeContact(w, sensor);
    default:
      return assertNever(sensor, "sensor type");
  }
}

/** What every sensor writer shares: the target, the sensor's frame, topic and pose, and `<sensor>`'s common children. */
interface SensorWriter {
  readonly ctx: SensorContext;
  readonly features: ReturnType<typeof sensorSdfFeatures>;
  readonly frame: string;
  readonly topic: string;
  readonly gz: boolean;
  readonly origin: Pose;
  /** Opens a `<sensor>` with its pose, rates and (gz) topic and frame. */
  readonly open: (name: string, type: string, origin: Pose, topicText: string) => XmlOutElement;
}

function writeImu(w: SensorWriter, sensor: Extract<Sensor, { type: "imu" }>): void {
  const el = w.open(sensor.name, "imu", w.origin, w.topic);
  const imu = el.ele("imu");
  writeAxes(imu, "angular_velocity", sensor.angularVelocityNoise, w.gz);
  writeAxes(imu, "linear_acceleration", sensor.linearAccelerationNoise, w.gz);
  if (w.ctx.target === "classic")
    appendTemplate(el, "classic-imu", { name: sensor.name, topic: w.topic, frame: w.frame });
  if (w.ctx.target === "ros1")
    appendTemplate(el, "ros1-imu", {
      name: sensor.name,
      topic: w.topic,
      link: w.ctx.link.name,
      frame: w.frame,
      rate: formatNumber(sensor.updateRate),
    });
}

function writeCameraSensor(w: SensorWriter, sensor: Extract<Sensor, { type: "camera" }>): void {
  const el = w.open(sensor.name, "camera", w.origin, `${w.topic}/image_raw`);
  writeCamera(
    el,
    sensor,
    undefined,
    undefined,
    w.gz && w.features.cameraInfoTopic ? `${w.topic}/camera_info` : undefined,
  );
  if (w.ctx.target === "classic")
    appendTemplate(el, "classic-camera", { name: sensor.name, topic: w.topic, frame: w.frame });
  if (w.ctx.target === "ros1")
    appendTemplate(el, "ros1-camera", {
      library: "libgazebo_ros_camera.so",
      name: sensor.name,
      rate: formatNumber(sensor.updateRate),
      topic: w.topic,
      frame: w.frame,
    });
}

function writeStereo(w: SensorWriter, sensor: Extract<Sensor, { type: "stereo" }>): void {
  const right: Pose = { xyz: [0, -sensor.baseline, 0], rpy: [0, 0, 0] };
  if (w.gz) {
    for (const [side, offset] of [
      ["left", IDENTITY_POSE],
      ["right", right],
    ] as const) {
      const el = w.open(
        `${sensor.name}_${side}`,
        "camera",
        composePoses(w.origin, offset),
        `${w.topic}/${side}/image_raw`,
      );
      writeCamera(
        el,
        sensor,
        side,
        undefined,
        w.features.cameraInfoTopic ? `${w.topic}/${side}/camera_info` : undefined,
      );
    }
    return;
  }
  const el = w.open(sensor.name, "multicamera", w.origin, w.topic);
  writeCamera(el, sensor, "left", IDENTITY_POSE, undefined);
  writeCamera(el, sensor, "right", right, undefined);
  const baseline = formatNumber(sensor.baseline);
  if (w.ctx.target === "classic")
    appendTemplate(el, "classic-camera", { name: sensor.name, topic: w.topic, frame: w.frame, baseline });
  else
    appendTemplate(el, "ros1-camera", {
      library: "libgazebo_ros_multicamera.so",
      name: sensor.name,
      rate: formatNumber(sensor.updateRate),
      topic: w.topic,
      frame: w.frame,
      baseline,
    });
}

function writeGps(w: SensorWriter, sensor: Extract<Sensor, { type: "gps" }>): void {
  if (w.ctx.target === "ros1") return; // hector GPS model plugin (hectorGpsBlock)
  const navsat = w.gz && w.features.navsat;
  const el = w.open(sensor.name, navsat ? "navsat" : "gps", w.origin, w.topic);
  const body = el.ele(navsat ? "navsat" : "gps");
  const horizontal = (n: typeof sensor.horizontalPositionNoise): typeof n =>
    n !== undefined && w.gz ? horizontalNoiseInDegrees(n) : n;
  const pos = body.ele("position_sensing");
  writeChannel(pos, "horizontal", horizontal(sensor.horizontalPositionNoise));
  writeChannel(pos, "vertical", sensor.verticalPositionNoise);
  const vel = body.ele("velocity_sensing");
  writeChannel(vel, "horizontal", sensor.horizontalVelocityNoise);
  writeChannel(vel, "vertical", sensor.verticalVelocityNoise);
  if (w.ctx.target === "classic")
    appendTemplate(el, "classic-gps", { name: sensor.name, topic: w.topic, frame: w.frame });
}

function writeRaySensor(w: SensorWriter, sensor: Extract<Sensor, { type: "lidar" | "range" }>): void {
  const tag = w.gz ? "lidar" : "ray";
  const el = w.open(sensor.name, w.gz ? "gpu_lidar" : "ray", w.origin, w.topic);
  const ray = el.ele(tag);
  const scan = ray.ele("scan");
  if (sensor.type === "lidar") {
    writeScanAxis(
      scan,
      "horizontal",
      sensor.horizontal.samples,
      sensor.horizontal.resolution ?? 1,
      sensor.horizontal.minAngle,
      sensor.horizontal.maxAngle,
    );
    if (sensor.vertical !== undefined)
      writeScanAxis(
        scan,
        "vertical",
        sensor.vertical.samples,
        sensor.vertical.resolution ?? 1,
        sensor.vertical.minAngle,
        sensor.vertical.maxAngle,
      );
  } else {
    const samples = sensor.samples ?? 1;
    writeScanAxis(scan, "horizontal", samples, 1, -sensor.fieldOfView / 2, sensor.fieldOfView / 2);
    writeScanAxis(scan, "vertical", samples, 1, -sensor.fieldOfView / 2, sensor.fieldOfView / 2);
  }
  const range = ray.ele("range");
  range.ele("min").txt(num(sensor.rangeMin));
  range.ele("max").txt(num(sensor.rangeMax));
  if (sensor.type === "lidar" && sensor.rangeResolution !== undefined)
    range.ele("resolution").txt(num(sensor.rangeResolution));
  if (sensor.noise !== undefined) writeNoise(ray, sensor.noise, "simple", "omit");
  if (sensor.type === "range") {
    if (w.ctx.target === "classic")
      appendTemplate(el, "classic-ray", {
        name: sensor.name,
        topic: w.topic,
        outputType: "sensor_msgs/Range",
        radiation: sensor.radiation,
        frame: w.frame,
      });
    if (w.ctx.target === "ros1")
      appendTemplate(el, "ros1-range", {
        name: sensor.name,
        topic: w.topic,
        frame: w.frame,
        radiation: sensor.radiation,
        fov: formatNumber(sensor.fieldOfView),
        rate: formatNumber(sensor.updateRate),
      });
  } else {
    const outputType = sensor.vertical === undefined ? "sensor_msgs/LaserScan" : "sensor_msgs/PointCloud2";
    if (w.ctx.target === "classic")
      appendTemplate(el, "classic-ray", { name: sensor.name, topic: w.topic, outputType, frame: w.frame });
    if (w.ctx.target === "ros1")
      appendTemplate(el, "ros1-laser", { name: sensor.name, topic: w.topic, frame: w.frame });
  }
}

function writeContact(w: SensorWriter, sensor: Extract<Sensor, { type: "contact" }>): void {
  const el = w.open(sensor.name, "contact", w.origin, w.topic);
  const contact = el.ele("contact");
  if (w.ctx.firstCollisionName !== undefined) contact.ele("collision").txt(w.ctx.firstCollisionName);
  if (w.gz) contact.ele("topic").txt(w.topic);
  if (w.ctx.target === "classic")
    appendTemplate(el, "classic-bumper", { name: sensor.name, topic: w.topic, frame: w.frame });
  if (w.ctx.target === "ros1") appendTemplate(el, "ros1-bumper", { name: sensor.name, topic: w.topic, frame: w.frame });
}

function writeAxes(imu: XmlOutElement, tag: string, noise: AxesNoise | undefined, gz: boolean): void {
  if (noise === undefined) return;
  const el = imu.ele(tag);
  for (const axis of ["x", "y", "z"] as const) {
    const n = noise[axis];
    if (n !== undefined) writeNoise(el.ele(axis), n, "full", gz ? "write" : "omit");
  }
}

function writeChannel(parent: XmlOutElement, tag: string, noise: Parameters<typeof writeNoise>[1] | undefined): void {
  if (noise === undefined) return;
  writeNoise(parent.ele(tag), noise, "full", "omit");
}

function writeCamera(
  el: XmlOutElement,
  optics: CameraOptics,
  name: string | undefined,
  pose: Pose | undefined,
  infoTopic: string | undefined,
): void {
  const camera = el.ele("camera", name === undefined ? {} : { name });
  if (pose !== undefined) camera.ele("pose").txt(`${vec(pose.xyz)} ${vec(pose.rpy)}`);
  if (infoTopic !== undefined) camera.ele("camera_info_topic").txt(infoTopic);
  camera.ele("horizontal_fov").txt(num(optics.horizontalFov));
  const image = camera.ele("image");
  image.ele("width").txt(String(optics.width));
  image.ele("height").txt(String(optics.height));
  image.ele("format").txt(optics.format ?? "R8G8B8");
  const clip = camera.ele("clip");
  clip.ele("near").txt(num(optics.near));
  clip.ele("far").txt(num(optics.far));
  if (optics.noise !== undefined) writeNoise(camera, optics.noise, "simple", "omit");
}

function writeScanAxis(
  scan: XmlOutElement,
  tag: string,
  samples: number,
  resolution: number,
  min: number,
  max: number,
): void {
  const el = scan.ele(tag);
  el.ele("samples").txt(String(samples));
  el.ele("resolution").txt(num(resolution));
  el.ele("min_angle").txt(num(min));
  el.ele("max_angle").txt(num(max));
}
