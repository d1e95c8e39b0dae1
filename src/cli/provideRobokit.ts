import { createRequire } from "node:module";
import Module from "node:module";

import { registerModuleHooks } from "./registerModuleHooks.js";
import { runningApi } from "./runningApi.js";

/** `robokit` itself or one of its subpath exports (`robokit/kinematics`, `robokit/schemas/…`). */
const OWN_SPECIFIER = /^robokit(?:\/.*)?$/;

let provided: Promise<void> | undefined;

/**
 * Lets a robot module the CLI loads import `robokit` (and `robokit/<subpath>`), and lets the CLI
 * load `.ts` modules: registers the module hooks (registerModuleHooks), then posts them the
 * running API's names.
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
  // Registered as the CLI loaded when a .ts module the command named needed stripping; otherwise
  // here, with what the bin read of the modules named at launch (startModuleHooks).
  const { anchor, apiPort } = registerModuleHooks(fromUrl, env);
  // Posted before any import asks for them: the hooks find them queued (moduleHooks.ts).
  if (apiPort !== undefined) apiPort.postMessage(await runningApi());
  // Without its own manifest (robokit copied without package.json) there is nothing to point at.
  if (anchor === undefined) return;

  // Module._resolveFilename is how Node resolves a require(); it is not in @types/node.
  const cjs = Module as unknown as { _resolveFilename: (request: string, ...rest: unknown[]) => string };
  const normal = cjs._resolveFilename;
  const fromRobokit = createRequire(anchor);
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
