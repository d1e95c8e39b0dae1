import { namedSeed } from "../../sensors/noise/namedSeed.js";
import { SeededRandom } from "../../sensors/noise/SeededRandom.js";
import type { SweepDistribution, SweepVariation } from "./SweepVariation.js";
import { assertNever } from "../../util/assertNever.js";

/** Draws of a normal outside its bounds before the bound-clamped mean is used instead. */
const MAX_REDRAWS = 1000;

/**
 * The parameter values of one run, in the variation's order. Each parameter draws from its
 * own stream, seeded from the run's seed and the parameter's name, so a run's values depend
 * only on its seed (not on which process runs it, nor on the other parameters in the file).
 *
 * @param variation - the `--vary` file's parameters.
 * @param seed - the run's seed (integer).
 */
export function sampleVariation(variation: SweepVariation, seed: number): number[] {
  return variation.parameters.map((p) => draw(p.distribution, new SeededRandom(namedSeed(seed, p.name))));
}

function draw(d: SweepDistribution, random: SeededRandom): number {
  switch (d.type) {
    case "uniform":
      return d.min + (d.max - d.min) * random.uniform();
    case "normal": {
      for (let i = 0; i < MAX_REDRAWS; i++) {
        const v = d.mean + d.std * random.normal();
        if (v >= d.min && v <= d.max) return v;
      }
      // Only reachable for bounds far in one tail: the bound nearest the mean's side.
      return Math.min(d.max, Math.max(d.min, d.mean));
    }
    default:
      assertNever(d, "distribution");
  }
}
