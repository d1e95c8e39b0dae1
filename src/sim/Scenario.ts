import type { JoystickProfileOptions } from "./joystickProfile.js";

/** One time-stamped body-twist command of a scenario (base_link frame, REP-103, SI). */
export interface CommandPoint {
  /** Time from the start (s), ≥ 0, strictly increasing along the list. */
  readonly t: number;
  /** Forward velocity (m/s). Default 0. */
  readonly vx?: number;
  /** Leftward velocity (m/s). Default 0. */
  readonly vy?: number;
  /** Yaw rate (rad/s), CCW positive. Default 0. */
  readonly omega?: number;
  /** What this segment is, for plots and logs (e.g. "crab left"). */
  readonly label?: string;
}

/**
 * Optional acceleration limits of a profile, applied by the controller loop to the
 * commanded body twist (base frame) as a rate limiter (`limitTwistRateInto`), like a
 * real base's drive controller does (Robotino's controld3: 0.4 m/s², 180°/s²). The logged
 * command is the limited one. Absent: unlimited.
 */
export interface AccelerationLimits {
  /** Largest change of the translational command (vx, vy) as a vector (m/s²), > 0. */
  readonly maxAcceleration?: number;
  /** Largest change of the yaw-rate command (rad/s²), > 0. */
  readonly maxAngularAcceleration?: number;
}

/**
 * A recorded command sequence, like the joystick playback of Sharifi et al. 2018, §4.1. Between two
 * points the command is held ("hold", a step) or interpolated ("linear", a ramp); after
 * the last point it is held.
 */
export interface CommandsProfile extends AccelerationLimits {
  readonly type: "commands";
  /** Default "linear". */
  readonly interpolation?: "hold" | "linear";
  readonly points: readonly CommandPoint[];
}

/**
 * The rose of Damić and Čohodar Husić 2025, §3.5 (k petals of amplitude A), traversed from the start pose with
 * the body x axis tangent to the path: in the start frame, with φ = rate·t,
 * x = A·sin(kφ)·cos φ and y = −A·sin(kφ)·sin φ (r = A·sin kφ, swept clockwise, so the
 * curve starts at the origin into the fourth quadrant, as the seed describes). All k
 * petals take π/rate seconds (31.4 s for rate 0.1 rad/s).
 */
export interface RoseProfile extends AccelerationLimits {
  readonly type: "rose";
  /** A (m), > 0. */
  readonly amplitude: number;
  /** k, odd for k petals in π rad (seed: 3). */
  readonly petals: number;
  /** a = dφ/dt (rad/s), > 0 (seed: 0.1). */
  readonly rate: number;
  /**
   * Gain (1/s) of the pose feedback on odometry added to the feed-forward twist: 0 = open
   * loop. Default 1.
   */
  readonly trackingGain?: number;
}

/**
 * A joystick-like drive generated afresh for every run, its draws seeded by the run's seed
 * (`joystickProfile`, drawn by `profileForRun`): held commands with linear ramps between
 * them, cycling through every combination of v_x, v_y and yaw rate (base_link, REP-103) with
 * random signs and magnitudes of 50–100 % of the maxima. The drive lasts `duration`; a run
 * asked to last longer (`--duration`) gets more of the same draw, a shorter one its beginning.
 */
export interface JoystickProfile extends AccelerationLimits, JoystickProfileOptions {
  readonly type: "joystick";
}

/** What the robot is asked to do. Discriminated on `type`. */
export type ScenarioProfile = CommandsProfile | RoseProfile | JoystickProfile;

/** A profile as a run follows it: a generated one ({@link JoystickProfile}) already drawn. */
export type RunProfile = CommandsProfile | RoseProfile;

/** A simulation scenario: a command profile plus run settings (`robokit sim`). */
export interface Scenario {
  /** JSON Schema reference for editors; ignored. */
  readonly $schema?: string;
  readonly name: string;
  readonly description?: string;
  /** Robot the scenario was written for (a bundled example name); checked when given. */
  readonly robot?: string;
  /** Simulated time (s), > 0. Default: the profile's natural length. */
  readonly duration?: number;
  /** Controller rate (Hz), > 0. Default 100. */
  readonly rate?: number;
  /** Time (s) excluded from the start of the path-deviation statistics. Default 0. */
  readonly settleTime?: number;
  /**
   * "gyro": odometry takes its heading increments from the IMU gyro, with the model's
   * gyro noise; "wheels" (default): from the wheels alone.
   */
  readonly heading?: "wheels" | "gyro";
  readonly profile: ScenarioProfile;
}
