#!/usr/bin/env node
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { Command, CommanderError } from "commander";

import { ROBOKIT_VERSION } from "../version.js";
import { formatDiagnostic } from "../validate/formatDiagnostic.js";
import { buildCommand } from "./commands/buildCommand.js";
import { convertCommand } from "./commands/convertCommand.js";
import { emitCommand } from "./commands/emitCommand.js";
import { fmuCommand } from "./commands/fmuCommand.js";
import { ikCommand } from "./commands/ikCommand.js";
import { odomCommand } from "./commands/odomCommand.js";
import { simCommand } from "./commands/simCommand.js";
import { validateCommand } from "./commands/validateCommand.js";
import { importCommand } from "./commands/importCommand.js";
import { InputError, isModelError, UsageError } from "./errors.js";

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
  program.addCommand(importCommand());
  for (const c of program.commands) c.exitOverride().showHelpAfterError();
  return program;
}

/**
 * Runs the CLI and returns the exit code: 0 ok, 1 invalid input, 2 usage error, 70 internal
 * error (a robokit bug).
 */
export async function runCli(argv: readonly string[]): Promise<number> {
  try {
    await createProgram().parseAsync([...argv], { from: "user" });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.exitCode === 0 ? 0 : 2;
    }
    if (error instanceof UsageError) {
      process.stderr.write(`robokit: ${error.message}\n`);
      return 2;
    }
    if (error instanceof InputError || isModelError(error)) {
      // A model that checks clean but cannot be turned into some output (ScaffoldingError)
      // is still invalid input: exit 1 with its diagnostics.
      process.stderr.write(`robokit: ${error.message.split("\n")[0] ?? ""}\n`);
      for (const d of error.diagnostics) process.stderr.write(`${formatDiagnostic(d)}\n`);
      return 1;
    }
    process.stderr.write(`robokit: internal error (please report it): ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 70;
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
