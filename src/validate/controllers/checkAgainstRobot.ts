import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { Robot } from "../../model/Robot.js";
import { descriptionToModel } from "../../parse/descriptionToModel.js";
import { formatNumber } from "../../util/formatNumber.js";
import type { LoadedController, ParameterFileInput } from "./checkControllerParameters.js";
import { controllerClaims } from "./controllerClaims.js";
import { controllerDiagnostic } from "./controllerDiagnostic.js";
import { type WheelPlace, wheelPlaces } from "./driveGeometry.js";
import { readRos2ControlInterfaces } from "./readRos2ControlInterfaces.js";

/** Relative difference beyond which a controller's geometry disagrees with the robot's. */
export const GEOMETRY_TOLERANCE = 0.01;

/**
 * Checks loaded controllers against the robot they drive: every joint a controller claims
 * exists in the `<ros2_control>` block with the claimed interfaces, no command interface is
 * claimed twice, and drive geometry agrees with the robot's wheels within 1 %.
 */
export function checkAgainstRobot(
  controllers: readonly LoadedController[],
  robotFile: ParameterFileInput,
): Diagnostic[] {
  const out: Diagnostic[] = [];
  const interfaces = readRos2ControlInterfaces(robotFile.text, robotFile.path);
  const owners = new Map<string, string>();
  for (const c of controllers) {
    for (const claim of controllerClaims(c)) {
      const who = `controller "${c.name}" (${c.type})`;
      if (interfaces !== undefined) {
        const joint = interfaces.get(claim.joint);
        if (joint === undefined) {
          out.push(
            controllerDiagnostic(
              "controllerJointUnknown",
              `${who}: joint "${claim.joint}" is not in the <ros2_control> block of ${robotFile.path}`,
              claim.at,
            ),
          );
          continue;
        }
        const has = claim.kind === "command" ? joint.command : joint.state;
        if (claim.iface !== "" && !has.has(claim.iface))
          out.push(
            controllerDiagnostic(
              "controllerInterfaceMissing",
              `${who} claims the ${claim.kind} interface "${claim.joint}/${claim.iface}", but ${robotFile.path} declares ${claim.kind} interfaces [${[...has].join(", ")}] for it`,
              claim.at,
            ),
          );
      }
      if (claim.kind !== "command" || claim.iface === "") continue;
      const key = `${claim.joint}/${claim.iface}`;
      const owner = owners.get(key);
      if (owner !== undefined && owner !== c.name)
        out.push(
          controllerDiagnostic(
            "controllerInterfaceConflict",
            `${who} claims "${key}", which controller "${owner}" claims too`,
            claim.at,
          ),
        );
      else owners.set(key, c.name);
    }
  }
  const model = descriptionToModel(robotFile.text, robotFile.path).robot;
  if (model !== undefined) for (const c of controllers) out.push(...checkGeometry(c, model));
  return out;
}

function checkGeometry(c: LoadedController, robot: Robot): Diagnostic[] {
  const out: Diagnostic[] = [];
  const param = (name: string) => c.params.get(name)?.param;
  const num = (name: string): number | undefined => {
    const v = param(name)?.value;
    return v?.type === "double" || v?.type === "int" ? v.value : undefined;
  };
  const strings = (name: string): string[] => {
    const v = param(name)?.value;
    return v?.type === "string_array" ? [...v.value] : v?.type === "string" && v.value !== "" ? [v.value] : [];
  };
  const baseValue = param("base_frame_id")?.value;
  const base = baseValue?.type === "string" ? baseValue.value : "base_link";
  const places = (joints: readonly string[]): WheelPlace[] =>
    wheelPlaces(robot, joints, base).filter((w): w is WheelPlace => w !== undefined);
  const compare = (name: string, robotValue: number | undefined, what: string): void => {
    const given = num(name);
    const at = param(name)?.at;
    if (given === undefined || at === undefined || robotValue === undefined || !(robotValue > 0)) return;
    if (Math.abs(given - robotValue) <= GEOMETRY_TOLERANCE * robotValue) return;
    out.push(
      controllerDiagnostic(
        "controllerGeometryMismatch",
        `controller "${c.name}": ${name} is ${formatNumber(given)} m, but the robot's ${what} is ${formatNumber(robotValue)} m (${formatNumber(Math.round((given / robotValue - 1) * 1000) / 10)} %)`,
        at,
      ),
    );
  };
  const meanRadius = (ws: readonly WheelPlace[]): number | undefined => {
    const r = ws.map((w) => w.radius).filter((x): x is number => x !== undefined);
    return r.length === 0 ? undefined : r.reduce((a, b) => a + b, 0) / r.length;
  };
  const mean = (xs: readonly number[]): number | undefined =>
    xs.length === 0 ? undefined : xs.reduce((a, b) => a + b, 0) / xs.length;
  switch (c.cls?.name) {
    case "diff_drive_controller/DiffDriveController": {
      const left = places(strings("left_wheel_names"));
      const right = places(strings("right_wheel_names"));
      const yl = mean(left.map((w) => w.y));
      const yr = mean(right.map((w) => w.y));
      compare(
        "wheel_separation",
        yl === undefined || yr === undefined ? undefined : Math.abs(yl - yr),
        "wheel separation (left to right wheel centres)",
      );
      compare("wheel_radius", meanRadius([...left, ...right]), "wheel radius (collision cylinder)");
      break;
    }
    case "mecanum_drive_controller/MecanumDriveController": {
      const ws = places(
        ["front_left", "front_right", "rear_right", "rear_left"].flatMap((w) =>
          strings(`${w}_wheel_command_joint_name`),
        ),
      );
      compare("kinematics.wheels_radius", meanRadius(ws), "wheel radius (collision cylinder)");
      compare(
        "kinematics.sum_of_robot_center_projection_on_X_Y_axis",
        mean(ws.map((w) => Math.abs(w.x) + Math.abs(w.y))),
        "|x| + |y| of the wheel centres",
      );
      break;
    }
    case "omni_wheel_drive_controller/OmniWheelDriveController": {
      const ws = places(strings("wheel_names"));
      compare("robot_radius", mean(ws.map((w) => Math.hypot(w.x, w.y))), "distance from the base to the wheel centres");
      compare("wheel_radius", meanRadius(ws), "wheel radius (collision cylinder)");
      break;
    }
    case "tricycle_controller/TricycleController": {
      const [traction, steer] = wheelPlaces(
        robot,
        [...strings("traction_joint_name"), ...strings("steering_joint_name")],
        base,
      );
      compare(
        "wheelbase",
        traction === undefined || steer === undefined ? undefined : Math.abs(steer.x - traction.x),
        "wheelbase",
      );
      compare("wheel_radius", traction?.radius, "traction wheel radius (collision cylinder)");
      break;
    }
    default:
      break;
  }
  return out;
}
