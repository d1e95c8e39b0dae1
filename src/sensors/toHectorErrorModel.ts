import type { GaussianNoiseParams } from "./noise/GaussianNoiseParams.js";

/** One axis of a hector_gazebo_plugins SensorModel (units of the measurement; Hz). */
export interface HectorErrorModel {
  readonly offset: number;
  readonly drift: number;
  readonly driftFrequency: number;
  readonly gaussianNoise: number;
}

/**
 * Maps robokit noise to hector's SensorModel for a sensor updated every `dt` seconds, so
 * that hector's drifting bias has robokit's stationary σ_b.
 *
 * hector steps b ← e^{−f·dt}·b + dt·N(0, √(2f)·drift) (the driving noise scaled by dt, not √dt),
 * whose stationary variance is drift²·2f·dt²/(1 − e^{−2f·dt}). Solving for drift with
 * f = 1/τ gives drift = σ_b·√((1 − e^{−2dt/τ})/(2dt²/τ)). Offset carries biasMean; hector has
 * no random turn-on bias (biasStddev is not representable), and it draws its initial
 * drift from N(0, drift), larger than σ_b: the bias starts wide and settles within ~τ.
 * Without drift, driftFrequency stays at hector's default 1/3600 Hz and drift is 0.
 */
export function toHectorErrorModel(noise: GaussianNoiseParams | undefined, dt: number): HectorErrorModel {
  if (!(dt > 0)) throw new RangeError(`toHectorErrorModel: dt must be > 0 s, got ${String(dt)}`);
  if (noise === undefined) return { offset: 0, drift: 0, driftFrequency: 1 / 3600, gaussianNoise: 0 };
  const sigmaB = noise.dynamicBiasStddev ?? 0;
  const tau = noise.dynamicBiasCorrelationTime ?? 0;
  const drifting = sigmaB > 0 && tau > 0;
  const drift = drifting ? sigmaB * Math.sqrt(-Math.expm1((-2 * dt) / tau) / ((2 * dt * dt) / tau)) : 0;
  return {
    offset: noise.biasMean ?? 0,
    drift,
    driftFrequency: drifting ? 1 / tau : 1 / 3600,
    gaussianNoise: noise.stddev,
  };
}

/** hector's stationary bias σ for a drift σ_d, drift frequency f (Hz) and step dt (s). */
export function hectorStationaryBiasStddev(drift: number, driftFrequency: number, dt: number): number {
  return drift * Math.sqrt((2 * driftFrequency * dt * dt) / -Math.expm1(-2 * driftFrequency * dt));
}
