import { extname } from "node:path";

import { type Diagnostic, hasErrors } from "../diagnostics/Diagnostic.js";
import type { JointActuator } from "../model/Actuator.js";
import type { Joint } from "../model/Joint.js";
import type { Robot } from "../model/Robot.js";
import { decodeXmlBytes } from "../parse/decodeXmlBytes.js";
import { descriptionToModel } from "../parse/descriptionToModel.js";
import { INPUT_LIMITS } from "../util/inputLimits.js";
import { readControllers } from "../validate/controllers/checkControllerParameters.js";
import type { ControllerDistro } from "../validate/controllers/ControllerDefinitions.js";
import { type ControllerDrive, controllerDrive } from "../validate/controllers/controllerDrive.js";
import { InputError, UsageError } from "./errors.js";
import { readInputFile } from "./readInputFile.js";
import { readDescriptionSource } from "./readXacro.js";

/** How to read a robot file and the controllers that drive it. */
export interface ControlledRobotOptions {
  /** The ROS 2 parameter file of the robot's controllers. */
  readonly controllers: string;
  /** The ROS 2 distro whose controllers read it. */
  readonly distro: ControllerDistro;
  /** xacro `name:=value` arguments. */
  readonly args?: readonly string[];
  /** Folders searched for xacro's ROS packages. */
  readonly includePaths?: readonly string[];
  /** SDF: the `<model>` to read. */
  readonly model?: string;
}

/** A robot read from its description file, with the drive its own controllers give it. */
export interface ControlledRobot {
  /** The robot as read, with `drive` set and an actuator on every joint the drive moves. */
  readonly robot: Robot;
  /** The robot as read, without the drive. */
  readonly asRead: Robot;
  readonly drive: ControllerDrive;
  /** Warnings of the controllers' check against the robot (geometry, undeclared joints, parameters). */
  readonly warnings: readonly Diagnostic[];
  /** Joints whose actuator the drive replaced, one sentence each. */
  readonly replaced: readonly string[];
}

/**
 * Reads a URDF, xacro or SDF robot and a ros2_control parameter file, checks the parameter
 * file against the controllers' definitions and the robot (as `validate --robot` does), and
 * gives the robot the drive of its mobile-base controller. Throws UsageError for a robot file
 * of another kind, and InputError (exit 1) with every diagnostic when either file is invalid or
 * the controllers cannot drive the robot.
 */
export function loadControlledRobot(robotArg: string, opts: ControlledRobotOptions): ControlledRobot {
  const ext = extname(robotArg).toLowerCase();
  if (ext !== ".urdf" && ext !== ".xacro" && ext !== ".sdf")
    throw new UsageError(
      `--controllers reads the drive of a URDF, xacro or SDF robot; ${robotArg} is not one (a robokit robot declares its drive itself)`,
    );
  const decoded = decodeXmlBytes(readInputFile(robotArg, INPUT_LIMITS.maxXmlBytes), robotArg);
  if (decoded.text === undefined) throw new InputError(`${robotArg}: cannot decode the file`, decoded.diagnostics);
  const source = readDescriptionSource(robotArg, robotArg, decoded.text, {
    args: opts.args ?? [],
    includePaths: opts.includePaths ?? [],
  });
  if (source.text === undefined) throw new InputError(`${robotArg}: cannot expand the xacro`, source.diagnostics);
  const read = descriptionToModel(source.text, robotArg, opts.model === undefined ? {} : { model: opts.model });
  const readDiagnostics = [...source.diagnostics, ...read.diagnostics.map(source.toSource)];
  if (read.robot === undefined || hasErrors(readDiagnostics))
    throw new InputError(`${robotArg}: invalid robot description`, readDiagnostics);
  const asRead = read.robot;
  const text = readInputFile(opts.controllers, INPUT_LIMITS.maxDocumentBytes).toString("utf8");
  const robotFile = { path: robotArg, text: source.text };
  const checked = readControllers([{ path: opts.controllers, text }], { distro: opts.distro, robot: robotFile });
  const found = controllerDrive(checked.controllers, asRead, robotFile, {
    file: opts.controllers,
    line: 1,
    column: 1,
  });
  const diagnostics = [...checked.diagnostics, ...found.diagnostics];
  if (found.drive === undefined || hasErrors(diagnostics))
    throw new InputError(
      `${opts.controllers}: robokit cannot drive "${asRead.name}" with these controllers`,
      diagnostics,
    );
  const { robot, replaced } = withDrive(asRead, found.drive);
  return { robot, asRead, drive: found.drive, warnings: diagnostics, replaced };
}

/**
 * The robot with the drive, and on each joint it moves the actuator its controller commands
 * (a URDF's `<ros2_control>` block is not part of the model, so the joints come without one).
 */
function withDrive(robot: Robot, d: ControllerDrive): { robot: Robot; replaced: string[] } {
  const commands = new Map(d.joints.map((j) => [j.joint, j.command] as const));
  const replaced: string[] = [];
  const joints = (robot.joints ?? []).map((j): Joint => {
    const command = commands.get(j.name);
    if (command === undefined || j.actuator?.command === command) return j;
    if (j.actuator !== undefined)
      replaced.push(
        `joint "${j.name}": its ${j.actuator.command} actuator is driven as ${command} by "${d.controller.name}"`,
      );
    const actuator: JointActuator = { command };
    return { ...j, actuator } as Joint;
  });
  // Someone else's file: kept as it says, so what its consumers load is written back with warnings.
  const imported = robot.imported ?? { lenient: true };
  return { robot: { ...robot, joints, drive: d.drive, imported }, replaced };
}
