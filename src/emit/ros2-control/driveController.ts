import type { InterfaceKind } from "../../model/Actuator.js";
import {
  type AckermannGeometry,
  type BicycleGeometry,
  type DifferentialGeometry,
  type DriveGeometry,
  driveGeometry,
  type DriveSteering,
  type MecanumGeometry,
  type TricycleGeometry,
} from "../../model/driveGeometry.js";
import type { Robot } from "../../model/Robot.js";
import type { RosDistro } from "../gazebo/RosDistro.js";
import type { ControlledJoint } from "./controlledJoints.js";
import type { ControllerSpec } from "./ControllerSpec.js";
import { rosDouble } from "./rosYaml.js";
import { ScaffoldingError } from "./ScaffoldingError.js";
import { assertNever } from "../../util/assertNever.js";

/** The drives a ros2_controllers mobile-base controller drives, one controller each. */
export type MobileBaseGeometry = Exclude<DriveGeometry, { type: "steered" } | { type: "omni" }>;

/** A joint a drive controller claims, with the interfaces ros2_control must offer on it. */
export interface ClaimedJoint {
  readonly joint: string;
  /** Command interface the controller writes. */
  readonly command: InterfaceKind;
  /** State interface the controller reads (its parameter defaults, which robokit keeps). */
  readonly state: InterfaceKind;
}

/**
 * The ros2_controllers controller for a differential, mecanum, ackermann, bicycle or tricycle
 * drive on a ROS 2 distro, with the parameter names that distro's definition declares
 * (data/ros2_controllers/<distro>): every number from {@link driveGeometry}, every double a
 * ROS double. Each of the five controllers ships in Humble, Jazzy, Kilted and Rolling.
 *
 * Throws ScaffoldingError when a joint the controller claims has no actuator, or one whose
 * command or states are not the interfaces the controller uses, or when the distro needs a
 * number the model does not hold (Humble's steered-wheel radius).
 */
export function driveController(
  robot: Robot,
  distro: RosDistro,
  byName: ReadonlyMap<string, ControlledJoint>,
): ControllerSpec {
  const g = driveGeometry(robot);
  if (g.type === "steered" || g.type === "omni")
    throw new ScaffoldingError(
      robot.name,
      "/drive",
      `the ${g.type} drive has no ros2_controllers mobile-base controller`,
    );
  const claims = claimedJoints(g);
  for (const c of claims) checkInterfaces(robot, c, byName, controllerName(g));
  const joints = claims.map((c) => c.joint);
  switch (g.type) {
    case "differential":
      return { ...spec(g, joints, "velocity"), params: diffDriveParams(g, distro) };
    case "mecanum":
      return { ...spec(g, joints, "velocity"), params: mecanumParams(g) };
    case "ackermann":
    case "bicycle":
    case "tricycle":
      return { ...spec(g, joints, undefined), params: steeringParams(robot, g, distro) };
    default:
      assertNever(g, "g.type");
  }
}

/** Controller name (and package) per drive. */
export function controllerName(g: MobileBaseGeometry): string {
  switch (g.type) {
    case "differential":
      return "diff_drive_controller";
    case "mecanum":
      return "mecanum_drive_controller";
    case "ackermann":
      return "ackermann_steering_controller";
    case "bicycle":
      return "bicycle_steering_controller";
    case "tricycle":
      return "tricycle_steering_controller";
    default:
      assertNever(g, "g.type");
  }
}

const CLASSES: Readonly<Record<MobileBaseGeometry["type"], string>> = {
  differential: "diff_drive_controller/DiffDriveController",
  mecanum: "mecanum_drive_controller/MecanumDriveController",
  ackermann: "ackermann_steering_controller/AckermannSteeringController",
  bicycle: "bicycle_steering_controller/BicycleSteeringController",
  tricycle: "tricycle_steering_controller/TricycleSteeringController",
};

/**
 * The topic (under the controller's name) where each mobile-base controller takes its body
 * twist, a geometry_msgs/TwistStamped on every distro as robokit configures it.
 */
export function twistTopic(type: MobileBaseGeometry["type"]): string {
  return type === "differential" ? "cmd_vel" : "reference";
}

/** The pluginlib class of each drive's controller. */
export function controllerClass(type: MobileBaseGeometry["type"]): string {
  return CLASSES[type];
}

