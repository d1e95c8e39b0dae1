/** Body-twist columns (base_link frame): vx, vy (m/s), omega (rad/s). */
export interface TwistColumns {
  readonly vx: Float64Array;
  readonly vy: Float64Array;
  readonly omega: Float64Array;
}

/** Planar pose columns in the start frame (the base link's pose at t = 0): x, y (m), theta (rad). */
export interface PoseColumns {
  readonly x: Float64Array;
  readonly y: Float64Array;
  readonly theta: Float64Array;
}

/**
 * Everything recorded by a simulation run, one row per control tick. Row k describes the
 * tick from time[k] − dt to time[k]: the command applied during it, the twists averaged
 * over it (true: from the simulator's base pose; odometry: from the wheel joints), and the
 * poses at its end.
 */
export interface SimulationTrace {
  readonly rows: number;
  /** Control period (s). */
  readonly dt: number;
  /** End time of each tick (s). */
  readonly time: Float64Array;
  readonly command: TwistColumns;
  readonly trueTwist: TwistColumns;
  readonly odomTwist: TwistColumns;
  readonly truePose: PoseColumns;
  readonly odomPose: PoseColumns;
  /** Reference pose of a path scenario (start frame), absent for command sequences. */
  readonly reference?: PoseColumns;
  readonly steerJoints: readonly string[];
  /** Measured steering angle per steering joint (rad, base frame), drive order. */
  readonly steering: readonly Float64Array[];
  readonly wheelJoints: readonly string[];
  /** Measured wheel joint rate per wheel (rad/s), drive order. */
  readonly wheelRates: readonly Float64Array[];
  /** Speed scale the controller applied (1 = none, 0 = braked: infeasible command). */
  readonly scale: Float64Array;
}
