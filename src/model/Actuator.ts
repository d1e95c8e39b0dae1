/** A ros2_control / ros_control hardware interface name. */
export type InterfaceKind = "position" | "velocity" | "effort";

/** PID gains (SI: effort per unit error). */
export interface PidGains {
  readonly p: number;
  readonly i?: number;
  readonly d?: number;
  /** Integral clamp (absolute). */
  readonly iClamp?: number;
}

/**
 * A co-simulated actuator model: an FMI 2.0 Co-Simulation FMU run by the gazebo-fmi
 * actuator plugin (Gazebo Classic only). The FMU must declare the Real inputs
 * actuatorInput, jointPosition, jointVelocity, jointAcceleration and the output
 * jointTorque (SI units); `robokit fmu check FILE.fmu` verifies that.
 */
export interface FmuActuatorModel {
  /** FMU file name or path, resolved by Gazebo through GAZEBO_RESOURCE_PATH. */
  readonly fmu: string;
  /** Let the FMU's torque exceed the joint's velocity/effort limits. Default false. */
  readonly disableVelocityEffortLimits?: boolean;
}

/**
 * How a joint is driven: the command interface a controller writes, the state interfaces
 * it reads, and the transmission between actuator and joint. ros2_control `<joint>` tags,
 * ROS 1 `<transmission>` elements, MJCF actuators and controller YAML are generated from it.
 */
export interface JointActuator {
  readonly command: InterfaceKind;
  /** State interfaces; default ["position", "velocity"]. */
  readonly states?: readonly InterfaceKind[];
  /** Actuator-to-joint reduction (unitless, > 0). Default 1. */
  readonly mechanicalReduction?: number;
  /**
   * Rotor inertia reflected at the joint (kg·m², or kg for a prismatic joint, ≥ 0): the
   * motor's rotor (and gearbox input) inertia times the square of the reduction between motor
   * and joint, I_rotor·N². It resists the joint's acceleration as the link's own inertia does,
   * and for a geared motor it is often larger than the wheel's. Written as MJCF's joint
   * `armature`; URDF and SDFormat have no place for it (a loss). Default 0.
   */
  readonly armature?: number;
  /** Gains for position/velocity loops in simulators and ROS 1 controllers. */
  readonly pid?: PidGains;
  /** Initial command/state value (rad, m, rad/s, …). */
  readonly initialValue?: number;
  /** Actuator dynamics co-simulated from an FMU (gazebo-fmi, Classic only). */
  readonly fmu?: FmuActuatorModel;
}
