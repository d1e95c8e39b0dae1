import { parse } from "yaml";

import type { EmitOptions } from "../../emit/emitFormats.js";
import { platformOf } from "../../emit/gazebo/RosDistro.js";
import { controllerClass, type MobileBaseGeometry } from "../../emit/ros2-control/driveController.js";
import { emitControllersYaml } from "../../emit/ros2-control/emitControllersYaml.js";
import type { Drive } from "../../model/Drive.js";
import type { Robot } from "../../model/Robot.js";
import { driveOfController } from "../../emit/ros2-control/driveOfController.js";

/** A drive a ros2_controllers mobile-base controller drives. */
export type MobileBaseDrive = Extract<Drive, { type: MobileBaseGeometry["type"] }>;

type Params = Readonly<Record<string, unknown>>;

/** The explicit geometry of each drive type, which overrides what driveGeometry reads from the model. */
type Override<D> = { [K in keyof D]-?: NonNullable<D[K]> extends number ? K : never }[keyof D];

/**
 * Per drive type, which of its fields are geometry overrides (the joints are read by
 * {@link driveOfController}, the mapping `sim --controllers` and `import --controllers` use;
 * the numbers are found by probing, below).
 */
const DRIVES: {
  readonly [T in MobileBaseDrive["type"]]: {
    overrides: readonly Override<Extract<MobileBaseDrive, { type: T }>>[];
  };
} = {
  differential: { overrides: ["wheelRadius", "wheelSeparation", "wheelSeparationMultiplier"] },
  mecanum: { overrides: ["wheelRadius", "sumOfDistances"] },
  ackermann: { overrides: ["wheelRadius", "wheelbase", "tractionTrackWidth", "steeringTrackWidth"] },
  bicycle: { overrides: ["wheelRadius", "wheelbase"] },
  tricycle: { overrides: ["wheelRadius", "wheelbase", "tractionTrackWidth"] },
};

/** The value at a dotted path of a parameter tree. */
function valueAt(tree: Params, path: string): unknown {
  let at: unknown = tree;
  for (const key of path.split(".")) at = record(at)?.[key];
  return at;
}

/** The drive's joints as the controller's parameters name them, without its geometry (undefined when they are incomplete). */
function jointsOf(type: MobileBaseDrive["type"], params: Params): MobileBaseDrive | undefined {
  const reading = driveOfController(controllerClass(type), (name) => valueAt(params, name), {
    geometry: false,
  });
  return reading.ok && reading.drive.type === type ? (reading.drive as MobileBaseDrive) : undefined;
}

/** The drive types a mobile-base controller drives, and the fields of each that override geometry. */
export const MOBILE_BASE_OVERRIDES: Readonly<Record<MobileBaseDrive["type"], readonly string[]>> = Object.fromEntries(
  Object.entries(DRIVES).map(([type, d]) => [type, d.overrides]),
) as Record<MobileBaseDrive["type"], readonly string[]>;

function record(v: unknown): Params | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v) ? (v as Params) : undefined;
}

/** The number at a dotted path of a parameter tree, if there is one. */
function numberAt(tree: Params, path: string): number | undefined {
  const at = valueAt(tree, path);
  return typeof at === "number" ? at : undefined;
}

/** Every number in a parameter tree robokit wrote, by its dotted path. */
function numbers(tree: Params, prefix = "", out = new Map<string, number>()): Map<string, number> {
  for (const [k, v] of Object.entries(tree)) {
    const path = prefix === "" ? k : `${prefix}.${k}`;
    if (typeof v === "number") out.set(path, v);
    const sub = record(v);
    if (sub !== undefined) numbers(sub, path, out);
  }
  return out;
}

/** The parameters robokit writes for `robot` with `drive` under the controller of `pluginClass`, or undefined when it writes none. */
function emittedParams(
  robot: Robot,
  drive: MobileBaseDrive,
  options: EmitOptions,
  pluginClass: string,
): Params | undefined {
  try {
    const platform = platformOf(options);
    const doc = record(parse(emitControllersYaml({ ...robot, drive }, platform.target, platform.distro)));
    const name = doc === undefined ? undefined : controllerOfClass(doc, pluginClass);
    return name === undefined ? undefined : record(record(doc?.[name])?.["ros__parameters"]);
  } catch {
    // A drive the emitters refuse (a joint without the right actuator, a radius not readable) writes nothing.
    return undefined;
  }
}

