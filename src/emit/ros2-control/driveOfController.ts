import type {
  AckermannDrive,
  BicycleDrive,
  DifferentialDrive,
  Drive,
  MecanumDrive,
  OmniDrive,
  TricycleDrive,
} from "../../model/Drive.js";
import { assertNever } from "../../util/assertNever.js";
import { formatNumber } from "../../util/formatNumber.js";
import { controllerClass, type MobileBaseGeometry } from "./driveController.js";

/**
 * One parameter of a controller by its dotted name (`kinematics.wheels_radius`) as a plain
 * value: a number, string, boolean or array; undefined when the files leave it unset.
 */
export type ControllerParamLookup = (name: string) => unknown;

/** What a controller's parameters say about the drive it drives. */
export type ControllerDriveReading =
  | {
      readonly ok: true;
      /** The drive, with the controller's own geometry (radius, separation, …) as explicit values. */
      readonly drive: Drive;
      /** The parameters whose numbers the drive carries, by the drive field they set. */
      readonly carried: Readonly<Record<string, string>>;
      /** What the controller does that the drive does not hold, one sentence each. */
      readonly notes: readonly string[];
    }
  | {
      readonly ok: false;
      /** Why robokit cannot drive the base as this controller does. */
      readonly reason: string;
      /** The parameter the reason is about, when one is. */
      readonly param?: string;
    };

/** The pluginlib class of omni_wheel_drive_controller (Jazzy and later). */
export const OMNI_CONTROLLER_CLASS = "omni_wheel_drive_controller/OmniWheelDriveController";

const MOBILE_BASES: readonly MobileBaseGeometry["type"][] = [
  "differential",
  "mecanum",
  "ackermann",
  "bicycle",
  "tricycle",
];

/** The pluginlib classes robokit reads a drive from, and the drive type each gives. */
export const DRIVE_CONTROLLER_CLASSES: ReadonlyMap<string, Exclude<Drive["type"], "steered">> = new Map<
  string,
  Exclude<Drive["type"], "steered">
>([...MOBILE_BASES.map((t) => [controllerClass(t), t] as const), [OMNI_CONTROLLER_CLASS, "omni"]]);

/** Why robokit has no drive for some ros2_controllers classes that move a base. */
const NOT_A_DRIVE: Readonly<Record<string, string>> = {
  "tricycle_controller/TricycleController":
    "its one wheel both steers and drives, with passive rear wheels; robokit's tricycle drive steers the front wheel and drives the two rear ones (tricycle_steering_controller)",
};

/** Why robokit has no drive for a ros2_controllers class that moves a base; undefined for any other class. */
export function baseControllerWithoutDrive(pluginClass: string): string | undefined {
  return NOT_A_DRIVE[pluginClass];
}

type Fail = Extract<ControllerDriveReading, { ok: false }>;

/** Options of {@link driveOfController}. */
export interface DriveOfControllerOptions {
  /**
   * False: read the joints alone and leave the numbers (and their checks) out, for a caller
   * that takes the geometry from elsewhere. Default true.
   */
  readonly geometry?: boolean;
}

/** Typed reads of the lookup; a value of another type reads as unset. */
function reader(param: ControllerParamLookup, geometry: boolean) {
  const names = (name: string): string[] | undefined => {
    const v = param(name);
    return Array.isArray(v) && v.length > 0 && v.every((x) => typeof x === "string") ? (v as string[]) : undefined;
  };
  const num = (name: string): number | undefined => {
    const v = param(name);
    return typeof v === "number" && Number.isFinite(v) ? v : undefined;
  };
  const str = (name: string): string | undefined => {
    const v = param(name);
    return typeof v === "string" && v !== "" ? v : undefined;
  };
  const bool = (name: string, fallback: boolean): boolean => {
    const v = param(name);
    return typeof v === "boolean" ? v : fallback;
  };
  return { names, num, str, bool, geometry };
}

type Reader = ReturnType<typeof reader>;

