import { sdfAtLeast, type SdfVersion } from "../sdf/SdfVersion.js";

/**
 * Which sensor elements each SDF version has (read from the spec files
 * test/data/sdformat/spec/<v>/{sensor,noise,camera,navsat}.sdf; checked by a test).
 */
export interface SensorSdfFeatures {
  /** `<sensor type="navsat">` with `<navsat>` (1.7+); 1.6 has only `gps`. */
  readonly navsat: boolean;
  /** `<camera><camera_info_topic>` (1.9+). */
  readonly cameraInfoTopic: boolean;
  /**
   * Children of an IMU/GPS `<noise>` (noise.sdf). Every version robokit writes has all seven,
   * including dynamic_bias_* (1.6+). Camera and ray noise only have type, mean and stddev.
   */
  readonly noiseFields: readonly string[];
}

/** The full `<noise>` children of noise.sdf, 1.6 to 1.12. */
export const FULL_NOISE_FIELDS = [
  "mean",
  "stddev",
  "bias_mean",
  "bias_stddev",
  "dynamic_bias_stddev",
  "dynamic_bias_correlation_time",
  "precision",
] as const;

/** The sensor feature set of one SDF version. */
export function sensorSdfFeatures(version: SdfVersion): SensorSdfFeatures {
  return {
    navsat: sdfAtLeast(version, "1.7"),
    cameraInfoTopic: sdfAtLeast(version, "1.9"),
    noiseFields: FULL_NOISE_FIELDS,
  };
}
