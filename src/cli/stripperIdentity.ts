import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";

let identity: string | undefined;

/**
 * The type stripper robokit loads and its version (`amaro@0.1.9`), part of every key of the
 * stripped-module cache (strippedCacheKey): a new stripper never reads an old one's entries.
 * `amaro@?` when its manifest cannot be read. Found once per thread.
 */
export function stripperIdentity(): string {
  if (identity !== undefined) return identity;
  try {
    const main = createRequire(import.meta.url).resolve("amaro");
    const manifest = join(dirname(main), "..", "package.json");
    identity = `amaro@${(JSON.parse(readFileSync(manifest, "utf8")) as { version?: string }).version ?? "?"}`;
  } catch {
    identity = "amaro@?";
  }
  return identity;
}
