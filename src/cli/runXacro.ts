import { isUtf8 } from "node:buffer";
import { basename, dirname } from "node:path";
import { setFlagsFromString } from "node:v8";

import { formatDiagnostic } from "../diagnostics/formatDiagnostic.js";
import { decodeXmlBytes } from "../parse/decodeXmlBytes.js";
import { printXacroDocument } from "../parse/xacro/printXacroDocument.js";
import { INPUT_LIMITS } from "../util/inputLimits.js";
import { InputError, UsageError } from "./errors.js";
import { readInputFile } from "./readInputFile.js";
import { expandXacroFile } from "./readXacro.js";
import { writeStdoutSync } from "./writeStdoutSync.js";

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
 * Runs `robokit xacro` on the words after `xacro`, without commander (its start-up is the
 * command's cost): `-o FILE`, `-oFILE`, `--out FILE`, `--out=FILE` (and xacro's own `--output`
 * spellings), `-i`/`--inorder`, the
 * file and `name:=value` words in any order. Help (`-h`) goes through commander (main.ts).
 */
export async function runXacro(words: readonly string[]): Promise<void> {
  let output: string | undefined;
  const rest: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const w = words[i] as string;
    if (w === "-o" || w === "--out" || w === "--output") {
      const value = words[++i];
      if (value === undefined) throw new UsageError(`option '${w}' argument missing`);
      output = value;
    } else if (w.startsWith("--out=")) output = w.slice(6);
    else if (w.startsWith("--output=")) output = w.slice(9);
    else if (w.startsWith("-o") && !w.includes(":=")) output = w.slice(2);
    else if (w === "-i" || w === "--inorder") continue;
    else if (w.startsWith("-") && w !== "-" && !w.includes(":="))
      throw new UsageError(`unknown option '${w}' (robokit xacro --help)`);
    else rest.push(w);
  }
  await expandXacroCommand(rest, output);
}

/**
 * Maps what {@link runXacro} threw to an exit code, writing its message to stderr (see
 * reportError). Exported from here so that the error classes it tests are the ones runXacro
 * throws when the bundle builds this command as a file of its own.
 */
export async function reportXacroError(error: unknown, debug: boolean): Promise<number> {
  const { reportError } = await import("./reportError.js");
  return reportError(error, (text) => process.stderr.write(text), debug);
}

/**
 * `robokit xacro WORDS…` as a whole command: runs {@link runXacro} and returns the exit code
 * (0, or {@link reportXacroError}'s: 1 invalid input, 2 usage, 3 I/O, 70 a robokit bug).
 * `debug` adds stacks to the report. Used by both entry points, the bin (bin.ts) and main.ts.
 */
export async function runXacroCli(words: readonly string[], debug: boolean): Promise<number> {
  try {
    await runXacro(words);
    return 0;
  } catch (error) {
    return reportXacroError(error, debug);
  }
}

/**
 * Expands the one input file among `words` (the others are `name:=value`) and prints it to
 * stdout, or writes it to `output` (all or nothing).
 */
export async function expandXacroCommand(words: readonly string[], output: string | undefined): Promise<void> {
  const { mappings, rest } = splitXacroMappings(words);
  if (rest.length !== 1) throw new UsageError(`expected exactly one input file as argument, got ${rest.length}`);
  const file = rest[0] as string;
  const bytes = readInputFile(file, INPUT_LIMITS.maxXmlBytes);
  // xacro reads UTF-8; other encodings (a UTF-16 BOM, a declared one) take the full decoder.
  let text: string | undefined = isUtf8(bytes) ? bytes.toString("utf8") : undefined;
  if (text === undefined) {
    const decoded = decodeXmlBytes(bytes, file);
    if (decoded.text === undefined) throw new InputError(`${file}: cannot decode the file`, decoded.diagnostics);
    text = decoded.text;
  }
  // A real robot expands in a fraction of a second, before V8's optimizing compiler (TurboFan)
  // pays off: its background compiles cost 10 % to 15 % of such a run. It starts switched off and
  // is switched back on for a long run (a generated 20,000-link robot: 30 % more CPU without it).
  // It is back on after the expansion in any case (a caller in the same process keeps it).
  setFlagsFromString("--no-opt");
  let expanded: ReturnType<typeof expandXacroFile>;
  try {
    expanded = expandXacroFile(file, file, text, mappings, [], true, () => setFlagsFromString("--opt"));
  } finally {
    setFlagsFromString("--opt");
  }
  const { root, outside, diagnostics } = expanded;
  if (root === undefined) throw new InputError(`${file}: cannot expand the xacro`, diagnostics);
  for (const d of diagnostics) process.stderr.write(`${formatDiagnostic(d)}\n`);
  const printed = printXacroDocument(root, file, outside.before, outside.after);
  if (output === undefined) writeStdoutSync(printed);
  else {
    // Loaded only for -o: the atomic writer brings node:crypto (temporary names), which stdout does not need.
    const { writeArtifacts } = await import("./writeArtifacts.js");
    writeArtifacts(dirname(output), [{ path: basename(output), content: printed }]);
  }
}
