import { Command } from "commander";
import { basename, dirname } from "node:path";

import { decodeXmlBytes } from "../../parse/decodeXmlBytes.js";
import { printXacroDocument } from "../../parse/xacro/printXacroDocument.js";
import { INPUT_LIMITS } from "../../util/inputLimits.js";
import { formatDiagnostic } from "../../validate/formatDiagnostic.js";
import { InputError, UsageError } from "../errors.js";
import { readInputFile } from "../readInputFile.js";
import { expandXacroFile } from "../readXacro.js";
import { writeArtifacts } from "../writeArtifacts.js";
import { writeStdout } from "../writeStdout.js";

/**
 * Splits xacro's command-line words into `name:=value` mappings and the other words, as ROS 2's
 * xacro does: names and values are trimmed, a mapping with an empty side or a `_private` name
 * is ignored, and a word with two `:=` is refused.
 */
export function splitXacroMappings(words: readonly string[]): { mappings: Record<string, string>; rest: string[] } {
  const mappings: Record<string, string> = {};
  const rest: string[] = [];
  for (const w of words) {
    if (!w.includes(":=")) {
      rest.push(w);
      continue;
    }
    const parts = w.split(":=").map((p) => p.trim());
    if (parts.length !== 2) throw new UsageError(`invalid remapping argument '${w}'`);
    const [name = "", value = ""] = parts;
    if (name === "" || value === "") continue;
    if (name.length > 1 && name.startsWith("_") && name[1] !== "_") continue;
    mappings[name] = value;
  }
  return { mappings, rest };
}

/**
 * `robokit xacro FILE [name:=value …] [-o OUT]`: ROS 2's `xacro` command. Prints the expansion
 * exactly as xacro prints it (declaration, banner, its pretty-printing), so a launch file can
 * call robokit where it called xacro. Loads only the expander: no model, validator or emitters.
 */
export function xacroCommand(): Command {
  return new Command("xacro")
    .description("expand a xacro file and print it exactly as ROS 2's xacro does (name:=value arguments, -o FILE)")
    .argument("<input...>", "the xacro file, and name:=value arguments in any order")
    .option("-o, --output <file>", "write the expansion to FILE (all or nothing) instead of stdout")
    .option("-i, --inorder", "accepted for ROS 1 launch files; in-order processing is the only mode, as in ROS 2")
    .action((words: string[], opts: { output?: string }) => {
      const { mappings, rest } = splitXacroMappings(words);
      if (rest.length !== 1) throw new UsageError(`expected exactly one input file as argument, got ${rest.length}`);
      const file = rest[0] as string;
      const decoded = decodeXmlBytes(readInputFile(file, INPUT_LIMITS.maxXmlBytes), file);
      if (decoded.text === undefined) throw new InputError(`${file}: cannot decode the file`, decoded.diagnostics);
      const { root, outside, diagnostics } = expandXacroFile(file, file, decoded.text, mappings, [], true);
      if (root === undefined) throw new InputError(`${file}: cannot expand the xacro`, diagnostics);
      for (const d of diagnostics) process.stderr.write(`${formatDiagnostic(d)}\n`);
      const text = printXacroDocument(root, file, outside.before, outside.after);
      if (opts.output === undefined) writeStdout(text);
      else writeArtifacts(dirname(opts.output), [{ path: basename(opts.output), content: text }]);
    });
}
