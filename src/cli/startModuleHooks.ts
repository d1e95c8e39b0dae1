import { statSync } from "node:fs";
import { resolve } from "node:path";

import { INPUT_LIMITS } from "../util/inputLimits.js";
import type { NamedModule } from "./moduleHooks.js";
import { prestartHooksThread } from "./prestartHooksThread.js";
import { readNamedModule } from "./readNamedModule.js";
import { deferModuleHooks, registerModuleHooks, strippedCacheDir } from "./registerModuleHooks.js";
import { stripperIdentity } from "./stripperIdentity.js";

/** The commands whose robot argument may be a module (they load it with loadRobot). */
const ROBOT_COMMANDS = new Set(["build", "emit", "ik", "odom", "sim", "view"]);
/** A robot module, as loadRobot tells one: .ts, .mts, .js or .mjs. */
const MODULE_FILE = /\.m?[jt]s$/i;
/** A module the hooks strip (moduleHooks.ts). */
const TS_FILE = /\.m?ts$/;

/**
 * Starts the module hooks thread at launch, before the CLI loads, when the command line names
 * a robot module (prestartHooksThread): it boots on another core meanwhile, under V8's default
 * flags. When a `.ts` module named has no stripping in the cache (the first build after an
 * edit), returns the registration to make as soon as the CLI is loaded: registerModuleHooks,
 * whose hooks then strip those modules while the CLI gets to them, so that the build does not
 * wait for the stripper (amaro, ~25 ms) after the CLI. Otherwise undefined: provideRobokit
 * registers the hooks when the module is loaded, by when the thread has booted, and the main
 * thread never waits for it. Either way the hooks get the modules as read here, with their
 * cache keys (registerModuleHooks, deferModuleHooks).
 *
 * @param argv - the words after `robokit`.
 * @param fromUrl - file: URL of a module inside the running robokit package (`import.meta.url`).
 * @param env - the environment (the cache folder: see robokitCacheDir).
 * @returns what registers the hooks, to be called before V8's flags are changed (launchCli).
 */
export function startModuleHooks(
  argv: readonly string[],
  fromUrl: string,
  env: Readonly<Record<string, string | undefined>>,
): (() => void) | undefined {
  const command = argv.find((word) => !word.startsWith("-"));
  if (command === undefined || !ROBOT_COMMANDS.has(command)) return undefined;
  const modules = argv.filter((word) => MODULE_FILE.test(word) && isFile(word)).map((word) => resolve(word));
  if (modules.length === 0) return undefined;
  prestartHooksThread();
  const typescript = modules.filter((path) => TS_FILE.test(path));
  if (typescript.length === 0) return undefined;
  const { cacheDir } = strippedCacheDir(env);
  const stripper = stripperIdentity();
  const named = typescript
    .map((path) => readNamedModule(path, cacheDir, stripper, INPUT_LIMITS.maxDocumentBytes))
    .filter((module): module is NamedModule => module !== undefined);
  const launched = { named, stripper };
  if (named.every((module) => module.cached)) {
    deferModuleHooks(launched);
    return undefined;
  }
  return () => {
    registerModuleHooks(fromUrl, env, launched);
  };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
