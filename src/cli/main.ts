#!/usr/bin/env node
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { Command } from "commander";

import { ROBOKIT_VERSION } from "../version.js";
import { buildCommand } from "./commands/buildCommand.js";
import { convertCommand } from "./commands/convertCommand.js";
import { emitCommand } from "./commands/emitCommand.js";
import { fmuCommand } from "./commands/fmuCommand.js";
import { ikCommand } from "./commands/ikCommand.js";
import { odomCommand } from "./commands/odomCommand.js";
import { simCommand } from "./commands/simCommand.js";
import { validateCommand } from "./commands/validateCommand.js";
import { reportError } from "./reportError.js";

/** The robokit command line: one command module per subcommand. */
export function createProgram(): Command {
  const program = new Command("robokit")
    .description("Describe a robot once in typed code; generate, check and drive it.")
    .version(ROBOKIT_VERSION)
    .showHelpAfterError()
    .exitOverride();
  program.addCommand(emitCommand());
  program.addCommand(buildCommand());
  program.addCommand(validateCommand());
  program.addCommand(convertCommand());
  program.addCommand(fmuCommand());
  program.addCommand(ikCommand());
  program.addCommand(odomCommand());
  program.addCommand(simCommand());
  for (const c of program.commands) c.exitOverride().showHelpAfterError();
  return program;
}

/**
 * Runs the CLI and returns the exit code: 0 ok, 1 invalid input, 2 usage error, 3 I/O error,
 * 70 internal error (a robokit bug). `--debug` anywhere (or ROBOKIT_DEBUG=1) adds stacks.
 */
export async function runCli(argv: readonly string[]): Promise<number> {
  const debug = argv.includes("--debug") || process.env["ROBOKIT_DEBUG"] === "1";
  try {
    await createProgram().parseAsync(argv.filter((a) => a !== "--debug"), { from: "user" });
    return 0;
  } catch (error) {
    return reportError(error, (text) => process.stderr.write(text), debug);
  }
}

const invokedDirectly = process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) {
  // A reader that closes the pipe early (`robokit validate … | head`) is not an error.
  process.stdout.on("error", (error: NodeJS.ErrnoException) => {
    if (error.code === "EPIPE") process.exit(process.exitCode ?? 0);
    throw error;
  });
  process.exitCode = await runCli(process.argv.slice(2));
}
