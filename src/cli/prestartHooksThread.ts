import { register } from "node:module";

/** What the specifier below throws when Node turns it into a string. */
const NOT_A_SPECIFIER = new Error("robokit: a specifier that starts the hooks thread only");

/**
 * Starts Node's module hooks thread without waiting for it to boot, so that it boots on another
 * core while the CLI loads; the module.register() that follows (registerModuleHooks) then waits
 * only for what is left, instead of the thread's whole start (about 20 ms on one core).
 *
 * register() is the only public way to start that thread, and it blocks until the thread has
 * started. Node 20 creates the thread first and only then turns the specifier into a string, so
 * a specifier whose conversion throws starts the thread and registers nothing. A Node that
 * converts the specifier before starting the thread starts nothing here and loses only the
 * head start: the later register() starts the thread as it always has. Until hooks are
 * registered the thread passes every resolution and load on to Node's own; an import() made
 * meanwhile waits for the thread to boot, as it would after register().
 */
export function prestartHooksThread(): void {
  const specifier = {
    toString(): string {
      throw NOT_A_SPECIFIER;
    },
  };
  try {
    register(specifier as unknown as string);
  } catch {
    // NOT_A_SPECIFIER, or a Node whose register() checks its argument first: nothing registered.
  }
}
