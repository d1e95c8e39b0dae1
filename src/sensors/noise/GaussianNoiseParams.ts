/**
 * Parameters of Gaussian sensor noise with turn-on bias and a drifting bias (seed 003
 * eqs. 1–2): Y = Ŷ + B + N_Y, Ḃ = −B/τ + N_B. Units are those of the measured quantity
 * (rad/s for a gyro, m/s² for an accelerometer, m for a position); times in s.
 * Structurally identical to the model's `GaussianNoise`, so a model value can be passed
 * as is. Only `stddev` is required; every other field defaults to 0 (off).
 *
 * Mapping to SDF `<noise>` (Gazebo; see {@link toGazeboNoise}):
 * | field | SDF element | note |
 * |---|---|---|
 * | mean | `<mean>` | white-noise mean, a constant offset |
 * | stddev | `<stddev>` | σ of N_Y per sample |
 * | biasMean, biasStddev | `<bias_mean>`, `<bias_stddev>` | turn-on bias ~N(biasMean, biasStddev), sign flipped with p = ½ as Gazebo does |
 * | dynamicBiasStddev | `<dynamic_bias_stddev>` = dynamicBiasStddev·√(2/τ) | robokit's field is the **stationary** σ of the drift; gz-sensors' field is the driving-noise density (stationary σ = gz value·√(τ/2)) |
 * | dynamicBiasCorrelationTime | `<dynamic_bias_correlation_time>` | τ (s); SDF ≥ 1.6, gz-sensors only (Gazebo Classic ignores both dynamic fields) |
 * | precision | `<precision>`, type `gaussian_quantized` when > 0 | output rounded to a multiple |
 */
export interface GaussianNoiseParams {
  /** Mean of the white noise N_Y (unit of the measurement). Default 0. */
  readonly mean?: number;
  /** Standard deviation of the white noise N_Y per sample (unit of the measurement), ≥ 0. */
  readonly stddev: number;
  /** Mean of the turn-on bias, drawn once (unit). Default 0. */
  readonly biasMean?: number;
  /** Standard deviation of the turn-on bias (unit), ≥ 0. Default 0. */
  readonly biasStddev?: number;
  /** Stationary standard deviation σ_b of the drifting bias (unit), ≥ 0. Default 0 (no drift). */
  readonly dynamicBiasStddev?: number;
  /** Correlation time τ of the drifting bias (s), > 0 when dynamicBiasStddev > 0. */
  readonly dynamicBiasCorrelationTime?: number;
  /** Quantisation step of the output (unit), ≥ 0; 0 = none. */
  readonly precision?: number;
}
