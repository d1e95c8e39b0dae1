import type { Pose2d } from "./Pose2d.js";
import type { GaussianNoise } from "../model/Noise.js";
import { wrapAngle } from "../util/wrapAngle.js";

/** Options of {@link PlanarPoseEstimator}. */
export interface PlanarPoseEstimatorOptions {
  /** Starting pose in the world (odom) frame (m, rad). Default the origin. */
  readonly initialPose?: Pose2d;
  /** Standard deviations of the starting pose (m, m, rad). Default all 0 (known start). */
  readonly initialPoseStddev?: Pose2d;
  /**
   * White noise σ (m/s) of the wheel-odometry body velocity, per prediction step, on vx
   * and vy each (e.g. the spread of FK velocities at a standstill).
   */
  readonly wheelVelocityStddev: number;
  /**
   * Gyro yaw-rate noise (rad/s), robokit's sensor model (Sharifi et al. 2018, eqs. 1–2): `stddev` is the
   * white noise per sample, `mean` a known offset (subtracted), the turn-on bias
   * (biasMean, biasStddev; sign unknown) and the Gauss–Markov drift (dynamicBiasStddev, τ)
   * become two bias states. `precision` is ignored.
   */
  readonly gyro: GaussianNoise;
  /**
   * GPS horizontal position noise (m): `stddev` per fix, each axis. GPS biases are not
   * modelled (a biased GPS makes the filter over-confident).
   */
  readonly gps: GaussianNoise;
}

const N = 5;

/**
 * Planar extended Kalman filter for the pose (x, y, θ) in the world (odom) frame (REP-103,
 * m and rad, θ CCW from +x), fusing:
 * - **prediction**: the wheel-odometry body velocity (vx, vy in base_link, m/s) and the
 *   IMU's yaw rate (rad/s) minus the estimated gyro bias, integrated at the mid-step heading;
 * - **update**: GPS horizontal fixes (x, y in the world frame, m), with the innovation's
 *   normalised squared error (NIS) returned for gating.
 * The state is (x, y, θ, c, b): c the gyro's constant turn-on bias, b its Gauss–Markov
 * drift (b ← e^{−dt/τ}·b), both observable once GPS constrains the heading while moving.
 * Covariances follow the same noise parameters as robokit's sensor models
 * (`GaussMarkovNoise`), so a simulation with those parameters is consistent (NEES
 * test). Every update is allocation-free (scratch matrices preallocated).
 */
export class PlanarPoseEstimator {
  readonly #s = new Float64Array(N);
  readonly #p = new Float64Array(N * N);
  readonly #f = new Float64Array(N * N);
  readonly #t = new Float64Array(N * N);
  readonly #k = new Float64Array(2 * N);
  readonly #nis = Float64Array.of(NaN);
  readonly #sigmaV2: number;
  readonly #sigmaG2: number;
  readonly #gyroMean: number;
  readonly #sigmaB2: number;
  readonly #tau: number;
  readonly #sigmaGps2: number;

