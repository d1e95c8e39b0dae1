import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";

import { CODE_CACHE_DIR, loadCommonJs, loadValidatorModule } from "./codeCache.js";
import { decodeUtf8 } from "../util/decodeUtf8.js";
import { CLI_V8_FLAGS } from "./cliV8Flags.js";
import type { RunMainOptions } from "./main.js";
import { startModuleHooks } from "./startModuleHooks.js";

/** The CLI module's entry point (main.ts). */
type RunMain = (argv: readonly string[], options?: RunMainOptions) => Promise<void>;

/** The folder of this file (the bundle's folder when bundled). */
const here = dirname(fileURLToPath(import.meta.url));

/**
 * The bundled CLI (main.cjs, beside the bin) and the name of its code cache (codeCache.ts), or
 * undefined when robokit runs unbundled (from tsc's output or the TypeScript sources).
 */
export function bundledCliPaths(): { readonly cli: string; readonly cache: string } | undefined {
  const cli = join(here, "main.cjs");
  return existsSync(cli) ? { cli, cache: join(here, CODE_CACHE_DIR, "main.cjs") } : undefined;
}

async function loadCli(): Promise<{ readonly runMain: RunMain; readonly cached: boolean }> {
  const paths = bundledCliPaths();
  if (paths === undefined) return { runMain: (await import("./main.js")).runMain, cached: false };
  // The bundle's import() calls (Node built-ins, mujoco-js, tsx, playwright-core) go through
  // this module's: code compiled by node:vm has no import() of its own in Node 20.
  const mod = loadCommonJs(paths.cli, decodeUtf8(readFileSync(paths.cli)), paths.cache, {
    __robokitImport: (specifier: string) => import(specifier),
  });
  return { runMain: mod["runMain"] as RunMain, cached: true };
}

/**
 * Runs every command but `xacro` and `--version` (the bin answers those): loads the CLI,
 * compiled from V8's code cache when bundled, and the schema validators it asks for the same
 * way, then runs it with `argv` (the words after `robokit`).
 */
export async function launchCli(argv: readonly string[]): Promise<void> {
  const registerHooks = startModuleHooks(argv, import.meta.url, process.env);
  // Under V8's default flags, which the CLI's code cache was made under (build-code-cache.mjs)
  // and a hooks thread started above boots under: Node's own code cache needs them.
  const { runMain, cached } = await loadCli();
  registerHooks?.();
  // The validators' caches were made under the CLI's flags: set before any is compiled.
  setFlagsFromString(CLI_V8_FLAGS);
  const cacheDir = join(here, CODE_CACHE_DIR);
  await runMain(argv, cached ? { loadValidatorModule: (path) => loadValidatorModule(path, cacheDir) } : {});
}
