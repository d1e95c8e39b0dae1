import { mkdirSync, mkdtempSync, readdirSync, readFileSync, realpathSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { MessageChannel } from "node:worker_threads";

import { describe, expect, it } from "vitest";

import { initialize, load, RUNNING_API_SCHEME, resolve, STRIP_ERROR_CODE, strippedSource } from "./moduleHooks.js";
import { moduleSyntaxError } from "./moduleSyntaxError.js";
import { strippedCacheKey } from "./strippedCache.js";

const dir = realpathSync(mkdtempSync(join(tmpdir(), "robokit-hooks-")));
const running = join(dir, "running");
mkdirSync(join(running, "dist"), { recursive: true });
const entry = `${RUNNING_API_SCHEME}robokit`;
writeFileSync(join(dir, "part.ts"), "export const n: number = 1;\n");
const parent = pathToFileURL(join(dir, "robot.ts")).href;

/** Node's default resolution, reduced: a file: URL of an existing file, else ERR_MODULE_NOT_FOUND. */
const nodeResolve = (found: Record<string, string>) => async (specifier: string, context?: { parentURL?: string }) => {
  const url = found[specifier] ?? (specifier.startsWith(".") ? new URL(specifier, context?.parentURL).href : undefined);
  if (url === undefined || (specifier.startsWith(".") && !url.endsWith(".ts"))) {
    throw Object.assign(new Error(`not found: ${specifier}`), { code: "ERR_MODULE_NOT_FOUND" });
  }
  return { url };
};

describe("the module hooks", () => {
  const api = new MessageChannel();
  initialize({ packageRoot: running, maxSourceBytes: 64, apiPort: api.port2 });

  it("resolve `robokit` as Node does until the CLI posts its running API, then take the last one posted", async () => {
    const other = pathToFileURL(join(dir, "node_modules", "robokit", "index.js")).href;
    expect((await resolve("robokit", { parentURL: parent }, nodeResolve({ robokit: other }))).url).toBe(other);
    await expect(resolve("robokit", { parentURL: parent }, nodeResolve({}))).rejects.toThrow(/not found/);
    api.port1.postMessage({ robokit: ["stale"] });
    api.port1.postMessage({ robokit: ["RobotBuilder", "box"] });
    expect((await resolve("robokit", { parentURL: parent }, nodeResolve({}))).url).toBe(entry);
  });

  it("give `robokit` the running copy's entry when resolution finds that copy or none, and keep another copy", async () => {
    const none = await resolve("robokit", { parentURL: parent }, nodeResolve({}));
    expect(none.url).toBe(entry);
    const same = pathToFileURL(join(running, "dist", "index.js")).href;
    writeFileSync(join(running, "dist", "index.js"), "");
    expect((await resolve("robokit", { parentURL: parent }, nodeResolve({ robokit: same }))).url).toBe(entry);
    const other = pathToFileURL(join(dir, "node_modules", "robokit", "index.js")).href;
    expect((await resolve("robokit", { parentURL: parent }, nodeResolve({ robokit: other }))).url).toBe(other);
  });

  it("load the running entry point as a module exporting its names, and nothing for an unknown one", async () => {
    const loaded = await load(entry, {}, async () => ({ source: "next" }));
    expect(loaded).toMatchObject({ format: "module", shortCircuit: true });
    expect(String(loaded.source)).toContain('e0 as "RobotBuilder", e1 as "box"');
    expect((await load(`${RUNNING_API_SCHEME}robokit/emit`, {}, async () => ({ source: "next" }))).source).toBe("next");
    await expect(resolve("robokit/emit", { parentURL: parent }, nodeResolve({}))).rejects.toThrow(/not found/);
  });

  it("find ./part.ts for a TypeScript module's ./part.js and ./part, with a live reload's query", async () => {
    const part = pathToFileURL(join(dir, "part.ts")).href;
    expect((await resolve("./part.js", { parentURL: parent }, nodeResolve({}))).url).toBe(part);
    expect((await resolve("./part", { parentURL: `${parent}?generation=2` }, nodeResolve({}))).url).toBe(
      `${part}?generation=2`,
    );
    await expect(resolve("./missing.js", { parentURL: parent }, nodeResolve({}))).rejects.toThrow(/not found/);
  });

  it("refuse a module over the size limit as INPUT_TOO_LARGE, before reading it", () => {
    const big = join(dir, "big.ts");
    writeFileSync(big, `export const robot = ${JSON.stringify("x".repeat(100))};\n`);
    let thrown: unknown;
    try {
      strippedSource(big);
    } catch (error) {
      thrown = error;
    }
    expect((thrown as { code?: unknown }).code).toBe(STRIP_ERROR_CODE);
    expect(moduleSyntaxError(thrown, pathToFileURL(big).href)).toMatchObject({
      code: "INPUT_TOO_LARGE",
      severity: "error",
      file: big,
    });
    expect(strippedSource(join(dir, "part.ts"))).toBe("export const n         = 1;\n");
  });
  it("strip the named modules the cache lacks once the thread is idle, into the cache under their keys", async () => {
    const cacheDir = join(dir, "cache");
    writeFileSync(join(dir, "pre.ts"), "export const n: number = 1;\n");
    const source = readFileSync(join(dir, "pre.ts"), "utf8");
    const key = strippedCacheKey("test-stripper", source);
    const named = [
      { path: join(dir, "pre.ts"), source, key, cached: false },
      { path: join(dir, "cached.ts"), source: "export const n = 2;\n", key: "0".repeat(64), cached: true },
    ];
    initialize({ packageRoot: running, maxSourceBytes: 64, cacheDir, named, stripper: "test-stripper" });
    expect(readdirSync(dir)).not.toContain("cache");
    // Stripped once the thread is idle, and written to the cache once it is idle again.
    await new Promise((done) => setImmediate(done));
    expect(readdirSync(dir)).not.toContain("cache");
    await new Promise((done) => setImmediate(done));
    // Under the key the CLI gave, and only the module the cache did not have.
    expect(readdirSync(cacheDir).filter((name) => name.endsWith(".js"))).toEqual([`${key}.js`]);
    expect(readFileSync(join(cacheDir, `${key}.js`), "utf8")).toBe("export const n         = 1;\n");
    expect(strippedSource(join(dir, "pre.ts"))).toBe("export const n         = 1;\n");
  });
});
