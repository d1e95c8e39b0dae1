import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import {
  baseControllerWithoutDrive,
  DRIVE_CONTROLLER_CLASSES,
  driveOfController,
} from "../../emit/ros2-control/driveOfController.js";
import type { Drive } from "../../model/Drive.js";
import type { Robot } from "../../model/Robot.js";
import { assertNever } from "../../util/assertNever.js";
import type { LoadedController, ParameterFileInput } from "./checkControllerParameters.js";
import { controllerDiagnostic } from "./controllerDiagnostic.js";
import type { FilePlace } from "./readParameterFile.js";
import { readRos2ControlInterfaces } from "./readRos2ControlInterfaces.js";
import { readTransmissionInterfaces } from "./readTransmissionInterfaces.js";
import { wheelPlaces } from "./wheelPlaces.js";

/** A joint a drive moves, the command robokit drives it with, and the parameter that names it. */
export interface DriveJointCommand {
  readonly joint: string;
  readonly command: "velocity" | "position";
  readonly param: string;
}

/** The drive a robot's own controllers give it. */
export interface ControllerDrive {
  /** The controller the drive is read from. */
  readonly controller: LoadedController;
  readonly drive: Drive;
  /** Every joint the drive moves, with its command. */
  readonly joints: readonly DriveJointCommand[];
  /** The parameters whose numbers the drive carries, by the drive field they set. */
  readonly carried: Readonly<Record<string, string>>;
  /** What the controller does that the drive does not hold, one sentence each. */
  readonly notes: readonly string[];
}

/** Controllers that read or move joints but never a base: named as such when nothing drives one. */
const BROADCASTER = /broadcaster/i;

/**
 * The drive of a robot from its loaded controllers (the one mobile-base controller among them,
 * {@link driveOfController}), checked against the robot: every joint the controller names is a
 * joint of the robot of the kind it drives, declared by the robot's `<ros2_control>` block (whose
 * interfaces `checkAgainstRobot` already checks), else by its ROS 1 `<transmission>` elements
 * with the hardware interface the controller needs, else taken as it is with a warning.
 * Refusals are CONTROLLER_NOT_DRIVABLE errors at the parameter's place; `drive` is then absent.
 */
export function controllerDrive(
  controllers: readonly LoadedController[],
  robot: Robot,
  robotFile: ParameterFileInput,
  fileStart: FilePlace,
): { drive?: ControllerDrive; diagnostics: Diagnostic[] } {
  const refuse = (message: string, at: FilePlace): { diagnostics: Diagnostic[] } => ({
    diagnostics: [controllerDiagnostic("controllerNotDrivable", message, at)],
  });
  const bases = controllers.filter((c) => DRIVE_CONTROLLER_CLASSES.has(c.type));
  if (bases.length > 1)
    return refuse(
      `${bases.length} drive controllers (${bases.map((c) => `"${c.name}"`).join(", ")}); robokit drives a base with one`,
      bases[1]?.typeAt ?? fileStart,
    );
  const c = bases[0];
  if (c === undefined) {
    const others = controllers.filter((o) => !BROADCASTER.test(o.type));
    const why = others.map((o) => `"${o.name}" (${o.type}): ${whyNot(o)}`);
    return refuse(
      others.length === 0
        ? "no controller moves the base (robokit drives diff_drive_controller, mecanum_drive_controller, the steering controllers and omni_wheel_drive_controller)"
        : `no controller robokit can drive the base as: ${why.join("; ")}`,
      others[0]?.typeAt ?? controllers[0]?.typeAt ?? fileStart,
    );
  }
  const placeOf = (param: string | undefined, element?: number): FilePlace => {
    const p = param === undefined ? undefined : c.params.get(param)?.param;
    return (element === undefined ? undefined : p?.elements?.[element]) ?? p?.at ?? c.typeAt;
  };
  const reading = driveOfController(c.type, (name) => c.params.get(name)?.param.value.value);
  if (!reading.ok) return refuse(`controller "${c.name}": ${reading.reason}`, placeOf(reading.param));
  const joints = jointCommands(reading.drive, c);
  const diagnostics: Diagnostic[] = [];
  const byName = new Map((robot.joints ?? []).map((j) => [j.name, j] as const));
  for (const [i, j] of joints.entries()) {
    const found = byName.get(j.joint);
    const index = joints.filter((o, k) => k < i && o.param === j.param).length;
    const at = placeOf(j.param, index);
    const turns = found?.type === "continuous" || found?.type === "revolute";
    if (found === undefined || !turns)
      diagnostics.push(
        controllerDiagnostic(
          "controllerNotDrivable",
          `controller "${c.name}": ${j.param} names "${j.joint}", ${found === undefined ? `which is not a joint of ${robotFile.path}` : `a ${found.type} joint; it must turn (continuous or revolute) for the controller to ${j.command === "velocity" ? "spin" : "steer"} it`}`,
          at,
        ),
      );
  }
  if (diagnostics.length > 0) return { diagnostics };
  diagnostics.push(...declared(c, joints, robotFile, placeOf));
  const baseValue = c.params.get("base_frame_id")?.param.value;
  const drive = sided(reading.drive, robot, baseValue?.type === "string" ? baseValue.value : "base_link");
  return {
    drive: { controller: c, drive, joints, carried: reading.carried, notes: reading.notes },
    diagnostics,
  };
}