/**
 * The drive a ros2_controllers mobile-base controller drives, read from its parameters as the
 * controller reads them (every distro's names: Humble's front/rear lists with `front_steering`,
 * and the traction/steering lists of later ones): the drive type from the pluginlib class, the
 * joints, and the geometry the controller computes wheel commands with (wheel radius,
 * separation, wheelbase, track widths, lx + ly) as the drive's explicit values. A parameter the
 * drive cannot hold is refused (`ok: false`, with the reason) when it changes what the
 * controller commands, and named in `notes` when it does not.
 *
 * diff_drive_controller multiplies its separation and each side's radius by their
 * `*_multiplier` for its inverse kinematics and its odometry alike: the separation multiplier
 * is carried as the drive's `wheelSeparationMultiplier`, equal radius multipliers are folded
 * into the radius the drive carries (both named); different left and right radius multipliers
 * are refused, since the drive holds one wheel radius.
 *
 * @param pluginClass - the controller's `type` (e.g. `diff_drive_controller/DiffDriveController`).
 */
export function driveOfController(
  pluginClass: string,
  param: ControllerParamLookup,
  options: DriveOfControllerOptions = {},
): ControllerDriveReading {
  const r = reader(param, options.geometry ?? true);
  const type = DRIVE_CONTROLLER_CLASSES.get(pluginClass);
  switch (type) {
    case "differential":
      return differential(r);
    case "mecanum":
      return mecanum(r);
    case "ackermann":
    case "bicycle":
    case "tricycle":
      return steering(r, type);
    case "omni":
      return omni(r);
    case undefined:
      return {
        ok: false,
        reason:
          NOT_A_DRIVE[pluginClass] ??
          `${pluginClass} is not a mobile-base controller robokit drives (${[...DRIVE_CONTROLLER_CLASSES.keys()].join(", ")})`,
      };
    default:
      assertNever(type, "drive type");
  }
}

/** A positive number parameter, or the refusal naming it (the controllers divide by it or scale by it). */
function positive(r: Reader, name: string, controller: string): number | Fail {
  const v = r.num(name);
  if (v !== undefined && v > 0) return v;
  return {
    ok: false,
    reason: `${controller} needs ${name} > 0 (${v === undefined ? "not set" : `got ${formatNumber(v)}`}): it computes every wheel command with it`,
    param: name,
  };
}

function isFail(v: unknown): v is Fail {
  return typeof v === "object" && v !== null && (v as Fail).ok === false;
}

function differential(r: Reader): ControllerDriveReading {
  const c = "diff_drive_controller";
  const left = r.names("left_wheel_names");
  const right = r.names("right_wheel_names");
  if (left === undefined || right === undefined) {
    const param = left === undefined ? "left_wheel_names" : "right_wheel_names";
    return { ok: false, reason: `${c} names no wheel joints in ${param}`, param };
  }
  if (!r.geometry) return { ok: true, drive: { type: "differential", left, right }, carried: {}, notes: [] };
  const separation = positive(r, "wheel_separation", c);
  if (isFail(separation)) return separation;
  const radius = positive(r, "wheel_radius", c);
  if (isFail(radius)) return radius;
  const sm = r.num("wheel_separation_multiplier") ?? 1;
  const lm = r.num("left_wheel_radius_multiplier") ?? 1;
  const rm = r.num("right_wheel_radius_multiplier") ?? 1;
  if (lm !== rm)
    return {
      ok: false,
      reason: `${c} turns the left wheels with radius ${formatNumber(radius)}·${formatNumber(lm)} and the right with ${formatNumber(radius)}·${formatNumber(rm)} (left_wheel_radius_multiplier ≠ right_wheel_radius_multiplier); robokit's differential drive has one wheel radius`,
      param: "right_wheel_radius_multiplier",
    };
  if (!(sm > 0) || !(lm > 0))
    return {
      ok: false,
      reason: `${c} needs positive multipliers (wheel_separation_multiplier ${formatNumber(sm)}, wheel radius multipliers ${formatNumber(lm)})`,
      param: sm > 0 ? "left_wheel_radius_multiplier" : "wheel_separation_multiplier",
    };
  const notes: string[] = [];
  if (sm !== 1)
    notes.push(
      `wheel_separation_multiplier ${formatNumber(sm)}: the controller computes wheel rates and odometry with ${formatNumber(separation)} × ${formatNumber(sm)} = ${formatNumber(separation * sm)} m, and so does robokit`,
    );
  if (lm !== 1)
    notes.push(
      `left/right_wheel_radius_multiplier ${formatNumber(lm)}: the controller computes wheel rates and odometry with ${formatNumber(radius)} × ${formatNumber(lm)} = ${formatNumber(radius * lm)} m, and so does robokit`,
    );
  const perSide = r.num("wheels_per_side");
  if (perSide !== undefined && perSide > 0 && perSide !== left.length)
    notes.push(
      `wheels_per_side ${formatNumber(perSide)} (Humble: wheels averaged for odometry): robokit commands every joint of left_wheel_names and right_wheel_names and averages them all`,
    );
  const drive: DifferentialDrive = {
    type: "differential",
    left,
    right,
    wheelRadius: radius * lm,
    wheelSeparation: separation,
    // Carried as the controller's own parameter, so the controller file robokit writes says it again.
    ...(sm === 1 ? {} : { wheelSeparationMultiplier: sm }),
  };
  return {
    ok: true,
    drive,
    carried: {
      wheelRadius: "wheel_radius",
      wheelSeparation: "wheel_separation",
      ...(sm === 1 ? {} : { wheelSeparationMultiplier: "wheel_separation_multiplier" }),
    },
    notes: [...notes, ...limitNotes(r, ["linear.x", "angular.z"])],
  };
}

