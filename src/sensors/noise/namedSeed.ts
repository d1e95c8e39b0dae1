/**
 * The seed of one named random stream derived from a run's seed: the seed XOR the 32-bit
 * FNV-1a hash of the name's UTF-16 code units, as a signed 32-bit integer. Every consumer of
 * a run's randomness (a swept parameter, a generated command profile) draws from its own
 * stream, so adding one consumer does not shift the draws of another, and two consumers
 * never replay the same numbers.
 *
 * @param seed - the run's seed (integer).
 * @param name - the stream's name, e.g. a parameter name or "profile".
 */
export function namedSeed(seed: number, name: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) h = Math.imul(h ^ name.charCodeAt(i), 0x01000193);
  return (seed ^ (h >>> 0)) | 0;
}
