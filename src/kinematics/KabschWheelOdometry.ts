import { kabschPlanarInto } from "./kabschPlanar.js";
import { toPlanarKabschResult, type KabschStatus, type PlanarKabschResult } from "./KabschResult.js";
import type { SteeredDriveKinematics } from "./SteeredDriveKinematics.js";
import type { Vector2 } from "./Vector2.js";
import { wrapAngle } from "../util/wrapAngle.js";

/** |f(dθ) − dθ| (rad) at which {@link KabschWheelOdometry}'s iteration counts as converged. */
export const KABSCH_ODOMETRY_TOLERANCE = 1e-12;

/** Options of {@link KabschWheelOdometry}. */
export interface KabschWheelOdometryOptions {
  /** Fixed-point iterations on dθ for the chord direction (≥ 1). Default 16; exact constant-twist steps converge in 1, 1 kHz steps in 2–3, large inconsistent steps (slip, |dθ| near π) in up to ~16. */
  readonly maxIterations?: number;
  /**
   * Lateral offset d_i (m) of each wheel from its steering axis (see
   * {@link SteeredDriveKinematics}); the positions are then the steering axes, which travel
   * d_i·dθ more than the wheel over a step. Default all 0.
   */
  readonly wheelOffsets?: readonly number[];
}

/**
 * MARIO's forward kinematics (Sharifi et al. 2018, §3.1): the body's rigid motion over one step
 * from wheel contact points before (P_i = W_i) and after (Q_i, in the old body frame),
 * fitted by the planar closed-form Kabsch ({@link kabschPlanar}).
 *
 * Wheel travel is placed on the chord, not the arc: during a constant-twist step a wheel
 * moves along an arc, whose chord in the old body frame points at ψ̄_i + dθ/2 and has
 * length d_i·sin(dθ/2)/(dθ/2), where ψ̄_i is the mid-step steering angle (the mean of the
 * start and end angles) and d_i the measured travel (r·Δφ_i, signed). dθ is found by a
 * short secant iteration on the fixed point dθ = fit(dθ), starting from the linear
 * least-squares twist of the step (which is already exact for a constant twist, so one or
 * two passes suffice for any rotation up to π per step). This is exact for a constant twist
 * of any size; putting the arc length at the start angle is only first-order accurate. If
 * the iteration does not settle to {@link KABSCH_ODOMETRY_TOLERANCE} within
 * `maxIterations`, the status is `not-converged`, never `ok`.
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
  readonly #scratch = new Float64Array(1);

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
    const it = options.maxIterations ?? 16;
    if (!Number.isInteger(it) || it < 1)
      throw new RangeError(`maxIterations must be an integer ≥ 1, got ${String(it)}`);
    this.#maxIterations = it;
    const d = options.wheelOffsets ?? new Array<number>(n).fill(0);
    if (d.length !== n || d.some((v) => !Number.isFinite(v)))
      throw new RangeError(`expected ${n} finite wheel offsets (m)`);
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
   * @returns the Kabsch status ("ok" or "collinear" = usable); "not-converged" when the
   *   iteration on dθ did not settle within `maxIterations` (then `out` holds the last
   *   iterate, not NaN: usable only at the caller's risk).
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
    const off = this.#d;
    // Start from the linear least-squares twist (the pivots' arcs (a − θy_i, b + θx_i) against
    // (d_i + e_i θ)·(cos ψ̄_i, sin ψ̄_i)): exact for a constant twist of any size, so the
    // fixed point below starts at (or next to) its solution and never wanders into a
    // mirrored or far-off fit on large steps.
    this.#initialRotation(startAngles, endAngles, travels, weights);
    let dth = this.#scratch[0] as number;
    let prevTh = 0;
    let prevG = 0;
    let g = Infinity;
    let status: KabschStatus = "ok";
    // Solve dθ = f(dθ) (f = fit with chords placed for dθ) by secant steps on
    // g(θ) = f(θ) − θ (f' approaches 1 on large inconsistent steps, where plain fixed-point
    // steps crawl); a plain fixed-point step when the secant is unusable or jumps > π/4.
    for (let it = 0; it < this.#maxIterations; it++) {
      const h = dth / 2;
      const chord = Math.abs(h) < 1e-4 ? 1 - (h * h) / 6 : Math.sin(h) / h;
      for (let i = 0; i < n; i++) {
        const s = startAngles[i] as number;
        const mid = s + wrapAngle((endAngles[i] as number) - s) / 2 + h;
        // Steering-axis travel: wheel travel plus the offset's share of the body rotation.
        const d = ((travels[i] as number) + (off[i] as number) * dth) * chord;
        q[2 * i] = (p[2 * i] as number) + d * Math.cos(mid);
        q[2 * i + 1] = (p[2 * i + 1] as number) + d * Math.sin(mid);
      }
      status = kabschPlanarInto(out, p, q, weights);
      if (status !== "ok" && status !== "collinear") return status;
      g = wrapAngle((out[0] as number) - dth);
      if (Math.abs(g) <= KABSCH_ODOMETRY_TOLERANCE) break;
      let next = dth + g;
      const dg = g - prevG;
      if (it > 0 && dg !== 0) {
        const secant = dth - (g * (dth - prevTh)) / dg;
        if (Number.isFinite(secant) && Math.abs(secant - dth) < Math.PI / 4) next = secant;
      }
      prevTh = dth;
      prevG = g;
      dth = next;
    }
    return Math.abs(g) <= KABSCH_ODOMETRY_TOLERANCE ? status : "not-converged";
  }

  /**
   * dθ of the weighted linear least-squares twist over the step (0 when it is singular),
   * written to #scratch[0] (a returned double would be boxed: 16 B per call).
   */
  // perf-sensitive
  #initialRotation(
    startAngles: Float64Array,
    endAngles: Float64Array,
    travels: Float64Array,
    weights?: Float64Array,
  ): void {
    const p = this.#p;
    const off = this.#d;
    // Unknowns (a, b, θ); residual_i = (a + θ g_ix − d_i c_i, b + θ g_iy − d_i s_i) with
    // g_i = (−y_i − e_i c_i, x_i − e_i s_i). Normal equations, then Cramer's rule.
    let sw = 0;
    let sgx = 0;
    let sgy = 0;
    let sgg = 0;
    let rx = 0;
    let ry = 0;
    let rt = 0;
    for (let i = 0; i < this.wheelCount; i++) {
      const w = weights === undefined ? 1 : (weights[i] as number);
      const s = startAngles[i] as number;
      const mid = s + wrapAngle((endAngles[i] as number) - s) / 2;
      const c = Math.cos(mid);
      const sn = Math.sin(mid);
      const e = off[i] as number;
      const gx = -(p[2 * i + 1] as number) - e * c;
      const gy = (p[2 * i] as number) - e * sn;
      const d = travels[i] as number;
      sw += w;
      sgx += w * gx;
      sgy += w * gy;
      sgg += w * (gx * gx + gy * gy);
      rx += w * d * c;
      ry += w * d * sn;
      rt += w * d * (gx * c + gy * sn);
    }
    // [[sw, 0, sgx], [0, sw, sgy], [sgx, sgy, sgg]] · [a, b, θ] = [rx, ry, rt]
    const det = sw * (sw * sgg - sgy * sgy) - sgx * sgx * sw;
    const th = (sw * (sw * rt - sgy * ry) - sgx * sw * rx) / det;
    // Not wrapped: a rotation of +π and one of −π place the chords on opposite sides.
    this.#scratch[0] = Math.abs(det) > 1e-12 * sw * sw * Math.max(sgg, 1e-300) && Number.isFinite(th) ? th : 0;
  }
}
