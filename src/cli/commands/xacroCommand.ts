import type { Command } from "commander";

import { setsOption } from "../optionAlias.js";
import { expandXacroCommand } from "../runXacro.js";
import { helpExamples } from "../helpExamples.js";

export { splitXacroMappings } from "../runXacro.js";

/**
 * `robokit xacro FILE [name:=value …] [-o OUT]`: ROS 2's `xacro` command. Prints the expansion
 * exactly as xacro prints it (declaration, banner, its pretty-printing), so a launch file can
 * call robokit where it called xacro. Loads only the expander: no model, validator or emitters;
 * commander is loaded only for help (main.ts runs runXacro, ../runXacro.ts, directly).
 */
export async function xacroCommand(): Promise<Command> {
  const { Command: CommandClass, Option } = await import("commander");
  return new CommandClass("xacro")
    .description("expand a xacro file and print it exactly as ROS 2's xacro does (name:=value arguments, -o FILE)")
    .addHelpText(
      "after",
      helpExamples(
        "robokit xacro robot.urdf.xacro prefix:=left_ -o robot.urdf",
        "robokit xacro robot.urdf.xacro > robot.urdf",
      ),
    )
    .argument("<input...>", "the xacro file, and name:=value arguments in any order")
    .option("-o, --out <file>", "write the expansion to FILE (all or nothing) instead of stdout")
    .addOption(new Option("--output <file>").hideHelp())
    .on("option:output", setsOption("out"))
    .option("-i, --inorder", "accepted for ROS 1 launch files; in-order processing is the only mode, as in ROS 2")
    .action((words: string[], opts: { out?: string }) => expandXacroCommand(words, opts.out));
}
