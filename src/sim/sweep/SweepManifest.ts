/**
 * `manifest.json` of a sweep's output folder: what was run, so that `robokit sim merge` can
 * tell whether shards belong together. Hashes are SHA-256 (hex) of the canonical JSON of the
 * robot, scenario and variation as loaded, and of the folder's runs.csv.
 */
export interface SweepManifest {
  readonly format: "robokit-sweep/1";
  readonly robokitVersion: string;
  readonly robot: string;
  readonly robotSha256: string;
  readonly scenario: string;
  readonly scenarioSha256: string;
  /** Names of the varied parameters, in column order. */
  readonly parameters: readonly string[];
  /** null when no `--vary` file was given. */
  readonly variationSha256: string | null;
  readonly seedBase: number;
  /** Total runs N of the whole sweep (all shards). */
  readonly runs: number;
  /** Simulated time (s) and controller rate (Hz) overrides, null for the scenario's. */
  readonly duration: number | null;
  readonly rate: number | null;
  /** This folder's shard: runs with index ≡ index (mod count); 0/1 for a whole sweep. */
  readonly shard: { readonly index: number; readonly count: number };
  /** Run indices in this folder's runs.csv, ascending. */
  readonly runIndices: readonly number[];
  readonly runsCsvSha256: string;
}

/**
 * Most runs of one sweep: each is a MuJoCo simulation and a row of runs.csv, and the run indices
 * of a shard are held in memory (a billion of them exhausted Node's heap natively).
 */
export const MAX_SWEEP_RUNS = 1_000_000;

/** Seeds are 32-bit: every run's seed (the base plus the run index) lies in 0 … 2^32 − 1. */
export const MAX_SWEEP_SEED = 2 ** 32 - 1;

/** Run indices of shard i of n among N runs: those ≡ i (mod n), ascending. */
export function shardRuns(runs: number, index: number, count: number): number[] {
  const out: number[] = [];
  for (let r = index; r < runs; r += count) out.push(r);
  return out;
}
