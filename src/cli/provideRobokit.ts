import { existsSync, readFileSync, realpathSync } from "node:fs";
import { createRequire, register } from "node:module";
import Module from "node:module";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

import { INPUT_LIMITS } from "../util/inputLimits.js";
import type { ModuleHooksData } from "./moduleHooks.js";
import { robokitCacheDir } from "./robokitCacheDir.js";
import { runningApi } from "./runningApi.js";
import { withDefaultV8Flags } from "./withDefaultV8Flags.js";

/** `robokit` itself or one of its subpath exports (`robokit/kinematics`, `robokit/schemas/…`). */
const OWN_SPECIFIER = /^robokit(?:\/.*)?$/;

/**
 * Run from the TypeScript sources (the repository's tests, where tsx or the test runner compiles
 * .ts), there is no compiled moduleHooks.js: this resolve-only hook (self-contained, as it runs
 * in Node's hooks thread) gives `robokit` the same fallback, resolved as a package self-reference.
 */
const SOURCE_RUN_HOOK = `
let anchor;
export function initialize(data) { anchor = data.anchor; }
export async function resolve(specifier, context, nextResolve) {
  try {
    return await nextResolve(specifier, context);
  } catch (error) {
    if (anchor === undefined || !${OWN_SPECIFIER.toString()}.test(specifier) || context.parentURL === anchor) throw error;
    return nextResolve(specifier, { ...context, parentURL: anchor });
  }
}
`;

let provided: Promise<void> | undefined;

/**
 * The package.json of the running robokit package, found upwards from `fromUrl`: the nearest one
 * named robokit whose "." export exists beside it, so a stray copy of the manifest inside a
 * build folder (whose export paths would not resolve from there) is passed over.
 */
function cacheDirOf(env: Readonly<Record<string, string | undefined>>): { cacheDir?: string } {
  const root = robokitCacheDir(env, process.platform, safeHomedir());
  return root === undefined ? {} : { cacheDir: join(root, "ts") };
}

function safeHomedir(): string {
  try {
    return homedir();
  } catch {
    return "";
  }
}

function ownManifest(fromUrl: string): string | undefined {
  let dir = dirname(fileURLToPath(fromUrl));
  for (;;) {
    const manifest = join(dir, "package.json");
    if (existsSync(manifest)) {
      try {
        const pkg = JSON.parse(readFileSync(manifest, "utf8")) as { name?: unknown; exports?: Record<string, unknown> };
        const main = pkg.exports?.["."];
        const target = typeof main === "string" ? main : (main as { default?: unknown } | undefined)?.default;
        if (pkg.name === "robokit" && typeof target === "string" && existsSync(join(dir, target))) return manifest;
      } catch {
        // Not a manifest we can read: keep looking upwards.
      }
    }
    const up = dirname(dir);
    if (up === dir) return undefined;
    dir = up;
  }
}

/**
 * Lets a robot module the CLI loads import `robokit` (and `robokit/<subpath>`), and lets the CLI
 * load `.ts` modules: registers the module hooks (moduleHooks.ts, run in Node's hooks thread).
 * `import "robokit"` gets the robokit that is running, the very objects the CLI has loaded
 * (runningApi), when normal resolution finds that copy or none (`robokit import r.urdf --to ts` writes a
 * module importing from "robokit", and `npx robokit build r.ts` in a folder without
 * node_modules must still build it); a different robokit installed beside the module wins.
 * A CommonJS module's `require("robokit")` falls back to the running package through
 * Module._resolveFilename. Idempotent: later calls get the first call's promise.
 *
 * @param fromUrl - file: URL of a module inside the running robokit package (`import.meta.url`).
 * @param env - the environment (the cache folder: see robokitCacheDir).
 */
export function provideRobokit(fromUrl: string, env: Readonly<Record<string, string | undefined>> = {}): Promise<void> {
  provided ??= install(fromUrl, env);
  return provided;
}

async function install(fromUrl: string, env: Readonly<Record<string, string | undefined>>): Promise<void> {
  const manifest = ownManifest(fromUrl);
  const anchorUrl = manifest === undefined ? undefined : pathToFileURL(manifest).href;
  const hooks = new URL("./moduleHooks.js", fromUrl);
  if (!existsSync(hooks)) {
    if (anchorUrl !== undefined) {
      register(`data:text/javascript,${encodeURIComponent(SOURCE_RUN_HOOK)}`, { data: { anchor: anchorUrl } });
    }
  } else {
    const data: ModuleHooksData = {
      ...(anchorUrl === undefined ? {} : { anchor: anchorUrl }),
      ...(manifest === undefined ? {} : { packageRoot: realpathSync(dirname(manifest)) }),
      api: await runningApi(),
      ...cacheDirOf(env),
      maxSourceBytes: INPUT_LIMITS.maxDocumentBytes,
    };
    // register() returns once the hooks thread has started and loaded moduleHooks.js.
    withDefaultV8Flags(() => register(hooks.href, { data }));
  }
  // Without its own manifest (robokit copied without package.json) there is nothing to point at.
  if (anchorUrl === undefined) return;

  // Module._resolveFilename is how Node resolves a require(); it is not in @types/node.
  const cjs = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const normal = cjs._resolveFilename;
  const fromRobokit = createRequire(anchorUrl);
  let falling = false;
  cjs._resolveFilename = function (this: unknown, request: string, ...rest: unknown[]): string {
    try {
      return normal.call(this, request, ...rest);
    } catch (error) {
      if (falling || (error as { code?: unknown }).code !== "MODULE_NOT_FOUND" || !OWN_SPECIFIER.test(request))
        throw error;
      // The fallback goes through this function again (createRequire resolves with it): resolve once, without falling back twice.
      falling = true;
      try {
        return fromRobokit.resolve(request);
      } catch {
        throw error;
      } finally {
        falling = false;
      }
    }
  };
}
