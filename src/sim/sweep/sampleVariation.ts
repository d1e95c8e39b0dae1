import { SeededRandom } from "../../sensors/noise/SeededRandom.js";
import type { SweepDistribution, SweepVariation } from "./SweepVariation.js";

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
  return variation.parameters.map((p) => draw(p.distribution, new SeededRandom((seed ^ nameHash(p.name)) | 0)));
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
  }
}

/** FNV-1a hash of the name's UTF-16 code units (32-bit). */
function nameHash(name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