/**
 * The joints each controller claims and the interfaces it uses with its defaults:
 * diff_drive_controller commands wheel velocity and reads position (position_feedback true);
 * mecanum_drive_controller commands and reads velocity; the steering controllers command
 * steering position and traction velocity, and read steering position and traction velocity
 * (position_feedback false).
 */
export function claimedJoints(g: MobileBaseGeometry): ClaimedJoint[] {
  const wheel = (joint: string, state: InterfaceKind): ClaimedJoint => ({ joint, command: "velocity", state });
  const steer = (s: DriveSteering): ClaimedJoint => ({ joint: s.joint, command: "position", state: "position" });
  switch (g.type) {
    case "differential":
      return [...g.left, ...g.right].map((w) => wheel(w.joint, "position"));
    case "mecanum":
      return [g.frontLeft, g.frontRight, g.rearLeft, g.rearRight].map((w) => wheel(w.joint, "velocity"));
    case "ackermann":
      return [...g.traction.map((w) => wheel(w.joint, "velocity")), ...g.steering.map(steer)];
    case "bicycle":
      return [wheel(g.traction.joint, "velocity"), steer(g.steering)];
    case "tricycle":
      return [...g.traction.map((w) => wheel(w.joint, "velocity")), steer(g.steering)];
    default:
      assertNever(g, "g.type");
  }
}

function spec(g: MobileBaseGeometry, joints: readonly string[], command: InterfaceKind | undefined) {
  return {
    name: controllerName(g),
    type: controllerClass(g.type),
    joints,
    ...(command === undefined ? {} : { commandInterface: command }),
  };
}

function checkInterfaces(
  robot: Robot,
  c: ClaimedJoint,
  byName: ReadonlyMap<string, ControlledJoint>,
  controller: string,
): void {
  const index = (robot.joints ?? []).findIndex((j) => j.name === c.joint);
  const got = byName.get(c.joint);
  if (got === undefined)
    throw new ScaffoldingError(
      robot.name,
      `/joints/${index}/actuator`,
      `joint "${c.joint}" has no actuator; ${controller} commands its ${c.command}: give it actuator: { command: "${c.command}" }`,
    );
  if (got.command !== c.command)
    throw new ScaffoldingError(
      robot.name,
      `/joints/${index}/actuator/command`,
      `joint "${c.joint}": ${controller} commands its ${c.command}, but its actuator declares "${got.command}"`,
    );
  if (!got.states.includes(c.state))
    throw new ScaffoldingError(
      robot.name,
      `/joints/${index}/actuator/states`,
      `joint "${c.joint}": ${controller} reads its ${c.state} state, which its actuator's states (${got.states.join(", ")}) leave out`,
    );
}

function diffDriveParams(g: DifferentialGeometry, distro: RosDistro): Record<string, unknown> {
  const wheels = [...g.left, ...g.right];
  const speeds = wheels.flatMap((w) => (w.maxSpeed === undefined ? [] : [w.maxSpeed]));
  const params: Record<string, unknown> = {
    left_wheel_names: g.left.map((w) => w.joint),
    right_wheel_names: g.right.map((w) => w.joint),
    wheel_separation: rosDouble(g.wheelSeparation),
    ...(g.wheelSeparationMultiplier === 1
      ? {}
      : { wheel_separation_multiplier: rosDouble(g.wheelSeparationMultiplier) }),
    wheel_radius: rosDouble(g.wheelRadius),
    odom_frame_id: "odom",
    base_frame_id: g.baseLink,
  };
  if (speeds.length === wheels.length && speeds.length > 0) {
    // The slowest wheel bounds the base: straight at r·ω, turning on the spot at 2·r·ω / separation.
    const omega = Math.min(...speeds);
    const v = g.wheelRadius * omega;
    // The controller turns through the effective separation (wheel_separation_multiplier).
    const w = (2 * v) / (g.wheelSeparation * g.wheelSeparationMultiplier);
    // Humble applies limits only when told to (has_velocity_limits false by default).
    const flag = distro === "humble" ? { has_velocity_limits: true } : {};
    params["linear"] = { x: { ...flag, max_velocity: rosDouble(v), min_velocity: rosDouble(-v) } };
    params["angular"] = { z: { ...flag, max_velocity: rosDouble(w), min_velocity: rosDouble(-w) } };
  }
  return params;
}

