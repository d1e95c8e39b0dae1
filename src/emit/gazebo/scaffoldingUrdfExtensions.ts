import type { GaussianNoise } from "../../model/Noise.js";
import { isSdfOnlyJoint } from "../../model/Joint.js";
import type { Robot } from "../../model/Robot.js";
import type { ImuSensor, Sensor } from "../../model/Sensor.js";
import { toHectorErrorModel, type HectorErrorModel } from "../../sensors/toHectorErrorModel.js";
import { formatNumber, formatVector } from "../../util/formatNumber.js";
import { controllersYamlPath } from "../ros2-control/emitControllersYaml.js";
import { writeRos2ControlBlock } from "../ros2-control/ros2ControlBlock.js";
import { ScaffoldingError } from "../ros2-control/ScaffoldingError.js";
import { writeTransmissions } from "../ros2-control/transmissions.js";
import type { SdfVersion } from "../sdf/SdfVersion.js";
import type { UrdfExtension } from "../urdf/emitUrdf.js";
import type { XmlOutElement } from "../xml/xmlDocument.js";
import { contactSensorJoints, lumpedLink } from "./lumpedLink.js";
import { packageName } from "./packageName.js";
import { appendTemplate } from "./renderTemplate.js";
import { imuHasDrift, sensorFrame, sensorTopic } from "./sensorNames.js";
import { gzSystem, type RosDistro, type RosPlatform } from "./RosDistro.js";
import type { SimTarget } from "./SimTarget.js";
import { writeSdfSensor } from "./writeSdfSensor.js";
import { assertNever } from "../../util/assertNever.js";

/**
 * SDF version the simulator converts a URDF to: libsdformat 9 (SDF 1.7) in Gazebo Classic
 * 11, libsdformat 12+ (SDF 1.9+) in modern Gazebo. Sensor blocks are written for it.
 */
export function urdfSensorSdfVersion(target: SimTarget): SdfVersion {
  return target === "gz" ? "1.9" : "1.7";
}

/**
 * The URDF additions for a target, in order: control (`<ros2_control>` or ROS 1
 * `<transmission>`s), the simulator's control plugin pointing at the controllers file,
 * one `<gazebo reference>` block per link with sensors, and model-level plugin blocks
 * (gz-sim systems and joint state publisher; hector IMU/GPS on Classic; gazebo-fmi
 * actuators on Classic; ArduPilot on gz).
 */
export function scaffoldingUrdfExtensions({ target, distro }: RosPlatform): UrdfExtension[] {
  return [
    (el, robot) => (target === "ros1" ? writeTransmissions(el, robot) : writeRos2ControlBlock(el, robot, target)),
    (el, robot) => writeControlPlugin(el, robot, target),
    (el, robot) => writeSensorBlocks(el, robot, target, distro),
    (el, robot) => writeModelPlugins(el, robot, target, distro),
  ];
}

function writeControlPlugin(el: XmlOutElement, robot: Robot, target: SimTarget): void {
  const parameters = `$(find ${packageName(robot)})/${controllersYamlPath(robot)}`;
  switch (target) {
    case "gz":
      appendTemplate(el, "gz-ros2-control", { parameters });
      return;
    case "classic":
      appendTemplate(el, "classic-ros2-control", { parameters });
      return;
    case "ros1":
      appendTemplate(el, "ros1-ros-control", { namespace: `/${robot.name}` });
      return;
    default:
      assertNever(target, "simulation target");
  }
}

function writeSensorBlocks(el: XmlOutElement, robot: Robot, target: SimTarget, distro: RosDistro): void {
  const preserved = contactSensorJoints(robot);
  for (const joint of preserved) el.ele("gazebo", { reference: joint }).ele("preserveFixedJoint").txt("true");
  robot.links.forEach((link, i) => {
    const sensors = (link.sensors ?? []).filter((s) => !handledByModelPlugin(s, target));
    if (sensors.length === 0) return;
    const block = el.ele("gazebo", { reference: link.name });
    for (const sensor of sensors) {
      let firstCollisionName: string | undefined;
      if (sensor.type === "contact") {
        const first = link.collisions?.[0];
        if (first === undefined || first.name !== undefined) {
          throw new ScaffoldingError(
            robot.name,
            `/links/${i}/collisions/0`,
            `contact sensor "${sensor.name}" needs link "${link.name}" to have an unnamed first collision (named "${link.name}_collision" by the simulator)`,
          );
        }
        firstCollisionName = `${link.name}_collision`;
      }
      writeSdfSensor(block, sensor, {
        target,
        distro,
        version: urdfSensorSdfVersion(target),
        link,
        firstCollisionName,
      });
    }
  });
}

/**
 * Sensors ROS 1 simulates with a hector model plugin instead of an SDF sensor (a drifting
 * IMU, the GPS). hector_gazebo_plugins has no Humble release (rosdistro), so on `classic`
 * the IMU stays an SDF sensor: Classic applies its white noise and turn-on bias, not the drift.
 */
function handledByModelPlugin(sensor: Sensor, target: SimTarget): boolean {
  if (target !== "ros1") return false;
  return sensor.type === "gps" || (sensor.type === "imu" && imuHasDrift(sensor));
}

