import { existsSync, readFileSync, realpathSync } from "node:fs";
import { register } from "node:module";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { MessageChannel, type MessagePort } from "node:worker_threads";

import { INPUT_LIMITS } from "../util/inputLimits.js";
import type { ModuleHooksData, NamedModule } from "./moduleHooks.js";
import { robokitCacheDir } from "./robokitCacheDir.js";
import { withDefaultV8Flags } from "./withDefaultV8Flags.js";

/** What {@link registerModuleHooks} registered: once per process, whichever bundle asks. */
export interface ModuleHooksRegistration {
  /** file: URL of the running robokit's package.json; undefined when it has none. */
  readonly anchor?: string;
  /** file: URL of the compiled moduleHooks.js registered; undefined when run from the TypeScript sources. */
  readonly hooks?: string;
  /** Where to post the running API's names for those hooks (ModuleHooksData.apiPort); undefined without them. */
  readonly apiPort?: MessagePort;
}

/** Where the registration is kept (globalThis): the bin and the CLI are separate bundles. */
const REGISTRATION_KEY = Symbol.for("robokit.moduleHooks");
/** Where the bin leaves what it read at launch for a registration the CLI makes (deferModuleHooks). */
const LAUNCH_KEY = Symbol.for("robokit.moduleHooksLaunch");

/** What the bin read at launch of the `.ts` modules the command line names (startModuleHooks). */
export interface LaunchedModules {
  readonly named: readonly NamedModule[];
  /** The stripper's identity (stripperIdentity), which their cache keys were made with. */
  readonly stripper: string;
}

/**
 * Keeps what the bin read at launch for the registration the CLI makes later, when it loads a
 * module (provideRobokit calls registerModuleHooks without it).
 */
export function deferModuleHooks(launched: LaunchedModules): void {
  (globalThis as Record<symbol, LaunchedModules | undefined>)[LAUNCH_KEY] = launched;
}

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

/**
 * Registers the module hooks (moduleHooks.ts, run in Node's hooks thread) of the robokit
 * package `fromUrl` is in, once per process; a later call returns the first one's registration.
 * register() waits for the thread to start, which it does under V8's default flags
 * (withDefaultV8Flags). The running API's names come later, posted on the registration's
 * `apiPort` (provideRobokit).
 *
 * @param fromUrl - file: URL of a module inside the running robokit package (`import.meta.url`).
 * @param env - the environment (the cache folder: see robokitCacheDir).
 * @param launched - what the bin read at launch of the `.ts` modules named (the hooks thread
 *   strips those not in the cache as soon as it is idle); by default what deferModuleHooks kept.
 */
export function registerModuleHooks(
  fromUrl: string,
  env: Readonly<Record<string, string | undefined>>,
  launched: LaunchedModules | undefined = (globalThis as Record<symbol, LaunchedModules | undefined>)[LAUNCH_KEY],
): ModuleHooksRegistration {
  const global = globalThis as Record<symbol, ModuleHooksRegistration | undefined>;
  const done = global[REGISTRATION_KEY];
  if (done !== undefined) return done;
  const manifest = ownManifest(fromUrl);
  const anchor = manifest === undefined ? {} : { anchor: pathToFileURL(manifest).href };
  const hooks = new URL("./moduleHooks.js", fromUrl);
  let registration: ModuleHooksRegistration = anchor;
  if (existsSync(hooks)) {
    const api = new MessageChannel();
    const data: ModuleHooksData = {
      ...anchor,
      ...(manifest === undefined ? {} : { packageRoot: realpathSync(dirname(manifest)) }),
      ...strippedCacheDir(env),
      maxSourceBytes: INPUT_LIMITS.maxDocumentBytes,
      ...(launched === undefined ? {} : { named: launched.named, stripper: launched.stripper }),
      apiPort: api.port2,
    };
    // register() returns once the hooks thread has started and loaded moduleHooks.js.
    withDefaultV8Flags(() => register(hooks.href, { data, transferList: [api.port2] }));
    registration = { ...anchor, hooks: hooks.href, apiPort: api.port1 };
  } else if (anchor.anchor !== undefined) {
    register(`data:text/javascript,${encodeURIComponent(SOURCE_RUN_HOOK)}`, { data: anchor });
  }
  global[REGISTRATION_KEY] = registration;
  return registration;
}

/** The folder of the stripped-module cache (ModuleHooksData.cacheDir), when robokit has a cache folder. */
export function strippedCacheDir(env: Readonly<Record<string, string | undefined>>): { cacheDir?: string } {
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

/**
 * The package.json of the running robokit package, found upwards from `fromUrl`: the nearest one
 * named robokit whose "." export exists beside it, so a stray copy of the manifest inside a
 * build folder (whose export paths would not resolve from there) is passed over.
 */
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
