// Sensor noise (Sharifi et al. 2018, eqs. 1–2), deterministic for a seed. Explicit named exports only.
export { addGpsNoise } from "./addGpsNoise.js";
export type { GpsNoiseParams, GpsSample } from "./addGpsNoise.js";
export { addImuNoise } from "./addImuNoise.js";
export type { Axis3, ImuNoiseParams, ImuSample } from "./addImuNoise.js";
export type { GaussianNoiseParams } from "./GaussianNoiseParams.js";
export { GaussMarkovNoise } from "./GaussMarkovNoise.js";
export type { GaussMarkovNoiseOptions } from "./GaussMarkovNoise.js";
export { SeededRandom } from "./SeededRandom.js";
export { stationaryBiasStddevFromGazebo, toGazeboNoise } from "./toGazeboNoise.js";
export type { GazeboNoiseFields } from "./toGazeboNoise.js";