function mecanum(r: Reader): ControllerDriveReading {
  const c = "mecanum_drive_controller";
  const corners = ["front_left", "front_right", "rear_left", "rear_right"] as const;
  const joints: string[] = [];
  for (const w of corners) {
    const name = `${w}_wheel_command_joint_name`;
    const joint = r.str(name);
    if (joint === undefined) return { ok: false, reason: `${c} names no joint in ${name}`, param: name };
    joints.push(joint);
  }
  const [frontLeft = "", frontRight = "", rearLeft = "", rearRight = ""] = joints;
  if (!r.geometry)
    return { ok: true, drive: { type: "mecanum", frontLeft, frontRight, rearLeft, rearRight }, carried: {}, notes: [] };
  const radius = positive(r, "kinematics.wheels_radius", c);
  if (isFail(radius)) return radius;
  const sum = positive(r, "kinematics.sum_of_robot_center_projection_on_X_Y_axis", c);
  if (isFail(sum)) return sum;
  const drive: MecanumDrive = {
    type: "mecanum",
    frontLeft,
    frontRight,
    rearLeft,
    rearRight,
    wheelRadius: radius,
    sumOfDistances: sum,
  };
  return {
    ok: true,
    drive,
    carried: {
      wheelRadius: "kinematics.wheels_radius",
      sumOfDistances: "kinematics.sum_of_robot_center_projection_on_X_Y_axis",
    },
    notes: [],
  };
}

/** steering_controllers_library's joint lists: the traction/steering names, else Humble's front/rear by `front_steering`. */
function steeringJoints(r: Reader): { steering?: string[]; traction?: string[]; rearSteering: boolean } {
  const front = r.bool("front_steering", true);
  const steering =
    r.names("steering_joints_names") ?? (front ? r.names("front_wheels_names") : r.names("rear_wheels_names"));
  const traction =
    r.names("traction_joints_names") ?? (front ? r.names("rear_wheels_names") : r.names("front_wheels_names"));
  const modern = r.names("steering_joints_names") !== undefined;
  return {
    ...(steering === undefined ? {} : { steering }),
    ...(traction === undefined ? {} : { traction }),
    rearSteering: !modern && !front,
  };
}

/** The first of several names that is set to a positive number, with its name. */
function firstPositive(r: Reader, names: readonly string[]): { name: string; value: number } | undefined {
  for (const name of names) {
    const v = r.num(name);
    if (v !== undefined && v > 0) return { name, value: v };
  }
  return undefined;
}

