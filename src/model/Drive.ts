/** One steered-and-driven wheel module of a 4WD4S / swerve base. */
export interface SteeredModule {
  /** Revolute joint that steers the module about the base's z. */
  readonly steer: string;
  /** Continuous joint that spins the wheel. */
  readonly wheel: string;
}

/** N ≥ 2 independently steered and driven wheels (MARIO: 4). */
export interface SteeredDrive {
  readonly type: "steered";
  readonly modules: readonly SteeredModule[];
}

/** n ≥ 3 omni wheels (Robotino: 3), each a continuous joint. */
export interface OmniDrive {
  readonly type: "omni";
  /** Wheel joint names in order. */
  readonly wheels: readonly string[];
  /** Motor-to-wheel gear ratio (unitless, > 0). Default 1. */
  readonly gearRatio?: number;
}

/**
 * Two or more wheels on each side, each a continuous joint spinning about its axle (one wheel
 * a side is a differential base, more a skid-steer one). Driven by ros2_controllers'
 * diff_drive_controller.
 */
export interface DifferentialDrive {
  readonly type: "differential";
  /** Wheel joints on the base's left (+y, REP-103), front to back. */
  readonly left: readonly string[];
  /** Wheel joints on the base's right (−y), front to back. */
  readonly right: readonly string[];
  /** Wheel radius (m, > 0). Default: from the wheel links' collision cylinders or spheres. */
  readonly wheelRadius?: number;
  /** Distance between the left and right wheels (m, > 0). Default: from the joint origins. */
  readonly wheelSeparation?: number;
  /**
   * diff_drive_controller's `wheel_separation_multiplier` (unitless, > 0, default 1): the
   * controller and robokit's odometry use the separation times this. A skid-steer base turns
   * by scrubbing, slower than its wheel speeds over the track say, so it is calibrated with a
   * multiplier above 1 (Clearpath ship 1.125–1.875; docs/simulation.md).
   */
  readonly wheelSeparationMultiplier?: number;
}

/** Four mecanum wheels, each a continuous joint. Driven by mecanum_drive_controller. */
export interface MecanumDrive {
  readonly type: "mecanum";
  /** Front-left wheel joint. */
  readonly frontLeft: string;
  /** Front-right wheel joint. */
  readonly frontRight: string;
  /** Rear-left wheel joint. */
  readonly rearLeft: string;
  /** Rear-right wheel joint. */
  readonly rearRight: string;
  /** Wheel radius (m, > 0). Default: from the wheel links' collision shapes. */
  readonly wheelRadius?: number;
  /** Half wheelbase plus half track, lx + ly (m, > 0). Default: from the joint origins. */
  readonly sumOfDistances?: number;
}

/**
 * Car-like base: two front wheels steered (revolute joints), two rear wheels driven
 * (continuous joints). The base frame is the rear (traction) axle's centre, as
 * ackermann_steering_controller assumes.
 */
export interface AckermannDrive {
  readonly type: "ackermann";
  /** Steering joints, [left, right]. */
  readonly steering: readonly [string, string];
  /** Traction wheel joints, [left, right]. */
  readonly traction: readonly [string, string];
  /** Traction wheel radius (m, > 0). Default: from the wheel links' collision shapes. */
  readonly wheelRadius?: number;
  /** Distance from the traction axle to the steering axle (m, > 0). Default: from the joint origins. */
  readonly wheelbase?: number;
  /** Distance between the traction wheels (m, > 0). Default: from the joint origins. */
  readonly tractionTrackWidth?: number;
  /** Distance between the steering joints (m, > 0). Default: from the joint origins. */
  readonly steeringTrackWidth?: number;
}

/**
 * One steered front wheel (a revolute steering joint carrying a continuous wheel joint) and
 * one driven rear wheel. Base frame: the rear wheel's axle (bicycle_steering_controller).
 */
export interface BicycleDrive {
  readonly type: "bicycle";
  /** Steering joint of the front wheel. */
  readonly steering: string;
  /** Driven rear wheel joint. */
  readonly traction: string;
  /** Traction wheel radius (m, > 0). Default: from the wheel link's collision shape. */
  readonly wheelRadius?: number;
  /** Distance between the two axles (m, > 0). Default: from the joint origins. */
  readonly wheelbase?: number;
}

/**
 * One steered front wheel and two driven rear wheels. Base frame: the rear axle's centre
 * (tricycle_steering_controller).
 */
export interface TricycleDrive {
  readonly type: "tricycle";
  /** Steering joint of the front wheel. */
  readonly steering: string;
  /** Driven rear wheel joints, [left, right]. */
  readonly traction: readonly [string, string];
  /** Traction wheel radius (m, > 0). Default: from the wheel links' collision shapes. */
  readonly wheelRadius?: number;
  /** Distance between the axles (m, > 0). Default: from the joint origins. */
  readonly wheelbase?: number;
  /** Distance between the rear wheels (m, > 0). Default: from the joint origins. */
  readonly tractionTrackWidth?: number;
}

/**
 * Which joints move the base, so that kinematics, controllers and simulation read the
 * geometry from the model instead of retyping it. Discriminated on `type`.
 *
 * @discriminator type
 */
export type Drive =
  | SteeredDrive
  | OmniDrive
  | DifferentialDrive
  | MecanumDrive
  | AckermannDrive
  | BicycleDrive
  | TricycleDrive;
