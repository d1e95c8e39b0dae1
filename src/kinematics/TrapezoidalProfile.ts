/**
 * A trapezoidal motion profile for n independent axes, stepped once per control period T
 * (s), as a servo drive's profile generator moves its set-point: each axis's set-point
 * moves towards its goal with |velocity| ≤ v_max and a velocity change per period ≤ a_max·T,
 * and it decelerates so as to arrive: it lands on a constant goal exactly, in finitely many
 * periods, without passing it. Units are the axis's (rad or m; per s, per s²).
 *
 * Discrete-time braking: at velocity v the set-point can still stop within
 * D(v) = T·(v + (v − a·T) + (v − 2a·T) + …) (positive terms only), so the velocity chosen
 * towards a goal d away is the largest with D(v) ≤ d, the discrete form of v ≤ √(2·a·d);
 * with it the profile never passes a goal it could stop at. A goal it cannot stop at any
 * more (it moved closer, or behind, while the axis was fast) is passed at the deceleration
 * limit and approached again from the other side: the bounds always hold.
 *
 * With a_max = +∞ the profile is the plain rate limiter (the set-point moves by at most
 * v_max·T per period and stops dead on the goal); with both +∞ it jumps to the goal.
 * Allocation-free per step.
 */
export class TrapezoidalProfile {
  /** Current set-point per axis. */
  readonly position: Float64Array;
  /** Velocity of the last step per axis (set-point change ÷ T). */
  readonly velocity: Float64Array;
  readonly #maxVelocity: Float64Array;
  readonly #maxAcceleration: Float64Array;
  readonly #period: number;

  /**
   * @param maxVelocity - v_max per axis, > 0 (+∞ = none).
   * @param maxAcceleration - a_max per axis, > 0 (+∞ = none); same length.
   * @param period - the step T (s), > 0 and finite.
   * @param start - initial set-points (the axes start at rest). Default 0.
   * @throws RangeError on a limit that is not > 0, lengths that differ, or a bad period.
   */
  constructor(
    maxVelocity: ArrayLike<number>,
    maxAcceleration: ArrayLike<number>,
    period: number,
    start?: ArrayLike<number>,
  ) {
    const n = maxVelocity.length;
    if (maxAcceleration.length !== n || (start !== undefined && start.length !== n))
      throw new RangeError("a profile needs one velocity limit, acceleration limit and start per axis");
    if (!(period > 0 && Number.isFinite(period)))
      throw new RangeError(`the profile's period must be a finite number > 0 s, got ${String(period)}`);
    for (let i = 0; i < n; i++) {
      if (!((maxVelocity[i] as number) > 0) || !((maxAcceleration[i] as number) > 0))
        throw new RangeError(
          `axis ${i}: velocity and acceleration limits must be > 0, got ${String(maxVelocity[i])} and ${String(maxAcceleration[i])}`,
        );
    }
    this.#maxVelocity = Float64Array.from(maxVelocity);
    this.#maxAcceleration = Float64Array.from(maxAcceleration);
    this.#period = period;
    this.position = start === undefined ? new Float64Array(n) : Float64Array.from(start);
    this.velocity = new Float64Array(n);
  }

  /** Restarts axis `i` at rest at `position`. */
  reset(i: number, position: number): void {
    this.position[i] = position;
    this.velocity[i] = 0;
  }

  /**
   * Moves axis `i`'s set-point one period towards `goal` and returns the new set-point.
   * A non-finite goal leaves the axis where it is (at rest).
   */
  step(i: number, goal: number): number {
    const T = this.#period;
    const vmax = this.#maxVelocity[i] as number;
    const a = this.#maxAcceleration[i] as number;
    const p = this.position[i] as number;
    const v = this.velocity[i] as number;
    if (!Number.isFinite(goal)) {
      this.velocity[i] = 0;
      return p;
    }
    const d = goal - p;
    const dist = Math.abs(d);
    const s = d > 0 ? 1 : d < 0 ? -1 : 0;
    const dv = a * T; // +∞ when unlimited
    const lo = v - dv;
    const hi = v + dv;
    // Within one stopping step of the goal (D(v) = v·T for v ≤ a·T): land on it exactly.
    const oneStep = !(dist >= a * T * T) && dist <= vmax * T;
    if (oneStep && d / T >= lo && d / T <= hi) {
      this.position[i] = goal;
      this.velocity[i] = d / T;
      return goal;
    }
    const want = s * Math.min(vmax, brakingVelocity(dist, a, T));
    const next = Math.max(-vmax, Math.min(vmax, Math.max(lo, Math.min(hi, want))));
    const x = p + next * T;
    // On the braking curve the step ends at or before the goal (v ≤ d/T), and a step that can
    // stop there lands above; only round-off (of v ± a·T or of d/T) carries one past, and then it
    // lands instead.
    const roundOff = 1e-9 * (Math.abs(v) + Math.abs(next) + (Number.isFinite(dv) ? dv : 0));
    if ((goal - x) * s < 0 && (next === want || Math.abs(d / T - next) <= roundOff)) {
      this.position[i] = goal;
      this.velocity[i] = d / T;
      return goal;
    }
    this.velocity[i] = next;
    this.position[i] = x;
    return x;
  }
}

/**
 * The largest velocity (≥ 0) from which a set-point stepping every T, slowing by at most a·T
 * per step, stops within `dist`: the inverse of D(v) = T·Σ (v − j·a·T) over positive terms.
 * D(n·a·T) = a·T²·n(n+1)/2, and D is linear between those knots.
 */
function brakingVelocity(dist: number, a: number, T: number): number {
  const h = a * T * T;
  if (!(dist >= h)) return dist / T; // includes a = +∞
  let n = Math.floor((Math.sqrt(1 + (8 * dist) / h) - 1) / 2);
  // The square root can round across a knot: settle n so that h·n(n+1)/2 ≤ dist < h·(n+1)(n+2)/2.
  if ((h * n * (n + 1)) / 2 > dist) n -= 1;
  else if ((h * (n + 1) * (n + 2)) / 2 <= dist) n += 1;
  return dist / (T * (n + 1)) + (a * T * n) / 2;
}
