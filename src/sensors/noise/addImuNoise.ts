import type { GaussianNoiseParams } from "./GaussianNoiseParams.js";
import { GaussMarkovNoise } from "./GaussMarkovNoise.js";
import { SeededRandom } from "./SeededRandom.js";

/** A 3-vector (x, y, z) in the sensor frame (REP-103 axes). */
export type Axis3 = readonly [number, number, number];

/** One IMU sample in the IMU frame. */
export interface ImuSample {
  /** Angular velocity (rad/s). */
  readonly angularVelocity: Axis3;
  /** Linear acceleration (m/s²), specific force as an accelerometer measures it. */
  readonly linearAcceleration: Axis3;
}

/** Noise of an IMU, the same parameters on each axis (as one SDF `<noise>` per axis). */
export interface ImuNoiseParams {
  /** Gyro noise (rad/s, bias drift τ in s). */
  readonly angularVelocity: GaussianNoiseParams;
  /** Accelerometer noise (m/s²). */
  readonly linearAcceleration: GaussianNoiseParams;
}

/**
 * Adds noise to a stream of IMU samples taken every `dt` seconds, offline and
 * deterministically: each of the six axes gets its own {@link GaussMarkovNoise} on an
 * independent sub-stream of one {@link SeededRandom}(seed). Same inputs and seed →
 * identical output.
 *
 * @param samples - true IMU samples, evenly spaced.
 * @param dt - sample period (s), > 0.
 * @param noise - gyro and accelerometer noise parameters.
 * @param seed - integer seed.
 * @returns new noisy samples, one per input.
 */
export function addImuNoise(
  samples: readonly ImuSample[],
  dt: number,
  noise: ImuNoiseParams,
  seed: number,
): readonly ImuSample[] {
  if (!(dt > 0) || !Number.isFinite(dt)) throw new RangeError(`dt must be finite and > 0 s, got ${String(dt)}`);
  const root = new SeededRandom(seed);
  const gyro = [0, 1, 2].map((i) => new GaussMarkovNoise(noise.angularVelocity, root.fork(i)));
  const acc = [0, 1, 2].map((i) => new GaussMarkovNoise(noise.linearAcceleration, root.fork(3 + i)));
  const apply = (models: GaussMarkovNoise[], v: Axis3): Axis3 =>
    Object.freeze([0, 1, 2].map((i) => (models[i] as GaussMarkovNoise).apply(v[i] as number, dt)) as unknown as Axis3);
  return Object.freeze(
    samples.map((s) =>
      Object.freeze({
        angularVelocity: apply(gyro, s.angularVelocity),
        linearAcceleration: apply(acc, s.linearAcceleration),
      }),
    ),
  );
}
