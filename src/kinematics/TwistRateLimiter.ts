import type { ChassisVelocity } from "./ChassisVelocity.js";

/**
 * Stateful acceleration (slew-rate) limiter on a commanded body twist, the counterpart of
 * WPILib's `SlewRateLimiter` and ros2_controllers' speed limiter for a whole twist: each call
 * moves the last output towards the new target by at most maxAcceleration·dt (m/s, as a
 * vector, so a ramp stays straight) and maxAngularAcceleration·dt (rad/s). The simulation's
 * scenario profiles use the same rule (the pure {@link limitTwistRateInto}).
 */
export class TwistRateLimiter {
  /** Translational limit (m/s²); +∞ when unlimited. */
  readonly maxAcceleration: number;
  /** Yaw limit (rad/s²); +∞ when unlimited. */
  readonly maxAngularAcceleration: number;
  readonly #last = new Float64Array(3);

  /**
   * @param maxAcceleration - translational limit (m/s²), > 0 (+∞ = none).
   * @param maxAngularAcceleration - yaw limit (rad/s²), > 0 (+∞ = none).
   * @param initial - the twist to start from (m/s, rad/s). Default at rest.
   * @throws RangeError on a limit that is not > 0.
   */
  constructor(
    maxAcceleration: number,
    maxAngularAcceleration: number,
    initial: ChassisVelocity = { vx: 0, vy: 0, omega: 0 },
  ) {
    if (!(maxAcceleration > 0))
      throw new RangeError(`maxAcceleration must be > 0 m/s², got ${String(maxAcceleration)}`);
    if (!(maxAngularAcceleration > 0))
      throw new RangeError(`maxAngularAcceleration must be > 0 rad/s², got ${String(maxAngularAcceleration)}`);
    this.maxAcceleration = maxAcceleration;
    this.maxAngularAcceleration = maxAngularAcceleration;
    this.reset(initial);
  }

  /** Restarts from `twist` (m/s, rad/s), e.g. the measured velocity after a stop. */
  reset(twist: ChassisVelocity = { vx: 0, vy: 0, omega: 0 }): void {
    this.#last[0] = twist.vx;
    this.#last[1] = twist.vy;
    this.#last[2] = twist.omega;
  }

  /**
   * Limits one step, ergonomic form.
   * @param target - twist asked for now (m/s, rad/s), base_link.
   * @param dt - time since the last call (s), > 0.
   */
  calculate(target: ChassisVelocity, dt: number): ChassisVelocity {
    const out = this.calculateInto(new Float64Array(3), target.vx, target.vy, target.omega, dt);
    return { vx: out[0] as number, vy: out[1] as number, omega: out[2] as number };
  }

  /**
   * Limits one step, allocation-free.
   *
   * @param out - out: the limited twist [vx, vy (m/s), ω (rad/s)].
   * @param vx - target forward velocity (m/s).
   * @param vy - target leftward velocity (m/s).
   * @param omega - target yaw rate (rad/s).
   * @param dt - time since the last call (s), > 0.
   * @returns `out`.
   */
  // perf-sensitive
  calculateInto(out: Float64Array, vx: number, vy: number, omega: number, dt: number): Float64Array {
    if (!(dt > 0) || !Number.isFinite(dt)) throw new RangeError(`dt must be finite and > 0 s, got ${String(dt)}`);
    // The kernel of limitTwistRateInto, inlined: passing doubles to a non-inlined call boxes them.
    const last = this.#last;
    const px = last[0] as number;
    const py = last[1] as number;
    const pw = last[2] as number;
    const dx = vx - px;
    const dy = vy - py;
    const dw = omega - pw;
    const step = this.maxAcceleration * dt;
    const turn = this.maxAngularAcceleration * dt;
    const len = Math.sqrt(dx * dx + dy * dy);
    if (len > step) {
      last[0] = px + (step / len) * dx;
      last[1] = py + (step / len) * dy;
    } else {
      last[0] = vx;
      last[1] = vy;
    }
    last[2] = Math.abs(dw) > turn ? pw + (dw > 0 ? turn : -turn) : omega;
    out[0] = last[0] as number;
    out[1] = last[1] as number;
    out[2] = last[2] as number;
    return out;
  }
}