  /**
   * @param options - see {@link PlanarPoseEstimatorOptions}.
   * @throws RangeError on negative or non-finite noise, or drift without τ > 0.
   */
  constructor(options: PlanarPoseEstimatorOptions) {
    const nonNeg = (name: string, v: number): number => {
      if (!(v >= 0) || !Number.isFinite(v)) throw new RangeError(`${name} must be finite and ≥ 0, got ${String(v)}`);
      return v;
    };
    this.#sigmaV2 = nonNeg("wheelVelocityStddev", options.wheelVelocityStddev) ** 2;
    const g = options.gyro;
    this.#sigmaG2 = nonNeg("gyro.stddev", g.stddev) ** 2;
    this.#gyroMean = g.mean ?? 0;
    this.#sigmaB2 = nonNeg("gyro.dynamicBiasStddev", g.dynamicBiasStddev ?? 0) ** 2;
    this.#tau = g.dynamicBiasCorrelationTime ?? Infinity;
    if (this.#sigmaB2 > 0 && !(this.#tau > 0))
      throw new RangeError("gyro.dynamicBiasCorrelationTime must be > 0 s when the bias drifts");
    this.#sigmaGps2 = nonNeg("gps.stddev", options.gps.stddev) ** 2;
    const p0 = options.initialPose ?? { x: 0, y: 0, theta: 0 };
    const sd = options.initialPoseStddev ?? { x: 0, y: 0, theta: 0 };
    this.#s[0] = p0.x;
    this.#s[1] = p0.y;
    this.#s[2] = wrapAngle(p0.theta);
    this.#p[0] = sd.x ** 2;
    this.#p[N + 1] = sd.y ** 2;
    this.#p[2 * N + 2] = sd.theta ** 2;
    // Turn-on bias: sign drawn at random, so zero mean and E[c²] = biasMean² + biasStddev².
    this.#p[3 * N + 3] = (g.biasMean ?? 0) ** 2 + nonNeg("gyro.biasStddev", g.biasStddev ?? 0) ** 2;
    this.#p[4 * N + 4] = this.#sigmaB2;
  }

  /** Current pose estimate (m, m, rad in (−π, π]). */
  get pose(): Pose2d {
    return { x: this.#s[0] as number, y: this.#s[1] as number, theta: this.#s[2] as number };
  }

  /** Current total gyro bias estimate c + b (rad/s). */
  get gyroBias(): number {
    return (this.#s[3] as number) + (this.#s[4] as number);
  }

  /** Writes [x (m), y (m), θ (rad)] into `out` and returns it. */
  poseInto(out: Float64Array): Float64Array {
    out[0] = this.#s[0] as number;
    out[1] = this.#s[1] as number;
    out[2] = this.#s[2] as number;
    return out;
  }

  /** Writes the 3×3 pose covariance (row-major; m², m·rad, rad²) into `out` and returns it. */
  poseCovarianceInto(out: Float64Array): Float64Array {
    for (let r = 0; r < 3; r++) for (let c = 0; c < 3; c++) out[3 * r + c] = this.#p[N * r + c] as number;
    return out;
  }

  /**
   * Prediction over one step, allocation-free.
   *
   * @param vx - wheel-odometry forward velocity (m/s, base_link), held over the step.
   * @param vy - wheel-odometry leftward velocity (m/s).
   * @param gyroYawRate - IMU yaw rate (rad/s) as measured (bias included).
   * @param dt - step (s), > 0.
   */
  // perf-sensitive
  predict(vx: number, vy: number, gyroYawRate: number, dt: number): void {
    if (!(dt > 0) || !Number.isFinite(dt)) throw new RangeError(`dt must be finite and > 0 s, got ${String(dt)}`);
    const s = this.#s;
    const omega = gyroYawRate - this.#gyroMean - (s[3] as number) - (s[4] as number);
    const mid = (s[2] as number) + 0.5 * omega * dt;
    const c = Math.cos(mid);
    const sn = Math.sin(mid);
    const dwx = (c * vx - sn * vy) * dt;
    const dwy = (sn * vx + c * vy) * dt;
    const phi = this.#sigmaB2 > 0 ? Math.exp(-dt / this.#tau) : 1;
    s[0] = (s[0] as number) + dwx;
    s[1] = (s[1] as number) + dwy;
    s[2] = wrapAngle((s[2] as number) + omega * dt);
    s[4] = phi * (s[4] as number);
    // Jacobian F (identity plus the heading and bias couplings).
    const f = this.#f;
    f.fill(0);
    for (let i = 0; i < N; i++) f[N * i + i] = 1;
    const h = 0.5 * dt;
    f[2] = -dwy;
    f[N + 2] = dwx;
    f[3] = dwy * h;
    f[4] = dwy * h;
    f[N + 3] = -dwx * h;
    f[N + 4] = -dwx * h;
    f[2 * N + 3] = -dt;
    f[2 * N + 4] = -dt;
    f[4 * N + 4] = phi;
    // P ← F P Fᵀ + Q.
    const p = this.#p;
    const t = this.#t;
    for (let i = 0; i < N; i++) {
      for (let j = 0; j < N; j++) {
        let acc = 0;
        for (let k = 0; k < N; k++) acc += (f[N * i + k] as number) * (p[N * k + j] as number);
        t[N * i + j] = acc;
      }
    }
    for (let i = 0; i < N; i++) {
      for (let j = i; j < N; j++) {
        let acc = 0;
        for (let k = 0; k < N; k++) acc += (t[N * i + k] as number) * (f[N * j + k] as number);
        p[N * i + j] = acc;
        p[N * j + i] = acc;
      }
    }
    // Q: wheel velocity noise on (x, y) (isotropic, so the rotation drops out), gyro white
    // noise through the column g = (−dwy·dt/2, dwx·dt/2, dt, 0, 0), drift driving noise.
    const qv = this.#sigmaV2 * dt * dt;
    p[0] = (p[0] as number) + qv;
    p[N + 1] = (p[N + 1] as number) + qv;
    const g0 = -dwy * h;
    const g1 = dwx * h;
    const g2 = dt;
    const sg = this.#sigmaG2;
    p[0] = (p[0] as number) + sg * g0 * g0;
    p[1] = (p[1] as number) + sg * g0 * g1;
    p[N] = (p[N] as number) + sg * g0 * g1;
    p[2] = (p[2] as number) + sg * g0 * g2;
    p[2 * N] = (p[2 * N] as number) + sg * g0 * g2;
    p[N + 1] = (p[N + 1] as number) + sg * g1 * g1;
    p[N + 2] = (p[N + 2] as number) + sg * g1 * g2;
    p[2 * N + 1] = (p[2 * N + 1] as number) + sg * g1 * g2;
    p[2 * N + 2] = (p[2 * N + 2] as number) + sg * g2 * g2;
    p[4 * N + 4] = (p[4 * N + 4] as number) + this.#sigmaB2 * (1 - phi * phi);
  }

  /**
   * GPS update with a horizontal fix, allocation-free (Joseph form).
   *
   * @param x - measured x in the world frame (m).
   * @param y - measured y in the world frame (m).
   * @param gate - optional NIS threshold: a fix whose NIS exceeds it is rejected (no update).
   *   χ²(2) 99.9 %: 13.8. Default ∞ (always fuse).
   * @returns whether the fix was fused (false: gated out, or a singular innovation).
   *   {@link lastNis} holds the innovation's NIS either way.
   */
  // perf-sensitive
  updateGps(x: number, y: number, gate = Infinity): boolean {
    const s = this.#s;
    const p = this.#p;
    const r = this.#sigmaGps2;
    const e0 = x - (s[0] as number);
    const e1 = y - (s[1] as number);
    const s00 = (p[0] as number) + r;
    const s01 = p[1] as number;
    const s11 = (p[N + 1] as number) + r;
    const det = s00 * s11 - s01 * s01;
    if (!(det > 0)) {
      this.#nis[0] = NaN;
      return false;
    }
    const i00 = s11 / det;
    const i01 = -s01 / det;
    const i11 = s00 / det;
    const nis = e0 * (i00 * e0 + i01 * e1) + e1 * (i01 * e0 + i11 * e1);
    this.#nis[0] = nis;
    if (nis > gate) return false;
    // K = P Hᵀ S⁻¹ (N×2), H = [I₂ 0].
    const k = this.#k;
    for (let i = 0; i < N; i++) {
      const a = p[N * i] as number;
      const b = p[N * i + 1] as number;
      k[2 * i] = a * i00 + b * i01;
      k[2 * i + 1] = a * i01 + b * i11;
    }
    for (let i = 0; i < N; i++) s[i] = (s[i] as number) + (k[2 * i] as number) * e0 + (k[2 * i + 1] as number) * e1;
    s[2] = wrapAngle(s[2] as number);
    // Joseph form: P ← (I − KH) P (I − KH)ᵀ + K R Kᵀ.
    const t = this.#t;
    for (let i = 0; i < N; i++) {
      for (let j = 0; j < N; j++) {
        t[N * i + j] =
          (p[N * i + j] as number) -
          (k[2 * i] as number) * (p[j] as number) -
          (k[2 * i + 1] as number) * (p[N + j] as number);
      }
    }
    for (let i = 0; i < N; i++) {
      for (let j = i; j < N; j++) {
        const v =
          (t[N * i + j] as number) -
          (t[N * i] as number) * (k[2 * j] as number) -
          (t[N * i + 1] as number) * (k[2 * j + 1] as number) +
          r * ((k[2 * i] as number) * (k[2 * j] as number) + (k[2 * i + 1] as number) * (k[2 * j + 1] as number));
        p[N * i + j] = v;
        p[N * j + i] = v;
      }
    }
    return true;
  }

  /**
   * Normalised innovation squared of the last GPS fix (dimensionless; χ²(2)-distributed
   * when the filter is consistent: mean 2, 99.9 % below 13.8). NaN before the first fix.
   */
  get lastNis(): number {
    return this.#nis[0] as number;
  }
}