function mecanumParams(g: MecanumGeometry): Record<string, unknown> {
  return {
    front_left_wheel_command_joint_name: g.frontLeft.joint,
    front_right_wheel_command_joint_name: g.frontRight.joint,
    rear_right_wheel_command_joint_name: g.rearRight.joint,
    rear_left_wheel_command_joint_name: g.rearLeft.joint,
    kinematics: {
      wheels_radius: rosDouble(g.wheelRadius),
      sum_of_robot_center_projection_on_X_Y_axis: rosDouble(g.sumOfDistances),
    },
    base_frame_id: g.baseLink,
    odom_frame_id: "odom",
  };
}

/**
 * The steering controllers' parameters. Humble names the joints by axle (front_wheels_names
 * steer with front_steering true, rear_wheels_names drive) and needs both axles' radii;
 * Jazzy adds, and Kilted keeps only, the traction/steering names and radius.
 */
function steeringParams(
  robot: Robot,
  g: AckermannGeometry | BicycleGeometry | TricycleGeometry,
  distro: RosDistro,
): Record<string, unknown> {
  const traction = g.type === "bicycle" ? [g.traction.joint] : g.traction.map((w) => w.joint);
  const steering = g.type === "ackermann" ? g.steering.map((s) => s.joint) : [g.steering.joint];
  const common = { base_frame_id: g.baseLink, odom_frame_id: "odom" };
  if (distro === "humble" || distro === "noetic") {
    // ROS 1 never reaches here (its controllers are per joint); noetic shares Humble's names for exhaustiveness.
    const front = steeredRadius(robot, g);
    const specific =
      g.type === "ackermann"
        ? {
            front_wheel_track: rosDouble(g.steeringTrackWidth),
            rear_wheel_track: rosDouble(g.tractionTrackWidth),
            wheelbase: rosDouble(g.wheelbase),
            front_wheels_radius: rosDouble(front),
            rear_wheels_radius: rosDouble(g.wheelRadius),
          }
        : g.type === "bicycle"
          ? {
              wheelbase: rosDouble(g.wheelbase),
              front_wheel_radius: rosDouble(front),
              rear_wheel_radius: rosDouble(g.wheelRadius),
            }
          : {
              wheel_track: rosDouble(g.tractionTrackWidth),
              wheelbase: rosDouble(g.wheelbase),
              front_wheels_radius: rosDouble(front),
              rear_wheels_radius: rosDouble(g.wheelRadius),
            };
    // use_stamped_vel: Humble's default (false) listens for an unstamped Twist on ~/reference_unstamped;
    // stamped, the controller takes a TwistStamped on ~/reference, as on every later distro.
    return {
      front_steering: true,
      front_wheels_names: steering,
      rear_wheels_names: traction,
      ...specific,
      use_stamped_vel: true,
      ...common,
    };
  }
  const specific =
    g.type === "ackermann"
      ? {
          wheelbase: rosDouble(g.wheelbase),
          traction_track_width: rosDouble(g.tractionTrackWidth),
          steering_track_width: rosDouble(g.steeringTrackWidth),
          traction_wheels_radius: rosDouble(g.wheelRadius),
        }
      : g.type === "bicycle"
        ? { wheelbase: rosDouble(g.wheelbase), traction_wheel_radius: rosDouble(g.wheelRadius) }
        : {
            wheelbase: rosDouble(g.wheelbase),
            traction_track_width: rosDouble(g.tractionTrackWidth),
            traction_wheels_radius: rosDouble(g.wheelRadius),
          };
  return { traction_joints_names: traction, steering_joints_names: steering, ...specific, ...common };
}

function steeredRadius(robot: Robot, g: AckermannGeometry | BicycleGeometry | TricycleGeometry): number {
  if (g.steeredWheelRadius !== undefined) return g.steeredWheelRadius;
  const joints = g.type === "ackermann" ? g.steering.map((s) => s.joint) : [g.steering.joint];
  throw new ScaffoldingError(
    robot.name,
    "/drive/steering",
    `Humble's ${controllerName(g)} needs the steered wheels' radius, but the wheels steered by ${joints.map((j) => `"${j}"`).join(", ")} have no cylinder or sphere collision (hang a continuous wheel joint with one below the steering joint)`,
  );
}
