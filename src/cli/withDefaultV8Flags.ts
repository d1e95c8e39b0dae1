import { setFlagsFromString } from "node:v8";

import { CLI_V8_FLAGS } from "./cliV8Flags.js";

/** V8's own values of the flags {@link CLI_V8_FLAGS} sets (as `node --v8-options` lists them: a test checks). */
export const V8_DEFAULT_FLAGS =
  "--heap-growing-percent=0 --interrupt-budget=67584 --no-wasm-lazy-validation --wasm-tiering-budget=1800000";

/**
 * Runs `work` under V8's default flags, then sets the CLI's again. V8 takes a code cache only
 * under the flags it was made with, and the flags are the process's: a thread that starts
 * meanwhile (module.register's hooks thread) compiles Node's own modules from Node's built-in
 * cache, made under the defaults, instead of from source (half of that thread's start-up).
 * Only for synchronous work: code the CLI's caches were made for must not run in between.
 */
export function withDefaultV8Flags<T>(work: () => T): T {
  setFlagsFromString(V8_DEFAULT_FLAGS);
  try {
    return work();
  } finally {
    setFlagsFromString(CLI_V8_FLAGS);
  }
}
