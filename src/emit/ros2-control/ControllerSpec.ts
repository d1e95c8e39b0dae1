import type { InterfaceKind, PidGains } from "../../model/Actuator.js";
import type { RosDistro } from "../gazebo/RosDistro.js";
import type { SimTarget } from "../gazebo/SimTarget.js";

/** One controller of the generated configuration. */
export interface ControllerSpec {
  /** Controller (and YAML block) name. */
  readonly name: string;
  /** Plugin class, e.g. `forward_command_controller/ForwardCommandController`. */
  readonly type: string;
  /** Joints whose command interface this controller claims (none for broadcasters). */
  readonly joints: readonly string[];
  /** The command interface claimed on each of `joints` (ROS 1: the hardware interface kind). */
  readonly commandInterface?: InterfaceKind;
  /** The controller's own parameters (joint lists included), in output order. */
  readonly params: Readonly<Record<string, unknown>>;
}

/** Per-joint gains of a ROS 1 controller (effort_controllers' `pid` block). */
export interface JointPid {
  readonly joint: string;
  readonly pid: PidGains;
}

/** Everything a controller YAML, a launch file and the cross-checks need. */
export interface ControllerPlan {
  readonly target: SimTarget;
  readonly distro: RosDistro;
  /** controller_manager update rate (Hz); ROS 1: joint_state_controller publish rate. */
  readonly updateRate: number;
  readonly controllers: readonly ControllerSpec[];
}
