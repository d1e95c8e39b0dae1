import { escapeTerminal } from "../diagnostics/escapeTerminal.js";
import { formatDiagnostic } from "../diagnostics/formatDiagnostic.js";
import { IncompleteInstallError } from "../util/IncompleteInstallError.js";
import { describeIoError, InputError, IoError, isModelError, isSystemIoError, UsageError } from "./errors.js";

/** The CLI's exit codes (docs/cli.md). */
export const EXIT = { ok: 0, invalidInput: 1, usage: 2, io: 3, internal: 70 } as const;

/**
 * Maps what a command threw to an exit code and writes its message to `write` (stderr):
 * one line, then the diagnostics one per line. Only an error that none of the known kinds
 * explains is an internal bug (70); its stack is printed only with `debug`.
 */
export function reportError(error: unknown, write: (text: string) => void, debug: boolean): number {
  if (isCommanderError(error)) {
    return error.code === "commander.helpDisplayed" || error.code === "commander.version" || error.exitCode === 0
      ? EXIT.ok
      : EXIT.usage;
  }
  const stack = (): void => {
    if (debug && error instanceof Error && error.stack !== undefined) write(`${error.stack}\n`);
  };
  if (error instanceof UsageError) {
    write(`robokit: ${firstLine(error.message)}\n`);
    return EXIT.usage;
  }
  if (error instanceof IoError || error instanceof IncompleteInstallError) {
    write(`robokit: ${firstLine(error.message)}\n`);
    stack();
    return EXIT.io;
  }
  if (isSystemIoError(error)) {
    write(`robokit: ${escapeTerminal(describeIoError(error))}\n`);
    stack();
    return EXIT.io;
  }
  if (error instanceof InputError || isModelError(error)) {
    // A model that checks clean but cannot be turned into some output (ScaffoldingError)
    // is still invalid input: exit 1 with its diagnostics.
    write(`robokit: ${firstLine(error.message)}\n`);
    for (const d of error.diagnostics) write(`${formatDiagnostic(d)}\n`);
    stack();
    return EXIT.invalidInput;
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  write(
    `robokit: internal error (a robokit bug, please report it${debug ? "" : "; --debug prints the stack"}): ${firstLine(message)}\n`,
  );
  stack();
  return EXIT.internal;
}

/** The message's first line, at most 500 characters, with input's control characters escaped. */
function firstLine(text: string): string {
  const line = text.split("\n")[0] ?? "";
  return escapeTerminal(line.length > 500 ? `${line.slice(0, 500)}…` : line);
}

/**
 * commander's CommanderError, known by its `commander.` code and exit code rather than by its
 * class: `robokit xacro` reports its errors without loading commander.
 */
function isCommanderError(error: unknown): error is { code: string; exitCode: number } {
  const e = error as { code?: unknown; exitCode?: unknown } | null;
  return (
    error instanceof Error &&
    typeof e?.code === "string" &&
    e.code.startsWith("commander.") &&
    typeof e.exitCode === "number"
  );
}
