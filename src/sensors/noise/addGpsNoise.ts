import type { Axis3 } from "./addImuNoise.js";
import type { GaussianNoiseParams } from "./GaussianNoiseParams.js";
import { GaussMarkovNoise } from "./GaussMarkovNoise.js";
import { SeededRandom } from "./SeededRandom.js";

/** One GPS fix as a local position (m) in an ENU frame (x east, y north, z up). */
export interface GpsSample {
  /** Position (m). */
  readonly position: Axis3;
}

/** GPS position noise, as SDF `<position_sensing><horizontal|vertical><noise>`. */
export interface GpsNoiseParams {
  /** Noise on x and y, each independently (m). */
  readonly horizontal: GaussianNoiseParams;
  /** Noise on z (m). */
  readonly vertical: GaussianNoiseParams;
}

/**
 * Adds noise to a stream of GPS fixes every `dt` seconds, offline and deterministically
 * (one {@link GaussMarkovNoise} per axis on independent sub-streams of the seed). Noise is
 * in metres here; note that gz-sensors' NavSat applies horizontal noise to latitude and
 * longitude in degrees, so an SDF emitter must convert (1 m ≈ 9e-6°).
 *
 * @param samples - true positions (m), evenly spaced.
 * @param dt - sample period (s), > 0.
 * @param noise - horizontal and vertical noise (m).
 * @param seed - integer seed.
 */
export function addGpsNoise(
  samples: readonly GpsSample[],
  dt: number,
  noise: GpsNoiseParams,
  seed: number,
): readonly GpsSample[] {
  if (!(dt > 0) || !Number.isFinite(dt)) throw new RangeError(`dt must be finite and > 0 s, got ${String(dt)}`);
  const root = new SeededRandom(seed);
  const models = [
    new GaussMarkovNoise(noise.horizontal, root.fork(0)),
    new GaussMarkovNoise(noise.horizontal, root.fork(1)),
    new GaussMarkovNoise(noise.vertical, root.fork(2)),
  ];
  return Object.freeze(
    samples.map((s) =>
      Object.freeze({
        position: Object.freeze(
          [0, 1, 2].map((i) => (models[i] as GaussMarkovNoise).apply(s.position[i] as number, dt)) as unknown as Axis3,
        ),
      }),
    ),
  );
}