const STEERING_NUMBERS = {
  ackermann: {
    radius: ["traction_wheels_radius", "rear_wheels_radius"],
    wheelbase: ["wheelbase"],
    tractionTrackWidth: ["traction_track_width", "rear_wheel_track"],
    steeringTrackWidth: ["steering_track_width", "front_wheel_track"],
  },
  bicycle: { radius: ["traction_wheel_radius", "rear_wheel_radius"], wheelbase: ["wheelbase"] },
  tricycle: {
    radius: ["traction_wheels_radius", "rear_wheels_radius"],
    wheelbase: ["wheelbase"],
    tractionTrackWidth: ["traction_track_width", "wheel_track"],
  },
} as const;

function steering(r: Reader, type: "ackermann" | "bicycle" | "tricycle"): ControllerDriveReading {
  const c = `${type}_steering_controller`;
  const { steering: steer, traction, rearSteering } = steeringJoints(r);
  if (rearSteering)
    return {
      ok: false,
      reason: `${c} steers the rear axle (front_steering false); robokit's ${type} drive steers the front`,
      param: "front_steering",
    };
  const want = { ackermann: [2, 2], bicycle: [1, 1], tricycle: [1, 2] }[type];
  if (steer === undefined || traction === undefined || steer.length !== want[0] || traction.length !== want[1]) {
    const param = steer?.length !== want[0] ? "steering_joints_names" : "traction_joints_names";
    return {
      ok: false,
      reason: `${c} needs ${want[0]} steering and ${want[1]} traction joint(s), got ${steer?.length ?? 0} and ${traction?.length ?? 0}`,
      param,
    };
  }
  const numbers: Record<string, readonly string[]> = STEERING_NUMBERS[type];
  const values: Record<string, number> = {};
  const carried: Record<string, string> = {};
  for (const [field, names] of r.geometry ? Object.entries(numbers) : []) {
    const got = firstPositive(r, names);
    if (got === undefined)
      return { ok: false, reason: `${c} needs ${names.join(" or ")} > 0 (not set)`, param: names[0] ?? field };
    values[field === "radius" ? "wheelRadius" : field] = got.value;
    carried[field === "radius" ? "wheelRadius" : field] = got.name;
  }
  const pair = (l: readonly string[]): [string, string] => [l[0] ?? "", l[1] ?? ""];
  const drive: AckermannDrive | BicycleDrive | TricycleDrive =
    type === "ackermann"
      ? { type, steering: pair(steer), traction: pair(traction), ...values }
      : type === "bicycle"
        ? { type, steering: steer[0] ?? "", traction: traction[0] ?? "", ...values }
        : { type, steering: steer[0] ?? "", traction: pair(traction), ...values };
  const notes = r.bool("open_loop", false)
    ? ["open_loop true: the controller's odometry integrates its commands; robokit's integrates the wheels"]
    : [];
  return { ok: true, drive, carried, notes };
}

function omni(r: Reader): ControllerDriveReading {
  const c = "omni_wheel_drive_controller";
  const wheels = r.names("wheel_names");
  if (wheels === undefined || wheels.length < 3)
    return { ok: false, reason: `${c} needs 3 or more joints in wheel_names`, param: "wheel_names" };
  const drive: OmniDrive = { type: "omni", wheels };
  const held = ["robot_radius", "wheel_radius", "wheel_offset"].filter((n) => r.num(n) !== undefined);
  return {
    ok: true,
    drive,
    carried: {},
    notes:
      held.length === 0
        ? []
        : [
            `${held.join(", ")}: robokit's omni drive reads the wheels' places and radii from the robot, not from these (validate --robot compares them)`,
          ],
  };
}

/** The controller's speed and acceleration limits, which robokit's drive does not hold. */
function limitNotes(r: Reader, axes: readonly string[]): string[] {
  const set = axes.flatMap((axis) =>
    ["max_velocity", "max_acceleration", "max_jerk"]
      .filter((k) => {
        const v = r.num(`${axis}.${k}`);
        const enabled = r.bool(`${axis}.has_${k.slice(4)}_limits`, true);
        return v !== undefined && Number.isFinite(v) && v !== 0 && enabled;
      })
      .map((k) => `${axis}.${k}`),
  );
  return set.length === 0
    ? []
    : [
        `${set.join(", ")}: the controller limits the commanded twist; robokit's drive does not hold these limits (a scenario's maxAcceleration limits the command instead, and each wheel joint's velocity limit bounds its rate)`,
      ];
}