function writeModelPlugins(el: XmlOutElement, robot: Robot, target: SimTarget, distro: RosDistro): void {
  const sensors = robot.links.flatMap((link) => (link.sensors ?? []).map((sensor) => ({ link: link.name, sensor })));
  if (target === "gz") {
    const types = new Set(sensors.map((s) => s.sensor.type));
    const systems: { filename: string; name: string }[] = [];
    if (types.has("imu")) systems.push(gzSystem(distro, "imu", "Imu"));
    if (types.has("gps")) systems.push(gzSystem(distro, "navsat", "NavSat"));
    if (types.has("contact")) systems.push(gzSystem(distro, "contact", "Contact"));
    // The URDF this goes into has the SDF-only joints as fixed (or not at all): no state to publish.
    const joints = (robot.joints ?? []).filter((j) => j.type !== "fixed" && !isSdfOnlyJoint(j)).map((j) => j.name);
    appendTemplate(el, "gz-model-systems", {
      systems,
      jointStatePublisher: gzSystem(distro, "joint-state-publisher", "JointStatePublisher"),
      joints,
    });
  } else {
    for (const { link, sensor } of sensors) {
      if (sensor.type === "imu" && target === "ros1" && imuHasDrift(sensor)) writeHectorImu(el, link, sensor);
      if (sensor.type === "gps" && target === "ros1") {
        const rate = formatNumber(sensor.updateRate);
        const h = sensor.horizontalPositionNoise?.stddev ?? 0;
        const v = sensor.verticalPositionNoise?.stddev ?? 0;
        const hv = sensor.horizontalVelocityNoise?.stddev ?? 0;
        const vv = sensor.verticalVelocityNoise?.stddev ?? 0;
        appendTemplate(el, "hector-gps", {
          name: sensor.name,
          link,
          frame: sensorFrame(sensor, link),
          topic: sensorTopic(sensor),
          rate,
          position: formatVector([h, h, v]),
          velocity: formatVector([hv, hv, vv]),
        });
      }
    }
    writeFmiActuators(el, robot);
  }
  if (target === "gz" && robot.ardupilot !== undefined) writeArduPilot(el, robot);
}

function writeHectorImu(el: XmlOutElement, link: string, sensor: ImuSensor): void {
  const dt = 1 / sensor.updateRate;
  const axes = (noise: ImuSensor["angularVelocityNoise"]): Record<keyof HectorErrorModel, string> => {
    const models = (["x", "y", "z"] as const).map((a) =>
      toHectorErrorModel(noise?.[a] as GaussianNoise | undefined, dt),
    );
    const pick = (k: keyof HectorErrorModel): string => formatVector(models.map((m) => m[k]));
    return {
      offset: pick("offset"),
      drift: pick("drift"),
      driftFrequency: pick("driftFrequency"),
      gaussianNoise: pick("gaussianNoise"),
    };
  };
  appendTemplate(el, "hector-imu", {
    name: sensor.name,
    link,
    frame: sensorFrame(sensor, link),
    topic: sensorTopic(sensor),
    rate: formatNumber(sensor.updateRate),
    accel: axes(sensor.linearAccelerationNoise),
    gyro: axes(sensor.angularVelocityNoise),
  });
}

function writeFmiActuators(el: XmlOutElement, robot: Robot): void {
  const actuators = (robot.joints ?? []).flatMap((j) =>
    j.actuator?.fmu === undefined
      ? []
      : [
          {
            name: `${j.name}_fmu`,
            joint: j.name,
            fmu: j.actuator.fmu.fmu,
            disableLimits: j.actuator.fmu.disableVelocityEffortLimits === true ? "true" : "false",
          },
        ],
  );
  if (actuators.length > 0) appendTemplate(el, "fmi-actuator", { actuators });
}

function writeArduPilot(el: XmlOutElement, robot: Robot): void {
  const ap = robot.ardupilot;
  if (ap === undefined) return;
  const imu = robot.links.find((l) => (l.sensors ?? []).some((s) => s.name === ap.imuSensor && s.type === "imu"));
  if (imu === undefined)
    throw new ScaffoldingError(
      robot.name,
      "/ardupilot/imuSensor",
      `ardupilot.imuSensor "${ap.imuSensor}" is not an imu sensor of the robot`,
    );
  const joints = new Set((robot.joints ?? []).map((j) => j.name));
  ap.channels.forEach((c, i) => {
    if (!joints.has(c.joint))
      throw new ScaffoldingError(
        robot.name,
        `/ardupilot/channels/${i}/joint`,
        `ardupilot channel ${c.channel}: joint "${c.joint}" does not exist`,
      );
  });
  appendTemplate(el, "ardupilot", {
    fdmAddress: ap.fdmAddress ?? "127.0.0.1",
    fdmPortIn: String(ap.fdmPortIn ?? 9002),
    imuName: `${lumpedLink(robot, imu.name, contactSensorJoints(robot))}::${ap.imuSensor}`,
    channels: ap.channels.map((c) => ({
      channel: String(c.channel),
      joint: c.joint,
      type: c.type ?? "VELOCITY",
      multiplier: formatNumber(c.multiplier ?? 1),
      offset: formatNumber(c.offset ?? 0),
      servoMin: formatNumber(c.servoMin ?? 1000),
      servoMax: formatNumber(c.servoMax ?? 2000),
      ...(c.pid === undefined
        ? {}
        : { pid: { p: formatNumber(c.pid.p), i: formatNumber(c.pid.i ?? 0), d: formatNumber(c.pid.d ?? 0) } }),
    })),
  });
}
