#!/usr/bin/env node
// The `robokit` bin. The bundle makes it a CommonJS file (dist/src/bundle/robokit.cjs) so that
// `robokit xacro`, which launch files call in place of ROS's xacro, starts without Node's ES
// module loader: it requires the command's own CommonJS file (xacro.cjs). `--version` is
// answered here, before anything else is loaded. Every other command runs in the CLI
// (launchCli.ts): main.cjs beside the bin, compiled from V8's code cache, or main.js.
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { ROBOKIT_VERSION } from "../version.js";
import { isXacroRun } from "./isXacroRun.js";
import { splitDebugFlag } from "./splitDebugFlag.js";

/** Runs the command line `argv` (the words after `robokit`) as the process. */
export async function launch(argv: readonly string[]): Promise<void> {
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
    process.stdout.write(`${ROBOKIT_VERSION}\n`);
    return;
  }
  const { debug, args } = splitDebugFlag(argv);
  if (isXacroRun(args)) {
    process.exitCode = await (await import("./runXacro.js")).runXacroCli(args.slice(1), debug);
    return;
  }
  await (await import("./launchCli.js")).launchCli(argv);
}

/**
 * The code cache's own functions, for scripts/build-code-cache.mjs, which runs commands
 * through {@link launch} in one process and then writes what they compiled.
 */
export async function codeCacheTools(): Promise<typeof import("./codeCache.js") & typeof import("./launchCli.js")> {
  return { ...(await import("./codeCache.js")), ...(await import("./launchCli.js")) };
}

const invokedDirectly =
  process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) void launch(process.argv.slice(2));
