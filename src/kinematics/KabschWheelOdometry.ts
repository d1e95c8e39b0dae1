import { kabschPlanarInto } from "./kabschPlanar.js";
import { toPlanarKabschResult, type KabschStatus, type PlanarKabschResult } from "./KabschResult.js";
import type { SteeredDriveKinematics } from "./SteeredDriveKinematics.js";
import type { Vector2 } from "./Vector2.js";
import { wrapAngle } from "../util/wrapAngle.js";

/** Options of {@link KabschWheelOdometry}. */
export interface KabschWheelOdometryOptions {
  /** Fixed-point iterations on dθ for the chord direction (≥ 1). Default 8; small steps converge in 2–3. */
  readonly maxIterations?: number;
  /**
   * Lateral offset d_i (m) of each wheel from its steering axis (see
   * {@link SteeredDriveKinematics}); the positions are then the steering axes, which travel
   * d_i·dθ more than the wheel over a step. Default all 0.
   */
  readonly wheelOffsets?: readonly number[];
}

/**
 * MARIO's forward kinematics (seed 003 §3.1): the body's rigid motion over one step
 * from wheel contact points before (P_i = W_i) and after (Q_i, in the old body frame),
 * fitted by the planar closed-form Kabsch ({@link kabschPlanar}).
 *
 * Wheel travel is placed on the chord, not the arc: during a constant-twist step a wheel
 * moves along an arc, whose chord in the old body frame points at ψ̄_i + dθ/2 and has
 * length d_i·sin(dθ/2)/(dθ/2), where ψ̄_i is the mid-step steering angle (the mean of the
 * start and end angles) and d_i the measured travel (r·Δφ_i, signed). dθ is found by a
 * short secant iteration on the fixed point dθ = fit(dθ), starting at 0 (1 kHz steps
 * converge in 2 passes, a 90° step in about 6). This is exact for a constant twist of any
 * size; putting the arc length at the start angle is only first-order accurate.
 *
 * The result (tx, ty, dθ) is a rigid increment in the old body frame: feed it to
 * {@link Odometry.addDelta}.
 */
export class KabschWheelOdometry {
  /** Number of wheels. */
  readonly wheelCount: number;
  readonly #p: Float64Array;
  readonly #q: Float64Array;
  readonly #maxIterations: number;
  readonly #d: Float64Array;

  /**
   * @param wheelPositions - wheel contact points in base_link (m); at least 2.
   * @param options - see {@link KabschWheelOdometryOptions}.
   * @throws RangeError on fewer than 2 wheels or non-finite positions.
   */
  constructor(wheelPositions: readonly Vector2[], options: KabschWheelOdometryOptions = {}) {
    if (!Array.isArray(wheelPositions) || wheelPositions.length < 2) {
      throw new RangeError("Kabsch wheel odometry requires at least two wheels");
    }
    const n = wheelPositions.length;
    this.wheelCount = n;
    this.#p = new Float64Array(2 * n);
    this.#q = new Float64Array(2 * n);
    wheelPositions.forEach((w, i) => {
      if (!Number.isFinite(w.x) || !Number.isFinite(w.y)) throw new RangeError(`wheel ${i}: position must be finite`);
      this.#p[2 * i] = w.x;
      this.#p[2 * i + 1] = w.y;
    });
    const it = options.maxIterations ?? 8;
    if (!Number.isInteger(it) || it < 1) throw new RangeError(`maxIterations must be an integer ≥ 1, got ${String(it)}`);
    this.#maxIterations = it;
    const d = options.wheelOffsets ?? new Array<number>(n).fill(0);
    if (d.length !== n || d.some((v) => !Number.isFinite(v))) throw new RangeError(`expected ${n} finite wheel offsets (m)`);
    this.#d = Float64Array.from(d);
  }

  /**
   * Ergonomic form of {@link KabschWheelOdometry.estimateInto}.
   *
   * @param startAngles - steering angles at the start of the step (rad).
   * @param endAngles - steering angles at the end of the step (rad).
   * @param travels - signed wheel travel over the step, r·Δφ (m).
   * @param weights - optional per-wheel weights ≥ 0 (down-weight a slipping wheel).
   */
  estimate(
    startAngles: readonly number[],
    endAngles: readonly number[],
    travels: readonly number[],
    weights?: readonly number[],
  ): PlanarKabschResult {
    const out = new Float64Array(4);
    const status = this.estimateInto(
      out,
      Float64Array.from(startAngles),
      Float64Array.from(endAngles),
      Float64Array.from(travels),
      weights === undefined ? undefined : Float64Array.from(weights),
    );
    return toPlanarKabschResult(status, out);
  }

  /**
   * Allocation-free step estimate.
   *
   * @param out - out: [dθ (rad), tx (m), ty (m), residual (m)], NaN on failure.
   * @param startAngles - steering angles at the start of the step (rad).
   * @param endAngles - steering angles at the end (rad).
   * @param travels - signed wheel travel r·Δφ (m); negative when rolling backwards.
   * @param weights - optional per-wheel weights ≥ 0.
   * @returns the Kabsch status ("ok" or "collinear" = usable).
   */
  // perf-sensitive
  estimateInto(
    out: Float64Array,
    startAngles: Float64Array,
    endAngles: Float64Array,
    travels: Float64Array,
    weights?: Float64Array,
  ): KabschStatus {
    const n = this.wheelCount;
    if (startAngles.length !== n || endAngles.length !== n || travels.length !== n) {
      throw new RangeError(`expected ${n} start angles, end angles and travels`);
    }
    const p = this.#p;
    const q = this.#q;
    // Solve dθ = f(dθ) (f = fit with chords placed for dθ) by secant steps on
    // g(θ) = f(θ) − θ; plain fixed-point steps when the secant is unusable.
    let dth = 0;
    let prevTh = 0;
    let prevG = 0;
    let status: KabschStatus = "ok";
    for (let it = 0; it < this.#maxIterations; it++) {
      const h = dth / 2;
      const chord = Math.abs(h) < 1e-4 ? 1 - (h * h) / 6 : Math.sin(h) / h;
      for (let i = 0; i < n; i++) {
        const s = startAngles[i] as number;
        const mid = s + wrapAngle((endAngles[i] as number) - s) / 2 + h;
        // Steering-axis travel: wheel travel plus the offset's share of the body rotation.
        const d = ((travels[i] as number) + (this.#d[i] as number) * dth) * chord;
        q[2 * i] = (p[2 * i] as number) + d * Math.cos(mid);
        q[2 * i + 1] = (p[2 * i + 1] as number) + d * Math.sin(mid);
      }
      status = kabschPlanarInto(out, p, q, weights);
      if (status !== "ok" && status !== "collinear") return status;
      const g = wrapAngle((out[0] as number) - dth);
      if (Math.abs(g) <= 1e-15) break;
      let next = dth + g;
      const dg = g - prevG;
      if (it > 0 && dg !== 0) {
        const secant = dth - (g * (dth - prevTh)) / dg;
        if (Number.isFinite(secant) && Math.abs(secant - next) < Math.abs(g)) next = secant;
      }
      prevTh = dth;
      prevG = g;
      dth = next;
    }
    return status;
  }
}
