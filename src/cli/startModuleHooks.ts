import { statSync } from "node:fs";
import { resolve } from "node:path";

import { registerModuleHooks } from "./registerModuleHooks.js";

/** The commands whose robot argument may be a module (they load it with loadRobot). */
const ROBOT_COMMANDS = new Set(["build", "emit", "ik", "odom", "sim", "view"]);
/** A robot module, as loadRobot tells one: .ts, .mts, .js or .mjs. */
const MODULE_FILE = /\.m?[jt]s$/i;
/** A module the hooks strip (moduleHooks.ts). */
const TS_FILE = /\.m?ts$/;

/**
 * Registers the module hooks at start-up, before the CLI loads, when the command line names a
 * robot module: the hooks thread starts under V8's default flags (before the CLI's are set),
 * and strips the `.ts` modules named while the CLI loads on the main thread, so that the
 * first build after an edit does not wait for the stripper (amaro, ~50 ms) after the CLI.
 * Otherwise nothing: provideRobokit registers the hooks when a module is loaded.
 *
 * @param argv - the words after `robokit`.
 * @param fromUrl - file: URL of a module inside the running robokit package (`import.meta.url`).
 * @param env - the environment (the cache folder: see robokitCacheDir).
 */
export function startModuleHooks(
  argv: readonly string[],
  fromUrl: string,
  env: Readonly<Record<string, string | undefined>>,
): void {
  const command = argv.find((word) => !word.startsWith("-"));
  if (command === undefined || !ROBOT_COMMANDS.has(command)) return;
  const modules = argv.filter((word) => MODULE_FILE.test(word) && isFile(word)).map((word) => resolve(word));
  if (modules.length === 0) return;
  registerModuleHooks(
    fromUrl,
    env,
    modules.filter((path) => TS_FILE.test(path)),
  );
}

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}
