import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { Robot } from "../../model/Robot.js";
import { formatNumber } from "../../util/formatNumber.js";
import type { LoadedController } from "./checkControllerParameters.js";
import { controllerDiagnostic } from "./controllerDiagnostic.js";
import { type WheelPlace, wheelPlaces } from "./wheelPlaces.js";
import type { RosParam } from "./readParameterFile.js";

/** Relative difference beyond which a controller's geometry disagrees with the robot's. */
export const GEOMETRY_TOLERANCE = 0.01;

/** What the per-drive checks read and report through. */
interface GeometryContext {
  readonly param: (name: string) => RosParam | undefined;
  /** A string or string-array parameter as a list (empty when unset). */
  readonly strings: (name: string) => string[];
  /** The wheels under the named joints, in the controller's base frame (joints the robot lacks left out). */
  readonly places: (joints: readonly string[]) => WheelPlace[];
  /** Reports the parameter when it is set and more than 1 % away from the robot's value (m). */
  readonly compare: (name: string, robotValue: number | undefined, what: string) => void;
}

/**
 * Compares a drive controller's geometry parameters with the robot's wheels (joint origins at
 * zero positions, collision cylinders and spheres), in the controller's `base_frame_id`
 * (default base_link): a difference over 1 % is a warning naming both numbers.
 */
export function checkControllerGeometry(c: LoadedController, robot: Robot): Diagnostic[] {
  const out: Diagnostic[] = [];
  const param = (name: string): RosParam | undefined => c.params.get(name)?.param;
  const baseValue = param("base_frame_id")?.value;
  const base = baseValue?.type === "string" ? baseValue.value : "base_link";
  const ctx: GeometryContext = {
    param,
    strings: (name) => {
      const v = param(name)?.value;
      return v?.type === "string_array" ? [...v.value] : v?.type === "string" && v.value !== "" ? [v.value] : [];
    },
    places: (joints) => wheelPlaces(robot, joints, base).filter((w): w is WheelPlace => w !== undefined),
    compare: (name, robotValue, what) => {
      const p = param(name);
      // An integer is already a type error.
      const given = p?.value.type === "double" ? p.value.value : undefined;
      if (p === undefined || given === undefined || robotValue === undefined || !(robotValue > 0)) return;
      if (Math.abs(given - robotValue) <= GEOMETRY_TOLERANCE * robotValue) return;
      const percent = formatNumber(Math.round((given / robotValue - 1) * 1000) / 10);
      out.push(
        controllerDiagnostic(
          "controllerGeometryMismatch",
          `controller "${c.name}": ${name} is ${formatNumber(given)} m, but the robot's ${what} is ${formatNumber(robotValue)} m (${percent} %)`,
          p.at,
        ),
      );
    },
  };
  switch (c.cls?.name) {
    case "diff_drive_controller/DiffDriveController":
      diffDrive(ctx);
      break;
    case "mecanum_drive_controller/MecanumDriveController":
      mecanum(ctx);
      break;
    case "omni_wheel_drive_controller/OmniWheelDriveController": {
      const ws = ctx.places(ctx.strings("wheel_names"));
      ctx.compare(
        "robot_radius",
        mean(ws.map((w) => Math.hypot(w.x, w.y))),
        "distance from the base to the wheel centres",
      );
      ctx.compare("wheel_radius", meanRadius(ws), "wheel radius (collision cylinder)");
      break;
    }
    case "tricycle_controller/TricycleController": {
      const [traction] = ctx.places(ctx.strings("traction_joint_name"));
      const [steer] = ctx.places(ctx.strings("steering_joint_name"));
      const wheelbase = traction === undefined || steer === undefined ? undefined : Math.abs(steer.x - traction.x);
      ctx.compare("wheelbase", wheelbase, "wheelbase (steering to traction wheel centre)");
      ctx.compare("wheel_radius", traction?.radius, "traction wheel radius (collision cylinder)");
      break;
    }
    case "ackermann_steering_controller/AckermannSteeringController":
    case "bicycle_steering_controller/BicycleSteeringController":
    case "tricycle_steering_controller/TricycleSteeringController":
      steering(ctx);
      break;
    default:
      break;
  }
  return out;
}

