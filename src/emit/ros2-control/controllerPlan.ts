import type { InterfaceKind } from "../../model/Actuator.js";
import type { Robot } from "../../model/Robot.js";
import { wheelLayout, type OmniWheelLayout } from "../../model/wheelLayout.js";
import { DISTRO_FACTS, defaultDistro, type RosDistro } from "../gazebo/RosDistro.js";
import type { SimTarget } from "../gazebo/SimTarget.js";
import type { ControllerPlan, ControllerSpec } from "./ControllerSpec.js";
import { isSdfOnlyJoint } from "../../model/Joint.js";
import { assertNever } from "../../util/assertNever.js";
import { controlledJoints, type ControlledJoint } from "./controlledJoints.js";
import { driveController } from "./driveController.js";
import { OMNI_CONTROLLER_CLASS } from "./driveOfController.js";
import { jointStateExtraJoints } from "./jointStateExtraJoints.js";
import { ros1HardwareInterface } from "./ros1HardwareInterface.js";
import { rosDouble } from "./rosYaml.js";
import { ScaffoldingError } from "./ScaffoldingError.js";

/** controller_manager `update_rate` (Hz): its documented default, written out explicitly. */
export const CONTROLLER_UPDATE_RATE = 100;

/** ROS 1 joint_state_controller `publish_rate` (Hz, required by the controller). */
export const ROS1_JOINT_STATE_RATE = 50;

/** Angle tolerance (rad) when checking that omni wheels are equally spaced. */
const ANGLE_TOLERANCE = 1e-6;
/** Length tolerance (m) when checking that omni wheels share one radius and one distance. */
const LENGTH_TOLERANCE = 1e-9;

/**
 * The controllers for a robot and target, all read from the model (joint names, command
 * interfaces, gains, radii):
 * - ROS 2: joint_state_broadcaster (passive joints as `extra_joints`, {@link jointStateExtraJoints}); for a steered drive one ForwardCommandController for the
 *   steering joints and one for the wheels (interface_name = their actuators' command);
 *   for an omni drive omni_wheel_drive_controller (Jazzy and later, `gz` only) with a
 *   ForwardCommandController on the wheels for Humble; for a differential, mecanum,
 *   ackermann, bicycle or tricycle drive its ros2_controllers controller
 *   ({@link driveController}); other actuated joints grouped by command interface.
 * - ROS 1: joint_state_controller (passive joints as `extra_joints`) and one controller per
 *   actuated joint (effort_controllers with the actuator's PID when it has one, else
 *   position_/velocity_controllers).
 *
 * Throws ScaffoldingError when the model cannot be controlled as declared (a drive joint
 * without an actuator, mixed command interfaces in one group, unevenly spaced omni wheels).
 */
export function controllerPlan(
  robot: Robot,
  target: SimTarget,
  distro: RosDistro = defaultDistro(target),
): ControllerPlan {
  const controlled = controlledJoints(robot);
  const passive = passiveJoints(robot, controlled);
  switch (target) {
    case "gz":
    case "classic":
      return {
        target,
        distro,
        updateRate: CONTROLLER_UPDATE_RATE,
        controllers: ros2Controllers(
          robot,
          distro,
          target === "gz" && DISTRO_FACTS[distro].omniWheelDriveController,
          controlled,
          passive,
        ),
      };
    case "ros1":
      return {
        target,
        distro,
        updateRate: ROS1_JOINT_STATE_RATE,
        controllers: ros1Controllers(distro, controlled, passive),
      };
    default:
      assertNever(target, "simulation target");
  }
}

/**
 * Non-fixed joints no controller commands (e.g. Robotino's rollers). They have no state
 * interface in the simulator, so the joint state broadcaster publishes them as
 * `extra_joints` (position 0): robot_state_publisher then has a TF for every link. The
 * rollers are round, so the fixed angle does not show.
 */
