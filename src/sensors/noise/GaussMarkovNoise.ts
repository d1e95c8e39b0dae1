import type { GaussianNoiseParams } from "./GaussianNoiseParams.js";
import { SeededRandom } from "./SeededRandom.js";

/** Options of {@link GaussMarkovNoise}. */
export interface GaussMarkovNoiseOptions {
  /**
   * Flip the turn-on bias sign with probability ½, as Gazebo (Classic and gz-sensors)
   * does, so `biasMean` acts as a magnitude. Default true.
   */
  readonly randomBiasSign?: boolean;
  /**
   * Initial drifting bias: "stationary" draws it from N(0, σ_b) so the process is
   * stationary from the first sample (default); "zero" starts it at 0.
   */
  readonly initialDynamicBias?: "stationary" | "zero";
}

/**
 * Sensor noise of Sharifi et al. 2018, eqs. 1–2, Y = Ŷ + B + N_Y with Ḃ = −B/τ + N_B, for one
 * scalar channel (one IMU axis, one GPS coordinate, …), deterministic for a seed.
 *
 * - B = B₀ + b: B₀ is the turn-on bias, drawn once from N(biasMean, biasStddev) (sign
 *   flipped with p = ½ unless disabled), constant for the run. b is the drifting bias,
 *   a first-order Gauss–Markov (Ornstein–Uhlenbeck) process discretised exactly:
 *   b_k = φ b_{k−1} + σ_b √(1 − φ²) w_k, φ = e^{−dt/τ}, w_k ~ N(0, 1). Its stationary
 *   standard deviation is σ_b (`dynamicBiasStddev`) and its autocorrelation at lag Δ is
 *   e^{−Δ/τ} whatever dt is, so streams at different rates share statistics.
 * - N_Y ~ N(mean, stddev), independent per sample.
 * - With precision p > 0 the output is rounded to a multiple of p (half away from zero).
 *
 * gz-sensors folds the turn-on bias into the drifting state (so it decays over τ); here it
 * stays constant, as Sharifi et al. 2018 (eq. 1) and the SDF spec describe it.
 */
export class GaussMarkovNoise {
  /** Turn-on bias B₀ drawn at construction (unit of the measurement). */
  readonly turnOnBias: number;
  readonly #random: SeededRandom;
  readonly #mean: number;
  readonly #stddev: number;
  readonly #sigmaB: number;
  readonly #tau: number;
  readonly #precision: number;
  #dynamicBias: number;
  #lastDt = Number.NaN;
  #phi = 0;
  #drive = 0;

  /**
   * @param params - noise parameters (see {@link GaussianNoiseParams}).
   * @param seed - integer seed, or a {@link SeededRandom} to draw from.
   * @param options - see {@link GaussMarkovNoiseOptions}.
   * @throws RangeError on negative or non-finite parameters, or drift without τ > 0.
   */
  constructor(params: GaussianNoiseParams, seed: number | SeededRandom, options: GaussMarkovNoiseOptions = {}) {
    const mean = params.mean ?? 0;
    const biasMean = params.biasMean ?? 0;
    const check = (name: string, v: number, nonNegative: boolean): number => {
      if (!Number.isFinite(v) || (nonNegative && v < 0)) {
        throw new RangeError(`noise ${name} must be finite${nonNegative ? " and ≥ 0" : ""}, got ${String(v)}`);
      }
      return v;
    };
    this.#mean = check("mean", mean, false);
    this.#stddev = check("stddev", params.stddev, true);
    check("biasMean", biasMean, false);
    const biasStddev = check("biasStddev", params.biasStddev ?? 0, true);
    this.#sigmaB = check("dynamicBiasStddev", params.dynamicBiasStddev ?? 0, true);
    this.#tau = params.dynamicBiasCorrelationTime ?? 0;
    if (this.#sigmaB > 0 && !(this.#tau > 0 && Number.isFinite(this.#tau))) {
      throw new RangeError(
        `noise dynamicBiasCorrelationTime must be finite and > 0 s when dynamicBiasStddev > 0, got ${String(this.#tau)}`,
      );
    }
    this.#precision = check("precision", params.precision ?? 0, true);
    this.#random = typeof seed === "number" ? new SeededRandom(seed) : seed;
    let b0 = biasMean + biasStddev * this.#random.normal();
    if ((options.randomBiasSign ?? true) && this.#random.uniform() < 0.5) b0 = -b0;
    this.turnOnBias = b0 + 0;
    this.#dynamicBias =
      this.#sigmaB > 0 && (options.initialDynamicBias ?? "stationary") === "stationary"
        ? this.#sigmaB * this.#random.normal()
        : 0;
  }

  /** Current total bias B = B₀ + b (unit of the measurement). */
  get bias(): number {
    return this.turnOnBias + this.#dynamicBias;
  }

  /** Current drifting part b of the bias (unit). */
  get dynamicBias(): number {
    return this.#dynamicBias;
  }

  /**
   * Advances the drifting bias by dt and returns the noisy measurement of `value`.
   *
   * @param value - true value Ŷ (unit of the measurement).
   * @param dt - time since the previous sample (s), > 0 when the bias drifts; ignored otherwise.
   * @returns Y = Ŷ + B + N_Y, quantised if precision > 0.
   */
  // perf-sensitive
  apply(value: number, dt: number): number {
    if (this.#sigmaB > 0) {
      if (dt !== this.#lastDt) {
        if (!(dt > 0) || !Number.isFinite(dt)) throw new RangeError(`dt must be finite and > 0 s, got ${String(dt)}`);
        this.#phi = Math.exp(-dt / this.#tau);
        // σ_b √(1 − φ²), with 1 − φ² = −expm1(−2dt/τ) to keep precision for dt ≪ τ.
        this.#drive = this.#sigmaB * Math.sqrt(-Math.expm1((-2 * dt) / this.#tau));
        this.#lastDt = dt;
      }
      this.#dynamicBias = this.#phi * this.#dynamicBias + this.#drive * this.#random.normal();
    }
    let y = value + this.turnOnBias + this.#dynamicBias + this.#mean + this.#stddev * this.#random.normal();
    const p = this.#precision;
    if (p > 0) y = (y < 0 ? -1 : 1) * Math.floor(Math.abs(y) / p + 0.5) * p;
    return y;
  }
}
