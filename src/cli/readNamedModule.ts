import { existsSync, readFileSync, statSync } from "node:fs";

import type { NamedModule } from "./moduleHooks.js";
import { strippedCacheKey, strippedEntryPath } from "./strippedCache.js";

/**
 * The `.ts` robot module at `path` as it is now, with its key in the stripped-module cache in
 * `cacheDir` (made with the stripper `stripper`) and whether the cache has that entry.
 * Undefined for a module over `maxSourceBytes` or one that cannot be read: the hooks report
 * those when the module is imported. Whether an entry is a true stripping of the source is
 * checked when it is read (readStripped), not here.
 */
export function readNamedModule(
  path: string,
  cacheDir: string | undefined,
  stripper: string,
  maxSourceBytes: number,
): NamedModule | undefined {
  try {
    if (statSync(path).size > maxSourceBytes) return undefined;
    const source = readFileSync(path, "utf8");
    if (cacheDir === undefined) return { path, source, cached: false };
    const key = strippedCacheKey(stripper, source);
    return { path, source, key, cached: existsSync(strippedEntryPath(cacheDir, key)) };
  } catch {
    return undefined;
  }
}
