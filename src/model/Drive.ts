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
 * Which joints move the base, so that kinematics, controllers and simulation read the
 * geometry from the model instead of retyping it. Discriminated on `type`.
 *
 * @discriminator type
 */
export type Drive = SteeredDrive | OmniDrive;
