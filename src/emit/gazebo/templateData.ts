import type { TemplateName } from "./templateSources.js";

/** Noise parameters of one hector SensorModel (each "x y z" or scalar text). */
export interface HectorErrorModelData {
  readonly offset: string;
  readonly drift: string;
  readonly driftFrequency: string;
  readonly gaussianNoise: string;
}

/** One gazebo-fmi actuator. */
export interface FmiActuatorData {
  readonly name: string;
  readonly joint: string;
  readonly fmu: string;
  readonly disableLimits: string;
}

/** One ArduPilot control channel (numbers already formatted). */
export interface ArduPilotChannelData {
  readonly channel: string;
  readonly joint: string;
  readonly type: string;
  readonly multiplier: string;
  readonly offset: string;
  readonly servoMin: string;
  readonly servoMax: string;
  readonly pid?: { readonly p: string; readonly i: string; readonly d: string };
}

/** Data of the Python launch templates: every value is already a Python string literal. */
export interface LaunchData {
  readonly header: string;
  readonly package: string;
  readonly urdf: string;
  readonly world: string;
  readonly controllerFile: string;
  readonly robot: string;
  /** Controllers to spawn, in order. */
  readonly controllers: readonly string[];
}

/** Data of the ROS 2 display launch template (Python string literals). */
export interface DisplayLaunchData {
  readonly header: string;
  readonly package: string;
  readonly urdf: string;
  readonly rvizConfig: string;
}

/** The data each template receives; every leaf is text robokit already formatted. */
export interface TemplateData {
  "gz-ros2-control": { readonly parameters: string };
  "classic-ros2-control": { readonly parameters: string };
  "ros1-ros-control": { readonly namespace: string };
  "gz-model-systems": {
    readonly systems: readonly { readonly filename: string; readonly name: string }[];
    readonly jointStatePublisher: { readonly filename: string; readonly name: string };
    readonly joints: readonly string[];
  };
  "classic-imu": { readonly name: string; readonly topic: string; readonly frame: string };
  "ros1-imu": {
    readonly name: string;
    readonly topic: string;
    readonly link: string;
    readonly frame: string;
    readonly rate: string;
  };
  "hector-imu": {
    readonly name: string;
    readonly link: string;
    readonly frame: string;
    readonly topic: string;
    readonly rate: string;
    readonly accel: HectorErrorModelData;
    readonly gyro: HectorErrorModelData;
  };
  "classic-camera": {
    readonly name: string;
    readonly topic: string;
    readonly frame: string;
    readonly baseline?: string;
  };
  "ros1-camera": {
    readonly library: string;
    readonly name: string;
    readonly rate: string;
    readonly topic: string;
    readonly frame: string;
    readonly baseline?: string;
  };
  "classic-gps": { readonly name: string; readonly topic: string; readonly frame: string };
  "hector-gps": {
    readonly name: string;
    readonly link: string;
    readonly frame: string;
    readonly topic: string;
    readonly rate: string;
    readonly position: string;
    readonly velocity: string;
  };
  "classic-ray": {
    readonly name: string;
    readonly topic: string;
    readonly outputType: string;
    readonly radiation?: string;
    readonly frame: string;
  };
  "ros1-range": {
    readonly name: string;
    readonly topic: string;
    readonly frame: string;
    readonly radiation: string;
    readonly fov: string;
    readonly rate: string;
  };
  "ros1-laser": { readonly name: string; readonly topic: string; readonly frame: string };
  "classic-bumper": { readonly name: string; readonly topic: string; readonly frame: string };
  "ros1-bumper": { readonly name: string; readonly topic: string; readonly frame: string };
  "fmi-actuator": { readonly actuators: readonly FmiActuatorData[] };
  "launch-gz": LaunchData & { readonly bridges: readonly string[] };
  "launch-classic": LaunchData;
  "launch-display": DisplayLaunchData;
  ardupilot: {
    readonly fdmAddress: string;
    readonly fdmPortIn: string;
    readonly imuName: string;
    readonly channels: readonly ArduPilotChannelData[];
  };
}

/** A JSON Schema (the subset used here). */
export type JsonSchema = Readonly<Record<string, unknown>>;

const str: JsonSchema = { type: "string", minLength: 1 };

/** An object schema: every listed key is a string unless a schema is given; `?` marks optional keys. */
function obj(fields: Readonly<Record<string, JsonSchema | "string">>): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const [key, value] of Object.entries(fields)) {
    const optional = key.endsWith("?");
    const name = optional ? key.slice(0, -1) : key;
    properties[name] = value === "string" ? str : value;
    if (!optional) required.push(name);
  }
  return { type: "object", properties, required, additionalProperties: false };
}

const list = (items: JsonSchema): JsonSchema => ({ type: "array", items });
const named = (...keys: string[]): JsonSchema => obj(Object.fromEntries(keys.map((k) => [k, "string"] as const)));
const launchFields = {
  header: "string",
  package: "string",
  urdf: "string",
  world: "string",
  controllerFile: "string",
  robot: "string",
  controllers: list(str),
} as const;
const hectorModel = named("offset", "drift", "driftFrequency", "gaussianNoise");

/** JSON Schema of each template's data, checked (ajv) before the template renders. */
export const TEMPLATE_SCHEMAS: Readonly<Record<TemplateName, JsonSchema>> = {
  "gz-ros2-control": named("parameters"),
  "classic-ros2-control": named("parameters"),
  "ros1-ros-control": named("namespace"),
  "gz-model-systems": obj({
    systems: list(named("filename", "name")),
    jointStatePublisher: named("filename", "name"),
    joints: list(str),
  }),
  "classic-imu": named("name", "topic", "frame"),
  "ros1-imu": named("name", "topic", "link", "frame", "rate"),
  "hector-imu": obj({
    name: "string",
    link: "string",
    frame: "string",
    topic: "string",
    rate: "string",
    accel: hectorModel,
    gyro: hectorModel,
  }),
  "classic-camera": named("name", "topic", "frame", "baseline?"),
  "ros1-camera": named("library", "name", "rate", "topic", "frame", "baseline?"),
  "classic-gps": named("name", "topic", "frame"),
  "hector-gps": named("name", "link", "frame", "topic", "rate", "position", "velocity"),
  "classic-ray": named("name", "topic", "outputType", "radiation?", "frame"),
  "ros1-range": named("name", "topic", "frame", "radiation", "fov", "rate"),
  "ros1-laser": named("name", "topic", "frame"),
  "classic-bumper": named("name", "topic", "frame"),
  "ros1-bumper": named("name", "topic", "frame"),
  "fmi-actuator": obj({ actuators: { ...list(named("name", "joint", "fmu", "disableLimits")), minItems: 1 } }),
  "launch-gz": obj({ ...launchFields, bridges: list(str) }),
  "launch-classic": obj(launchFields),
  "launch-display": named("header", "package", "urdf", "rvizConfig"),
  ardupilot: obj({
    fdmAddress: "string",
    fdmPortIn: "string",
    imuName: "string",
    channels: {
      ...list(
        obj({
          channel: "string",
          joint: "string",
          type: "string",
          multiplier: "string",
          offset: "string",
          servoMin: "string",
          servoMax: "string",
          "pid?": named("p", "i", "d"),
        }),
      ),
      minItems: 1,
    },
  }),
};