export function passiveJoints(
  robot: Robot,
  controlled: readonly ControlledJoint[] = controlledJoints(robot),
): string[] {
  const commanded = new Set(controlled.map((c) => c.joint.name));
  return (
    (robot.joints ?? [])
      // SDF-only joints are fixed in the URDF (or absent, a gearbox): robot_state_publisher needs no state for them.
      .filter((j) => j.type !== "fixed" && j.type !== "floating" && !isSdfOnlyJoint(j) && !commanded.has(j.name))
      .map((j) => j.name)
  );
}

function ros2Controllers(
  robot: Robot,
  distro: RosDistro,
  omniController: boolean,
  controlled: readonly ControlledJoint[],
  passive: readonly string[],
): ControllerSpec[] {
  const byName = new Map(controlled.map((c) => [c.joint.name, c] as const));
  const claimed = new Set<string>();
  const out: ControllerSpec[] = [
    {
      name: "joint_state_broadcaster",
      type: "joint_state_broadcaster/JointStateBroadcaster",
      joints: [],
      params: jointStateExtraJoints(distro, passive),
    },
  ];
  const group = (prefix: string, joints: readonly string[]): void => {
    const command = commonCommand(robot, joints, byName, prefix);
    for (const j of joints) claimed.add(j);
    out.push(forward(`${prefix}_${command}_controller`, joints, command));
  };
  const drive = robot.drive;
  if (drive !== undefined) {
    switch (drive.type) {
      case "steered":
        group(
          "steering",
          drive.modules.map((m) => m.steer),
        );
        group(
          "wheel",
          drive.modules.map((m) => m.wheel),
        );
        break;
      case "omni": {
        const command = commonCommand(robot, drive.wheels, byName, "wheel");
        if (command !== "velocity")
          throw new ScaffoldingError(
            robot.name,
            `/drive/wheels`,
            `omni wheel joints must be velocity-commanded (actuator.command "velocity"), found "${command}"`,
          );
        for (const j of drive.wheels) claimed.add(j);
        out.push(
          omniController
            ? omniWheelDriveController(robot)
            : forward("wheel_velocity_controller", drive.wheels, "velocity"),
        );
        break;
      }
      case "differential":
      case "mecanum":
      case "ackermann":
      case "bicycle":
      case "tricycle": {
        const c = driveController(robot, distro, byName);
        for (const j of c.joints) claimed.add(j);
        out.push(c);
        break;
      }
      default:
        assertNever(drive, "drive type");
    }
  }
  const rest = controlled.filter((c) => !claimed.has(c.joint.name));
  for (const command of ["position", "velocity", "effort"] as const) {
    const joints = rest.filter((c) => c.command === command).map((c) => c.joint.name);
    if (joints.length > 0) out.push(forward(`joint_${command}_controller`, joints, command));
  }
  return out;
}

function forward(name: string, joints: readonly string[], command: InterfaceKind): ControllerSpec {
  return {
    name,
    type: "forward_command_controller/ForwardCommandController",
    joints,
    commandInterface: command,
    params: { joints: [...joints], interface_name: command },
  };
}

function commonCommand(
  robot: Robot,
  joints: readonly string[],
  byName: ReadonlyMap<string, ControlledJoint>,
  role: string,
): InterfaceKind {
  let command: InterfaceKind | undefined;
  for (const name of joints) {
    const c = byName.get(name);
    const index = (robot.joints ?? []).findIndex((j) => j.name === name);
    if (c === undefined)
      throw new ScaffoldingError(
        robot.name,
        `/joints/${index}/actuator`,
        `${role} joint "${name}" has no actuator; give it actuator.command so a controller can drive it`,
      );
    if (command !== undefined && c.command !== command) {
      throw new ScaffoldingError(
        robot.name,
        `/joints/${index}/actuator/command`,
        `${role} joints mix command interfaces ("${command}" and "${c.command}" on "${name}"); one controller needs one interface`,
      );
    }
    command = c.command;
  }
  if (command === undefined) throw new ScaffoldingError(robot.name, "/drive", `the drive has no ${role} joints`);
  return command;
}

/**
 * omni_wheel_drive_controller parameters. It numbers wheels anti-clockwise from
 * `wheel_offset`, assumes equal spacing 2π/n, one robot radius and one wheel radius, and
 * that a positive wheel speed pushes the base clockwise about its centre.
 */
