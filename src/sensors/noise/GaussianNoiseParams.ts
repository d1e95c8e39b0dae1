import type { GaussianNoise } from "../../model/Noise.js";

/**
 * Parameters of Gaussian sensor noise with turn-on bias and a drifting bias (Sharifi et al. 2018,
 * eqs. 1–2): Y = Ŷ + B + N_Y, Ḃ = −B/τ + N_B. Units are those of the measured quantity
 * (rad/s for a gyro, m/s² for an accelerometer, m for a position); times in s.
 * The same type as the model's `GaussianNoise` (one definition, in src/model/Noise.ts), so
 * a model value is passed as is. Only `stddev` is required; every other field defaults to 0 (off).
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
export type GaussianNoiseParams = GaussianNoise;