/**
 * A steering drive's joint pairs as [left, right], by where the robot puts the wheels (+y is
 * left, REP-103). The steering controllers of Jazzy and later document their lists as
 * [right, left], robokit's own files write [left, right]: the robot says which is which.
 */
function sided(drive: Drive, robot: Robot, base: string): Drive {
  const pair = (p: readonly [string, string]): [string, string] => {
    const [a, b] = wheelPlaces(robot, p, base);
    return a !== undefined && b !== undefined && a.y < b.y ? [p[1], p[0]] : [p[0], p[1]];
  };
  switch (drive.type) {
    case "ackermann":
      return { ...drive, steering: pair(drive.steering), traction: pair(drive.traction) };
    case "tricycle":
      return { ...drive, traction: pair(drive.traction) };
    // Their joints are named by role (left, right, front left, …), not as a pair.
    case "differential":
    case "mecanum":
    case "bicycle":
    case "omni":
    case "steered":
      return drive;
    default:
      return assertNever(drive, "drive type");
  }
}

/** Why a loaded controller is not one robokit drives a base as. */
function whyNot(c: LoadedController): string {
  if (c.cls === undefined) return "not a ros2_controllers class of this distro, so robokit cannot tell what it does";
  return baseControllerWithoutDrive(c.type) ?? "it moves joints, not a base";
}

/** The joints a drive moves, with the command its controller writes and the parameter naming each. */
function jointCommands(drive: Drive, c: LoadedController): DriveJointCommand[] {
  const has = (name: string): boolean => c.params.has(name);
  const wheels = (list: readonly string[], param: string): DriveJointCommand[] =>
    list.map((joint) => ({ joint, command: "velocity", param }));
  const steer = (list: readonly string[], param: string): DriveJointCommand[] =>
    list.map((joint) => ({ joint, command: "position", param }));
  // Humble names steering and traction joints by axle.
  const tractionParam = has("traction_joints_names") ? "traction_joints_names" : "rear_wheels_names";
  const steeringParam = has("steering_joints_names") ? "steering_joints_names" : "front_wheels_names";
  switch (drive.type) {
    case "differential":
      return [...wheels(drive.left, "left_wheel_names"), ...wheels(drive.right, "right_wheel_names")];
    case "mecanum":
      return [
        ...wheels([drive.frontLeft], "front_left_wheel_command_joint_name"),
        ...wheels([drive.frontRight], "front_right_wheel_command_joint_name"),
        ...wheels([drive.rearLeft], "rear_left_wheel_command_joint_name"),
        ...wheels([drive.rearRight], "rear_right_wheel_command_joint_name"),
      ];
    case "ackermann":
      return [...wheels(drive.traction, tractionParam), ...steer(drive.steering, steeringParam)];
    case "bicycle":
      return [...wheels([drive.traction], tractionParam), ...steer([drive.steering], steeringParam)];
    case "tricycle":
      return [...wheels(drive.traction, tractionParam), ...steer([drive.steering], steeringParam)];
    case "omni":
      return wheels(drive.wheels, "wheel_names");
    case "steered":
      return [
        ...drive.modules.flatMap((m) => wheels([m.wheel], "joints")),
        ...drive.modules.flatMap((m) => steer([m.steer], "joints")),
      ];
    default:
      assertNever(drive, "drive type");
  }
}

/**
 * Whether the robot declares the drive's joints: a `<ros2_control>` block (its interfaces are
 * checked by checkAgainstRobot), else `<transmission>` elements with the controller's hardware
 * interface, else a warning.
 */
function declared(
  c: LoadedController,
  joints: readonly DriveJointCommand[],
  robotFile: ParameterFileInput,
  placeOf: (param: string | undefined, element?: number) => FilePlace,
): Diagnostic[] {
  if (readRos2ControlInterfaces(robotFile.text, robotFile.path) !== undefined) return [];
  const transmissions = readTransmissionInterfaces(robotFile.text, robotFile.path);
  if (transmissions === undefined)
    return [
      controllerDiagnostic(
        "controllerJointsUndeclared",
        `controller "${c.name}": ${robotFile.path} declares no <ros2_control> block and no <transmission>`,
        c.typeAt,
      ),
    ];
  const out: Diagnostic[] = [];
  for (const [i, j] of joints.entries()) {
    const index = joints.filter((o, k) => k < i && o.param === j.param).length;
    const got = transmissions.get(j.joint);
    if (got === undefined || !got.has(j.command))
      out.push(
        controllerDiagnostic(
          got === undefined ? "controllerJointUnknown" : "controllerInterfaceMissing",
          got === undefined
            ? `controller "${c.name}" (${c.type}): joint "${j.joint}" has no <transmission> in ${robotFile.path}`
            : `controller "${c.name}" (${c.type}) commands the ${j.command} of "${j.joint}", but its <transmission> in ${robotFile.path} offers [${[...got].join(", ")}]`,
          placeOf(j.param, index),
        ),
      );
  }
  return out;
}
