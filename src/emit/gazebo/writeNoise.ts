import type { GaussianNoise } from "../../model/Noise.js";
import { toGazeboNoise } from "../../sensors/noise/toGazeboNoise.js";
import { num, type XmlOutElement } from "../xml/xmlDocument.js";
import { assertNever } from "../../util/assertNever.js";

/**
 * Which `<noise>` schema to write:
 * - "full": noise.sdf (IMU, GPS/NavSat): type attribute + mean, stddev, bias_mean,
 *   bias_stddev, precision; dynamic_bias_* only when `dynamicBias` is "write";
 * - "simple": camera and ray/lidar noise, `<type>` element + mean and stddev only.
 */
export type NoiseSchema = "full" | "simple";

/**
 * Writes a `<noise>` for a model noise, through the same parameter mapping as the runtime
 * noise model (`toGazeboNoise`), so the simulator runs the process robokit simulates.
 *
 * @param dynamicBias - "write" only where the simulator honours it (gz-sensors IMU); "omit"
 *   elsewhere (Classic ignores it; gz NavSat/lidar never evolve it).
 */
export function writeNoise(
  parent: XmlOutElement,
  noise: GaussianNoise,
  schema: NoiseSchema,
  dynamicBias: "write" | "omit",
): void {
  const g = toGazeboNoise(noise);
  switch (schema) {
    case "simple": {
      const el = parent.ele("noise");
      el.ele("type").txt("gaussian");
      el.ele("mean").txt(num(g.mean));
      el.ele("stddev").txt(num(g.stddev));
      return;
    }
    case "full": {
      const el = parent.ele("noise", { type: g.type });
      el.ele("mean").txt(num(g.mean));
      el.ele("stddev").txt(num(g.stddev));
      el.ele("bias_mean").txt(num(g.bias_mean));
      el.ele("bias_stddev").txt(num(g.bias_stddev));
      if (dynamicBias === "write" && g.dynamic_bias_correlation_time > 0) {
        el.ele("dynamic_bias_stddev").txt(num(g.dynamic_bias_stddev));
        el.ele("dynamic_bias_correlation_time").txt(num(g.dynamic_bias_correlation_time));
      }
      if (g.precision > 0) el.ele("precision").txt(num(g.precision));
      return;
    }
    default:
      assertNever(schema, "noise schema");
  }
}