function omniWheelDriveController(robot: Robot): ControllerSpec {
  const layout = wheelLayout(robot);
  if (layout.type !== "omni") throw new ScaffoldingError(robot.name, "/drive", "expected an omni drive");
  const first = layout.wheels[0];
  if (first === undefined) throw new ScaffoldingError(robot.name, "/drive/wheels", "an omni drive needs wheels");
  const n = layout.wheels.length;
  const ccw = (w: OmniWheelLayout): number => positiveAngle(w.angle - first.angle);
  const ordered = [...layout.wheels].sort((a, b) => ccw(a) - ccw(b));
  ordered.forEach((w, i) => {
    const expected = (2 * Math.PI * i) / n;
    if (Math.abs(ccw(w) - expected) > ANGLE_TOLERANCE) {
      throw new ScaffoldingError(
        robot.name,
        "/drive/wheels",
        `omni wheel "${w.joint}" sits ${ccw(w)} rad from "${first.joint}"; omni_wheel_drive_controller needs equal spacing 2π/${n}`,
      );
    }
    if (
      Math.abs(w.distance - first.distance) > LENGTH_TOLERANCE ||
      Math.abs(w.radius - first.radius) > LENGTH_TOLERANCE
    ) {
      throw new ScaffoldingError(
        robot.name,
        "/drive/wheels",
        `omni wheel "${w.joint}" differs from "${first.joint}" in distance or radius; omni_wheel_drive_controller needs one of each`,
      );
    }
    if (w.wheelDirection !== -1) {
      throw new ScaffoldingError(
        robot.name,
        "/drive/wheels",
        `omni wheel "${w.joint}": a positive joint rate pushes the base counter-clockwise; omni_wheel_drive_controller expects clockwise (point the joint axis outward from the centre)`,
      );
    }
  });
  const wheels = ordered.map((w) => w.joint);
  return {
    name: "omni_wheel_drive_controller",
    type: OMNI_CONTROLLER_CLASS,
    joints: wheels,
    commandInterface: "velocity",
    params: {
      wheel_names: wheels,
      wheel_offset: rosDouble(positiveAngle(first.angle)),
      robot_radius: rosDouble(first.distance),
      wheel_radius: rosDouble(first.radius),
      base_frame_id: layout.baseLink,
      odom_frame_id: "odom",
    },
  };
}

function positiveAngle(a: number): number {
  const t = a % (2 * Math.PI);
  const p = t < -ANGLE_TOLERANCE ? t + 2 * Math.PI : t;
  return Math.abs(p - 2 * Math.PI) < ANGLE_TOLERANCE ? 0 : Math.max(p, 0);
}

function ros1Controllers(
  distro: RosDistro,
  controlled: readonly ControlledJoint[],
  passive: readonly string[],
): ControllerSpec[] {
  const out: ControllerSpec[] = [
    {
      name: "joint_state_controller",
      type: "joint_state_controller/JointStateController",
      joints: [],
      params: { publish_rate: ROS1_JOINT_STATE_RATE, ...jointStateExtraJoints(distro, passive) },
    },
  ];
  for (const c of controlled) {
    const hw = ros1HardwareInterface(c);
    const kind = c.command === "position" ? "Position" : c.command === "velocity" ? "Velocity" : "Effort";
    const pkg =
      hw === "effort" ? "effort_controllers" : hw === "velocity" ? "velocity_controllers" : "position_controllers";
    const pid = c.actuator.pid;
    const params: Record<string, unknown> = { joint: c.joint.name };
    if (hw === "effort" && c.command !== "effort" && pid !== undefined) {
      params["pid"] = {
        p: rosDouble(pid.p),
        i: rosDouble(pid.i ?? 0),
        d: rosDouble(pid.d ?? 0),
        ...(pid.iClamp === undefined ? {} : { i_clamp: rosDouble(pid.iClamp) }),
      };
    }
    out.push({
      name: `${c.joint.name}_${c.command}_controller`,
      type: `${pkg}/Joint${kind}Controller`,
      joints: [c.joint.name],
      commandInterface: hw,
      params,
    });
  }
  return out;
}
