import type { Drive } from "../model/Drive.js";

/**
 * Closed-loop drive of a simulated base: turns a body-twist command into actuator
 * targets through robokit's kinematics, and the joint states read back into wheel
 * odometry. One implementation per drive type of the model.
 */
export interface DriveController {
  readonly type: Drive["type"];
  /** Steering joints, in drive order (empty for unsteered drives). */
  readonly steerJoints: readonly string[];
  /** Wheel joints, in drive order. */
  readonly wheelJoints: readonly string[];
  /**
   * Writes actuator targets for a body twist of the base link (m/s, m/s, rad/s).
   * @returns the scale applied to respect wheel speed limits, in (0, 1] (1 = none),
   *   or 0 when the command cannot be executed (the wheels brake).
   */
  command(vx: number, vy: number, omega: number): number;
  /**
   * Reads the joint states and estimates the base's rigid motion since the previous call
   * (or since construction), in the previous base frame.
   * @param out - out: [dx (m), dy (m), dθ (rad)].
   * @returns `out`.
   */
  odometryStep(out: Float64Array): Float64Array;
  /** Measured steering angles (rad), drive order, base frame, CCW positive. */
  steeringAnglesInto(out: Float64Array): Float64Array;
  /** Measured wheel joint rates (rad/s), drive order. */
  wheelRatesInto(out: Float64Array): Float64Array;
}
