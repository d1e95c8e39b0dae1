import type { LoadedController } from "./checkControllerParameters.js";
import type { FilePlace } from "./readParameterFile.js";

/** One interface a controller claims: a joint, the interface name ("" when the parameters leave it unset), command or state, and the parameter that names the joint. */
export interface InterfaceClaim {
  readonly joint: string;
  readonly kind: "command" | "state";
  readonly iface: string;
  readonly at: FilePlace;
}

/**
 * The joint interfaces a controller claims from controller_manager, derived from its
 * parameters as the controller does (docs/controllers.md has the table). Classes not listed
 * there claim nothing robokit checks.
 */
export function controllerClaims(c: LoadedController): InterfaceClaim[] {
  const p = params(c);
  const out: InterfaceClaim[] = [];
  const claim = (
    joints: readonly string[],
    kind: "command" | "state",
    ifaces: readonly string[],
    name: string,
  ): void => {
    const param = p.param(name);
    for (const [i, joint] of joints.entries()) {
      if (joint === "") continue;
      const at = param?.elements?.[i] ?? param?.at ?? c.typeAt;
      // An unset interface still names the joint, which must exist.
      for (const iface of ifaces.length === 0 ? [""] : ifaces) out.push({ joint, kind, iface, at });
    }
  };
  switch (c.cls?.name) {
    case "diff_drive_controller/DiffDriveController": {
      const feedback = p.bool("position_feedback", true) ? "position" : "velocity";
      for (const side of ["left_wheel_names", "right_wheel_names"]) {
        claim(p.strings(side), "command", ["velocity"], side);
        claim(p.strings(side), "state", [feedback], side);
      }
      break;
    }
    case "mecanum_drive_controller/MecanumDriveController":
      for (const w of ["front_left", "front_right", "rear_right", "rear_left"]) {
        const name = `${w}_wheel_command_joint_name`;
        claim([p.string(name)], "command", ["velocity"], name);
      }
      break;
    case "omni_wheel_drive_controller/OmniWheelDriveController":
      claim(p.strings("wheel_names"), "command", ["velocity"], "wheel_names");
      break;
    case "ackermann_steering_controller/AckermannSteeringController":
    case "bicycle_steering_controller/BicycleSteeringController":
    case "tricycle_steering_controller/TricycleSteeringController": {
      const front = p.bool("front_steering", true);
      const traction = p.has("traction_joints_names")
        ? "traction_joints_names"
        : front
          ? "rear_wheels_names"
          : "front_wheels_names";
      const steering = p.has("steering_joints_names")
        ? "steering_joints_names"
        : front
          ? "front_wheels_names"
          : "rear_wheels_names";
      claim(p.strings(traction), "command", ["velocity"], traction);
      claim(p.strings(steering), "command", ["position"], steering);
      break;
    }
    case "tricycle_controller/TricycleController":
      claim([p.string("traction_joint_name")], "command", ["velocity"], "traction_joint_name");
      claim([p.string("steering_joint_name")], "command", ["position"], "steering_joint_name");
      break;
    case "joint_trajectory_controller/JointTrajectoryController": {
      const commandJoints = p.strings("command_joints");
      claim(
        commandJoints.length > 0 ? commandJoints : p.strings("joints"),
        "command",
        p.strings("command_interfaces"),
        commandJoints.length > 0 ? "command_joints" : "joints",
      );
      claim(p.strings("joints"), "state", p.strings("state_interfaces"), "joints");
      break;
    }
    case "admittance_controller/AdmittanceController":
      claim(p.strings("joints"), "command", p.strings("command_interfaces"), "joints");
      claim(p.strings("joints"), "state", p.strings("state_interfaces"), "joints");
      break;
    case "forward_command_controller/ForwardCommandController":
    case "position_controllers/JointGroupPositionController":
    case "velocity_controllers/JointGroupVelocityController":
    case "effort_controllers/JointGroupEffortController": {
      const preset = c.cls.preset?.["interface_name"];
      claim(
        p.strings("joints"),
        "command",
        [typeof preset === "string" ? preset : p.string("interface_name")],
        "joints",
      );
      break;
    }
    case "forward_command_controller/MultiInterfaceForwardCommandController":
      claim([p.string("joint")], "command", p.strings("interface_names"), "joint");
      break;
    case "joint_state_broadcaster/JointStateBroadcaster": {
      const joints = p.strings("joints");
      const ifaces = p.strings("interfaces");
      if (joints.length > 0 && ifaces.length > 0) claim(joints, "state", ifaces, "joints");
      break;
    }
    case "pid_controller/PidController":
      claim(p.strings("dof_names"), "command", [p.string("command_interface")], "dof_names");
      break;
    case "position_controllers/GripperActionController":
    case "effort_controllers/GripperActionController":
      claim([p.string("joint")], "command", [c.cls.name.startsWith("position") ? "position" : "effort"], "joint");
      claim([p.string("joint")], "state", ["position", "velocity"], "joint");
      break;
    default:
      break;
  }
  return out;
}

/** Typed reads of a controller's parameters (absent or of another type: the fallback). */
function params(c: LoadedController) {
  const get = (name: string) => c.params.get(name)?.param;
  return {
    has: (name: string): boolean => get(name) !== undefined,
    param: get,
    bool: (name: string, fallback: boolean): boolean => {
      const v = get(name)?.value;
      return v?.type === "bool" ? v.value : fallback;
    },
    string: (name: string): string => {
      const v = get(name)?.value;
      return v?.type === "string" ? v.value : "";
    },
    strings: (name: string): readonly string[] => {
      const v = get(name)?.value;
      return v?.type === "string_array" ? v.value : [];
    },
  };
}
