/**
 * The second module the CLI registers (module.register) in Node's hooks thread, once it has
 * loaded its entry points (runningApi): it hands their export names to the hooks of
 * moduleHooks.ts, which were registered before (at start-up when the command names a robot
 * module, so that the thread starts while the CLI loads). It has no hooks of its own.
 */
import { useRunningApi } from "./moduleHooks.js";

/** Called by module.register with the running API's export names, by specifier. */
export function initialize(names: Readonly<Record<string, readonly string[]>>): void {
  useRunningApi(names);
}
