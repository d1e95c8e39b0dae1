import { statSync } from "node:fs";
import { resolve } from "node:path";

import { prestartHooksThread } from "./prestartHooksThread.js";
import { registerModuleHooks } from "./registerModuleHooks.js";

/** The commands whose robot argument may be a module (they load it with loadRobot). */
const ROBOT_COMMANDS = new Set(["build", "emit", "ik", "odom", "sim", "view"]);
/** A robot module, as loadRobot tells one: .ts, .mts, .js or .mjs. */
const MODULE_FILE = /\.m?[jt]s$/i;
/** A module the hooks strip (moduleHooks.ts). */
const TS_FILE = /\.m?ts$/;

/**
 * Starts the module hooks thread at launch, before the CLI loads, when the command line names
 * a robot module (prestartHooksThread: it boots on another core meanwhile, under V8's default
 * flags), and returns the registration to make once the CLI is loaded: registerModuleHooks,
 * whose hooks then strip the `.ts` modules named while the CLI gets to them, so that the first
 * build after an edit does not wait for the stripper (amaro, ~25 ms) after the CLI.
 * Otherwise undefined: provideRobokit registers the hooks when a module is loaded.
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
  const prestrip = modules.filter((path) => TS_FILE.test(path));
  return () => {
    registerModuleHooks(fromUrl, env, prestrip);
  };
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
