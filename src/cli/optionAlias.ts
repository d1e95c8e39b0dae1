import type { Command } from "commander";

/**
 * The listener that makes an option a hidden alias of another: on a command,
 * `.addOption(new Option("--to <format>").choices(…).hideHelp()).on("option:to", setsOption("format"))`
 * makes `--to X` set `format` to X, and `.on("option:json", setsOption("format", "json"))` makes
 * `--json` mean `--format json`. Old spellings keep working while `--help` shows one grammar;
 * a mandatory target given through its alias counts as given.
 */
export function setsOption(target: string, fixed?: string): (this: Command, value: unknown) => void {
  return function (this: Command, value: unknown): void {
    this.setOptionValueWithSource(target, fixed ?? value, "cli");
  };
}
