import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

import { describe, expect, it } from "vitest";

import { readNamedModule } from "./readNamedModule.js";
import { strippedCacheKey } from "./strippedCache.js";

describe("readNamedModule", () => {
  const dir = mkdtempSync(join(tmpdir(), "robokit-named-"));
  const path = join(dir, "robot.ts");
  const source = "export const n: number = 1;\n";
  writeFileSync(path, source);
  const cacheDir = join(dir, "cache");
  mkdirSync(cacheDir);

  it("reads the module with its cache key, and whether the cache has that entry", () => {
    const key = strippedCacheKey("amaro@1", source);
    expect(readNamedModule(path, cacheDir, "amaro@1", 1000)).toEqual({ path, source, key, cached: false });
    writeFileSync(join(cacheDir, `${key}.js`), "export const n         = 1;\n");
    expect(readNamedModule(path, cacheDir, "amaro@1", 1000)).toEqual({ path, source, key, cached: true });
    // Another stripper's entries are not this one's.
    expect(readNamedModule(path, cacheDir, "amaro@2", 1000)?.cached).toBe(false);
  });

  it("has no key without a cache folder", () => {
    expect(readNamedModule(path, undefined, "amaro@1", 1000)).toEqual({ path, source, cached: false });
  });

  it("leaves a module over the size limit, or one it cannot read, to the hooks to report", () => {
    expect(readNamedModule(path, cacheDir, "amaro@1", source.length - 1)).toBeUndefined();
    expect(readNamedModule(join(dir, "missing.ts"), cacheDir, "amaro@1", 1000)).toBeUndefined();
    expect(readNamedModule(dir, cacheDir, "amaro@1", 1000)).toBeUndefined();
  });
});