/** The name controller_manager gives the controller of a pluginlib class. */
function controllerOfClass(doc: Params, pluginClass: string): string | undefined {
  const manager = record(record(doc["controller_manager"])?.["ros__parameters"]) ?? {};
  return Object.keys(manager).find((name) => record(manager[name])?.["type"] === pluginClass);
}

/**
 * Whether two numbers agree within a few units of the last of the 15 digits robokit prints:
 * a quantity derived again from the URDF's printed numbers may land a unit or so away.
 */
function samePrinted(a: number, b: number): boolean {
  return Math.abs(a - b) <= 1e-13 * Math.max(Math.abs(a), Math.abs(b));
}

/**
 * The geometry overrides `drive` needs so that robokit writes `file`'s numbers. Each field's
 * parameter is found by writing the drive with every override set to a distinct probe value
 * (the parameter that prints a field's probe is that field's). A field is kept only where the
 * file's number differs (beyond the last printed digit) from what the model gives with that
 * field left out and the others as the file says, or where the model gives none (a wheel
 * without a round collision to read its radius from).
 */
function withOverrides(
  robot: Robot,
  drive: MobileBaseDrive,
  file: Params,
  options: EmitOptions,
  pluginClass: string,
): MobileBaseDrive {
  const fields: readonly string[] = DRIVES[drive.type].overrides;
  // Probes: 1000.5, 1001.5, …, exactly representable and far from any real base's metres.
  const probe = (i: number): number => 1000.5 + i;
  const probed = emittedParams(
    robot,
    { ...drive, ...Object.fromEntries(fields.map((f, i) => [f, probe(i)])) } as MobileBaseDrive,
    options,
    pluginClass,
  );
  if (probed === undefined) return drive;
  const atProbe = numbers(probed);
  const given = new Map<string, { path: string; value: number }>();
  fields.forEach((field, i) => {
    const path = [...atProbe].find(([, v]) => v === probe(i))?.[0];
    const value = path === undefined ? undefined : numberAt(file, path);
    if (path !== undefined && value !== undefined && value > 0) given.set(field, { path, value });
  });
  const found: Record<string, number> = {};
  for (const [field, { path, value }] of given) {
    const others = Object.fromEntries([...given].filter(([f]) => f !== field).map(([f, g]) => [f, g.value]));
    const plain = emittedParams(robot, { ...drive, ...others } as MobileBaseDrive, options, pluginClass);
    const read = plain === undefined ? undefined : numberAt(plain, path);
    if (read === undefined || !samePrinted(value, read)) found[field] = value;
  }
  return { ...drive, ...found } as MobileBaseDrive;
}

/**
 * The drive a robokit controllers file (parsed) drives with a ros2_controllers mobile-base
 * controller: the drive type from the controller's pluginlib class, its joints from the
 * controller's parameters, and explicit geometry (wheel radius, separation, wheelbase, track
 * widths, lx + ly) only where the file's number differs from what robokit reads from `robot`.
 * Undefined when the file names no such controller or its joints are incomplete.
 *
 * @param options - the target and distro the file was written for.
 */
export function mobileBaseDriveOf(robot: Robot, doc: unknown, options: EmitOptions): MobileBaseDrive | undefined {
  const root = record(doc);
  if (root === undefined) return undefined;
  for (const type of Object.keys(DRIVES) as MobileBaseDrive["type"][]) {
    const name = controllerOfClass(root, controllerClass(type));
    const params = name === undefined ? undefined : record(record(root[name])?.["ros__parameters"]);
    const drive = params === undefined ? undefined : jointsOf(type, params);
    if (params !== undefined && drive !== undefined)
      return withOverrides(robot, drive, params, options, controllerClass(type));
  }
  return undefined;
}
