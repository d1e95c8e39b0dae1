import { MAX_SWEEP_RUNS, MAX_SWEEP_SEED, type SweepManifest } from "./SweepManifest.js";

/** What {@link readSweepManifest} returns: the manifest, or every field that is wrong. */
export type SweepManifestRead =
  | { readonly ok: true; readonly manifest: SweepManifest }
  | { readonly ok: false; readonly problems: readonly string[] };

const SHA256 = /^[0-9a-f]{64}$/;

/**
 * Reads a sweep folder's `manifest.json` text and checks the type and range of every field
 * (a manifest is input: its hash is easy to recompute, so a string `runs`, a run count of 1e12
 * or a seed past 32 bits must be refused here, not crash the merge). Pure.
 */
export function readSweepManifest(text: string): SweepManifestRead {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch {
    return { ok: false, problems: ["not JSON"] };
  }
  if (typeof data !== "object" || data === null || Array.isArray(data))
    return { ok: false, problems: ["not a JSON object"] };
  const m = data as Record<string, unknown>;
  const problems: string[] = [];
  const want = (key: string, ok: boolean, what: string): void => {
    if (ok) return;
    const given = JSON.stringify(m[key]) ?? "missing";
    problems.push(`${key} is ${given.length > 80 ? `${given.slice(0, 80)}…` : given}, expected ${what}`);
  };
  const isInt = (v: unknown, min: number, max: number): v is number =>
    typeof v === "number" && Number.isSafeInteger(v) && v >= min && v <= max;
  const isText = (v: unknown): v is string => typeof v === "string" && v.length <= 1024;
  const positiveOrNull = (v: unknown): boolean => v === null || (typeof v === "number" && Number.isFinite(v) && v > 0);
  want("format", m["format"] === "robokit-sweep/1", '"robokit-sweep/1"');
  for (const key of ["robokitVersion", "robot", "scenario"]) want(key, isText(m[key]), "a string");
  for (const key of ["robotSha256", "scenarioSha256", "runsCsvSha256"])
    want(key, typeof m[key] === "string" && SHA256.test(m[key]), "a SHA-256 in hex");
  want(
    "variationSha256",
    m["variationSha256"] === null || (typeof m["variationSha256"] === "string" && SHA256.test(m["variationSha256"])),
    "null or a SHA-256 in hex",
  );
  want("parameters", Array.isArray(m["parameters"]) && m["parameters"].every(isText), "a list of strings");
  want("runs", isInt(m["runs"], 1, MAX_SWEEP_RUNS), `a whole number from 1 to ${MAX_SWEEP_RUNS}`);
  want("seedBase", isInt(m["seedBase"], 0, MAX_SWEEP_SEED), `a whole number from 0 to ${MAX_SWEEP_SEED}`);
  if (isInt(m["runs"], 1, MAX_SWEEP_RUNS) && isInt(m["seedBase"], 0, MAX_SWEEP_SEED))
    want("seedBase", m["seedBase"] + m["runs"] - 1 <= MAX_SWEEP_SEED, `seeds of at most ${MAX_SWEEP_SEED}`);
  want("duration", positiveOrNull(m["duration"]), "null or a positive number");
  want("rate", positiveOrNull(m["rate"]), "null or a positive number");
  const shard = m["shard"] as Record<string, unknown> | null | undefined;
  const shardOk =
    typeof shard === "object" &&
    shard !== null &&
    isInt(shard["count"], 1, MAX_SWEEP_RUNS) &&
    isInt(shard["index"], 0, (shard["count"] as number) - 1);
  want("shard", shardOk, "{index, count} with 0 ≤ index < count ≤ the run limit");
  const runs = isInt(m["runs"], 1, MAX_SWEEP_RUNS) ? m["runs"] : 0;
  const indices = m["runIndices"];
  want(
    "runIndices",
    Array.isArray(indices) &&
      indices.every((r, i) => isInt(r, 0, runs - 1) && (i === 0 || r > (indices[i - 1] as number))),
    "ascending run indices below runs",
  );
  return problems.length > 0 ? { ok: false, problems } : { ok: true, manifest: m as unknown as SweepManifest };
}