function diffDrive(ctx: GeometryContext): void {
  const left = ctx.places(ctx.strings("left_wheel_names"));
  const right = ctx.places(ctx.strings("right_wheel_names"));
  const yl = mean(left.map((w) => w.y));
  const yr = mean(right.map((w) => w.y));
  const separation = yl === undefined || yr === undefined ? undefined : Math.abs(yl - yr);
  ctx.compare("wheel_separation", separation, "wheel separation (left to right wheel centres)");
  ctx.compare("wheel_radius", meanRadius([...left, ...right]), "wheel radius (collision cylinder)");
}

function mecanum(ctx: GeometryContext): void {
  const corners = ["front_left", "front_right", "rear_right", "rear_left"];
  const ws = ctx.places(corners.flatMap((w) => ctx.strings(`${w}_wheel_command_joint_name`)));
  ctx.compare("kinematics.wheels_radius", meanRadius(ws), "wheel radius (collision cylinder)");
  const lxPlusLy = mean(ws.map((w) => Math.abs(w.x) + Math.abs(w.y)));
  ctx.compare("kinematics.sum_of_robot_center_projection_on_X_Y_axis", lxPlusLy, "|x| + |y| of the wheel centres");
}

/** steering_controllers_library: rolling's steering/traction joint lists, or the front/rear lists of older distros. */
function steering(ctx: GeometryContext): void {
  const front = ctx.param("front_steering")?.value;
  const frontSteering = front?.type === "bool" ? front.value : true;
  const pick = (modern: string, oldFront: string, oldRear: string): string[] =>
    ctx.param(modern) !== undefined ? ctx.strings(modern) : ctx.strings(frontSteering ? oldFront : oldRear);
  const steered = ctx.places(pick("steering_joints_names", "front_wheels_names", "rear_wheels_names"));
  const traction = ctx.places(pick("traction_joints_names", "rear_wheels_names", "front_wheels_names"));
  const xs = mean(steered.map((w) => w.x));
  const xt = mean(traction.map((w) => w.x));
  const wheelbase = xs === undefined || xt === undefined ? undefined : Math.abs(xs - xt);
  ctx.compare("wheelbase", wheelbase, "wheelbase (steered to traction wheel centres)");
  const [frontWheels, rearWheels] = frontSteering ? [steered, traction] : [traction, steered];
  ctx.compare("steering_track_width", spread(steered), "steering track (steered wheel centres)");
  ctx.compare("traction_track_width", spread(traction), "traction track (traction wheel centres)");
  ctx.compare("wheel_track", spread(traction), "traction track (traction wheel centres)");
  ctx.compare("front_wheel_track", spread(frontWheels), "front track (front wheel centres)");
  ctx.compare("rear_wheel_track", spread(rearWheels), "rear track (rear wheel centres)");
  for (const [names, wheels, what] of [
    [["traction_wheels_radius", "traction_wheel_radius"], traction, "traction"],
    [["front_wheels_radius", "front_wheel_radius"], frontWheels, "front"],
    [["rear_wheels_radius", "rear_wheel_radius"], rearWheels, "rear"],
  ] as const)
    for (const name of names) ctx.compare(name, meanRadius(wheels), `${what} wheel radius (collision cylinder)`);
}

function mean(xs: readonly number[]): number | undefined {
  return xs.length === 0 ? undefined : xs.reduce((a, b) => a + b, 0) / xs.length;
}

function meanRadius(wheels: readonly WheelPlace[]): number | undefined {
  return mean(wheels.map((w) => w.radius).filter((x): x is number => x !== undefined));
}

/** Lateral distance between the outermost wheel centres (m), undefined for fewer than two wheels. */
function spread(wheels: readonly WheelPlace[]): number | undefined {
  if (wheels.length < 2) return undefined;
  const ys = wheels.map((w) => w.y);
  return Math.max(...ys) - Math.min(...ys);
}
