import type { GaussianNoise } from "../../model/Noise.js";

/**
 * Metres per degree of latitude on the WGS-84 equatorial radius (6378137 m · π/180).
 * gz-sensors' NavSat adds horizontal noise to latitude and longitude in degrees, so a
 * noise given in metres is divided by this (exact for latitude; longitude at latitude φ
 * gets 1/cos φ more metres per degree, so its noise in metres is smaller by cos φ).
 */
export const METRES_PER_DEGREE = (6378137 * Math.PI) / 180;

/** A horizontal GPS noise in metres as gz-sensors needs it, in degrees (every field scaled). */
export function horizontalNoiseInDegrees(noise: GaussianNoise): GaussianNoise {
  const s = (v: number | undefined): number | undefined => (v === undefined ? undefined : v / METRES_PER_DEGREE);
  const out: { -readonly [K in keyof GaussianNoise]: GaussianNoise[K] } = { stddev: noise.stddev / METRES_PER_DEGREE };
  const mean = s(noise.mean);
  if (mean !== undefined) out.mean = mean;
  const biasMean = s(noise.biasMean);
  if (biasMean !== undefined) out.biasMean = biasMean;
  const biasStddev = s(noise.biasStddev);
  if (biasStddev !== undefined) out.biasStddev = biasStddev;
  const dyn = s(noise.dynamicBiasStddev);
  if (dyn !== undefined) out.dynamicBiasStddev = dyn;
  if (noise.dynamicBiasCorrelationTime !== undefined) out.dynamicBiasCorrelationTime = noise.dynamicBiasCorrelationTime;
  const precision = s(noise.precision);
  if (precision !== undefined) out.precision = precision;
  return out;
}
