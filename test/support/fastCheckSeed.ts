import fc from "fast-check";
import { vi } from "vitest";

/**
 * Vitest setup file: every property test must pass on any seed, and any failure must be
 * replayable.
 *
 * - `FC_SEED=<n>` starts every `fc.assert` from seed n (replays a failure fast-check reported).
 * - Otherwise each run draws a fresh seed, locally and in CI alike, so new counterexamples keep
 *   turning up: vitest.config.ts draws it once per run, prints it and hands it to every worker
 *   as FC_SEED; fast-check also prints the seed and path of any failure.
 * - `FC_SEEDS=<k>` runs every `fc.assert` k times, each from its own random seed, and names the
 *   seeds that fail: a sweep over many seeds in one run (`FC_SEEDS=200 npx vitest run <file>`).
 */
const fromEnv = process.env["FC_SEED"];
const fixed = fromEnv !== undefined && fromEnv !== "" ? Number(fromEnv) : undefined;
if (fixed !== undefined && !Number.isInteger(fixed)) throw new Error(`FC_SEED must be an integer, not ${fromEnv}`);
if (fixed !== undefined) fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: fixed });

// Every test calls fc.assert through the module's default export: the sweep stands in for it.
vi.mock("fast-check", async (importOriginal) => {
  const actual = await importOriginal<typeof import("fast-check")>();
  const sweep = Number(process.env["FC_SEEDS"] ?? "");
  if (!Number.isInteger(sweep) || sweep <= 1) return actual;
  const assertOnce = actual.default.assert;
  const assert = ((property: Parameters<typeof assertOnce>[0], params?: object) => {
    const failed: number[] = [];
    let first: unknown;
    for (let i = 0; i < sweep; i++) {
      const s = Math.floor(Math.random() * 2 ** 31);
      try {
        assertOnce(property as never, { ...(params ?? {}), seed: s } as never);
      } catch (error) {
        failed.push(s);
        first ??= error;
      }
    }
    if (failed.length > 0)
      throw new Error(`fails on ${failed.length} of ${sweep} seeds: FC_SEED=${failed.join(", ")}\n${String(first)}`);
  }) as typeof assertOnce;
  return { ...actual, default: { ...actual.default, assert } };
});
