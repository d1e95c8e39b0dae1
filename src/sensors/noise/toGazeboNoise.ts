import type { GaussianNoiseParams } from "./GaussianNoiseParams.js";

/** The seven SDF `<noise>` values (SDF ≥ 1.6), as Gazebo reads them. */
export interface GazeboNoiseFields {
  /** `type` attribute: "gaussian_quantized" when precision > 0, else "gaussian". */
  readonly type: "gaussian" | "gaussian_quantized";
  readonly mean: number;
  readonly stddev: number;
  readonly bias_mean: number;
  readonly bias_stddev: number;
  /** gz-sensors driving-noise σ: robokit's stationary σ_b · √(2/τ); 0 without drift. */
  readonly dynamic_bias_stddev: number;
  /** τ (s); 0 without drift. */
  readonly dynamic_bias_correlation_time: number;
  readonly precision: number;
}

/**
 * Maps {@link GaussianNoiseParams} to the SDF `<noise>` fields, so emitters write the same
 * process that {@link GaussMarkovNoise} simulates. gz-sensors discretises the drift as
 * b ← φ b + N(0, σ_gz √(τ/2 · (1 − e^{−2dt/τ}))), whose stationary σ is σ_gz·√(τ/2); hence
 * σ_gz = σ_b·√(2/τ). Gazebo Classic ignores the two dynamic fields.
 *
 * @param params - robokit noise parameters (SI, unit of the measurement).
 */
export function toGazeboNoise(params: GaussianNoiseParams): GazeboNoiseFields {
  const precision = params.precision ?? 0;
  const sigmaB = params.dynamicBiasStddev ?? 0;
  const tau = params.dynamicBiasCorrelationTime ?? 0;
  const drifting = sigmaB > 0 && tau > 0;
  return Object.freeze({
    type: precision > 0 ? "gaussian_quantized" : "gaussian",
    mean: params.mean ?? 0,
    stddev: params.stddev,
    bias_mean: params.biasMean ?? 0,
    bias_stddev: params.biasStddev ?? 0,
    dynamic_bias_stddev: drifting ? sigmaB * Math.sqrt(2 / tau) : 0,
    dynamic_bias_correlation_time: drifting ? tau : 0,
    precision,
  });
}

/**
 * Inverse of the dynamic-bias mapping of {@link toGazeboNoise}: the stationary σ_b (unit)
 * of a gz-sensors `<dynamic_bias_stddev>` with correlation time τ (s).
 */
export function stationaryBiasStddevFromGazebo(dynamicBiasStddev: number, correlationTime: number): number {
  return dynamicBiasStddev * Math.sqrt(correlationTime / 2);
}
