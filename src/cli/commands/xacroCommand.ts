import type { Command } from "commander";

import { expandXacroCommand } from "../runXacro.js";

export { splitXacroMappings } from "../runXacro.js";

/**
 * `robokit xacro FILE [name:=value …] [-o OUT]`: ROS 2's `xacro` command. Prints the expansion
 * exactly as xacro prints it (declaration, banner, its pretty-printing), so a launch file can
 * call robokit where it called xacro. Loads only the expander: no model, validator or emitters;
 * commander is loaded only for help (main.ts runs runXacro, ../runXacro.ts, directly).
 */
export async function xacroCommand(): Promise<Command> {
  const { Command: CommandClass } = await import("commander");
  return new CommandClass("xacro")
    .description("expand a xacro file and print it exactly as ROS 2's xacro does (name:=value arguments, -o FILE)")
    .argument("<input...>", "the xacro file, and name:=value arguments in any order")
    .option("-o, --output <file>", "write the expansion to FILE (all or nothing) instead of stdout")
    .option("-i, --inorder", "accepted for ROS 1 launch files; in-order processing is the only mode, as in ROS 2")
    .action((words: string[], opts: { output?: string }) => expandXacroCommand(words, opts.output));
}
