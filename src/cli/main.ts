#!/usr/bin/env node
import { realpathSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { setFlagsFromString } from "node:v8";

import type { Command } from "commander";

import { escapeTerminal } from "../diagnostics/escapeTerminal.js";
import { useValidatorModuleLoader, type ValidatorModuleLoader } from "../schema/loadValidator.js";
import { ROBOKIT_VERSION } from "../version.js";
import { CLI_V8_FLAGS } from "./cliV8Flags.js";
import { isXacroRun } from "./isXacroRun.js";
import { splitDebugFlag } from "./splitDebugFlag.js";
import { readerClosed, stdoutFailure } from "./stdoutFailure.js";
import { userModuleOf } from "./userModules.js";

/**
 * One subcommand: its name, its help line (`term` after the name, `summary`), and the module
 * that builds it. The module (and whatever it imports: templates, schemas, MuJoCo) is loaded
 * only when this command runs or its own help is asked for; `robokit --help` and `--version`
 * load none of them. test/cli/lazyCommands.test.ts checks that each line matches its module.
 */
export interface LazyCommand {
  readonly name: string;
  /** What `robokit --help` shows after the name: `[options]` and the arguments. */
  readonly term: string;
  /** The command's description, shown by `robokit --help`. */
  readonly summary: string;
  readonly load: () => Promise<Command>;
}

/** Every robokit command, one line each, in help order. */
export const COMMANDS: readonly LazyCommand[] = [
  {
    name: "emit",
    term: "[options] <robot>",
    summary: "write one generated file to stdout (or -o; -f mjcf writes its meshes beside it)",
    load: async () => (await import("./commands/emitCommand.js")).emitCommand(),
  },
  {
    name: "build",
    term: "[options] <robot>",
    summary: "generate every file for a robot into a directory",
    load: async () => (await import("./commands/buildCommand.js")).buildCommand(),
  },
  {
    name: "validate",
    term: "[options] <files...>",
    summary: "check URDF and SDF files (format and version detected from the content) and ros2_control parameter files",
    load: async () => (await import("./commands/validateCommand.js")).validateCommand(),
  },
  {
    name: "lsp",
    term: "[options]",
    summary: "language server for editors (URDF, xacro, SDF, robot YAML; LSP over stdio)",
    load: async () => (await import("./commands/lspCommand.js")).lspCommand(),
  },
  {
    name: "convert",
    term: "[options] <file>",
    summary: "convert a URDF or SDF file to SDF, URDF or MJCF (stdout, or -o with its meshes)",
    load: async () => (await import("./commands/convertCommand.js")).convertCommand(),
  },
  {
    name: "fmu",
    term: "",
    summary: "inspect FMI 2.0 co-simulation units (FMUs)",
    load: async () => (await import("./commands/fmuCommand.js")).fmuCommand(),
  },
  {
    name: "ik",
    term: "[options] <robot>",
    summary: "inverse kinematics: per-wheel steering angle and speed for a body twist (base_link, REP-103)",
    load: async () => (await import("./commands/ikCommand.js")).ikCommand(),
  },
  {
    name: "odom",
    term: "[options] <robot> <file.csv>",
    summary: "wheel odometry: CSV of joint positions in, CSV trajectory (t, x, y, theta) out",
    load: async () => (await import("./commands/odomCommand.js")).odomCommand(),
  },
  {
    name: "view",
    term: "[options] <robot>",
    summary:
      "see the robot in the browser: frames, joints, inertia, sensors, diagnostics, live reload, simulation playback",
    load: async () => (await import("./commands/viewCommand.js")).viewCommand(),
  },
  {
    name: "import",
    term: "[options] <file>",
    summary: "turn a URDF, xacro or SDF robot into a robokit TypeScript module or YAML document",
    load: async () => (await import("./commands/importCommand.js")).importCommand(),
  },
  {
    name: "inertia",
    term: "[options] <meshes...>",
    summary: "mass, centre of mass and inertia tensor of the solid a closed mesh (STL, OBJ, DAE) bounds",
    load: async () => (await import("./commands/inertiaCommand.js")).inertiaCommand(),
  },
  {
    name: "xacro",
    term: "[options] <input...>",
    summary: "expand a xacro file and print it exactly as ROS 2's xacro does (name:=value arguments, -o FILE)",
    load: async () => (await import("./commands/xacroCommand.js")).xacroCommand(),
  },
  {
    name: "sim",
    term: "[options] <robot>",
    summary: "drive a robot through a scenario in MuJoCo (WebAssembly) and write CSV, plots and a summary",
    load: async () => (await import("./commands/simCommand.js")).simCommand(),
  },
];

/**
 * The robokit command line. Only the command named in `argv` (its first word that names a
 * command, also after `help`) is loaded and registered in full; the others are placeholders that show their
 * help line. Without `argv`, every command is loaded (for tests and tools that inspect them).
 */
export async function createProgram(argv?: readonly string[]): Promise<Command> {
  const { Command: CommandClass, Help } = await import("commander");
  const plain = new Help();
  const terms = new Map(COMMANDS.map((c) => [c.name, `${c.name}${c.term === "" ? "" : ` ${c.term}`}`]));
  const program = new CommandClass("robokit")
    .description("Describe a robot once in typed code; generate, check and drive it.")
    .version(ROBOKIT_VERSION)
    .exitOverride()
    .configureHelp({ subcommandTerm: (c) => terms.get(c.name()) ?? plain.subcommandTerm(c) });
  // The first word that names a command is the one that runs (`robokit help NAME` too).
  const wanted = argv === undefined ? undefined : argv.find((a) => terms.has(a));
  for (const c of COMMANDS) {
    program.addCommand(
      argv === undefined || c.name === wanted ? await c.load() : new CommandClass(c.name).description(c.summary),
    );
  }
  usageErrorStyle(program, "robokit");
  return program;
}

/**
 * One style for every usage error commander reports, on `command` and its subcommands: one line
 * `robokit <cmd>: error: …` naming the option or argument, then `see robokit <cmd> --help`
 * (not the whole help). commander quotes the offending argument (`unknown option '--x…'`), so
 * the line goes through the one terminal escaper like every other message that echoes input.
 */
function usageErrorStyle(command: Command, path: string): void {
  command
    .exitOverride()
    .showHelpAfterError(`see ${path} --help`)
    .configureOutput({
      outputError: (text: string, write: (t: string) => void): void => write(escapeTerminal(`${path}: ${text}`, true)),
    });
  for (const sub of command.commands) usageErrorStyle(sub, `${path} ${sub.name()}`);
}

/**
 * Runs the CLI and returns the exit code: 0 ok, 1 invalid input, 2 usage error, 3 I/O error,
 * 70 internal error (a robokit bug). `--debug` anywhere (or ROBOKIT_DEBUG=1) adds stacks.
 */
export async function runCli(argv: readonly string[]): Promise<number> {
  if (argv.length === 1 && (argv[0] === "--version" || argv[0] === "-V")) {
    // The one answer that needs no command line parser.
    process.stdout.write(`${ROBOKIT_VERSION}\n`);
    return 0;
  }
  const { debug, args } = splitDebugFlag(argv);
  try {
    // `robokit xacro` stands in for ROS's xacro in launch files: it starts without commander.
    // The bundle builds runXacro as a file of its own (xacro.cjs): its errors are reported by its own copy.
    if (isXacroRun(args)) return (await import("./runXacro.js")).runXacroCli(args.slice(1), debug);
    await (await createProgram(args)).parseAsync(args, { from: "user" });
    return 0;
  } catch (error) {
    // Help and version end as commander "errors": answered without loading the error mapping.
    const code = (error as { code?: unknown } | null)?.code;
    if (code === "commander.helpDisplayed" || code === "commander.version") return 0;
    // Loaded only when something went wrong: the error mapping pulls in the formatter.
    const { reportError } = await import("./reportError.js");
    return reportError(error, (text) => process.stderr.write(text), debug);
  }
}

/** How {@link runMain} loads what the CLI compiles at run time (launchCli.ts sets it when bundled). */
export interface RunMainOptions {
  /** Loads a schema validator module by its absolute path (default: `require`). */
  readonly loadValidatorModule?: ValidatorModuleLoader;
}

/**
 * Runs the CLI as the process: sets up what every command but `xacro` needs, then sets
 * `process.exitCode` from {@link runCli}. Called when this module is the process's script, and by
 * the bin (bin.ts, launchCli.ts), which hands every command but `xacro` and `--version` to it.
 */
export async function runMain(argv: readonly string[], options: RunMainOptions = {}): Promise<void> {
  // `robokit xacro` writes with blocking writes of its own (writeStdoutSync) and keeps its
  // expansion within XACRO_LIMITS: it skips this set-up, whose stdout stream costs it start-up
  // time (it sets V8's flags itself, in runXacro).
  if (argv[0] !== "xacro") {
    setFlagsFromString(CLI_V8_FLAGS);
    if (options.loadValidatorModule !== undefined) useValidatorModuleLoader(options.loadValidatorModule);
    // stdout that cannot take the output (a full disk: `> /dev/full`) is an I/O failure: exit 3
    // with one line, never a stack. Node reports it here, after the write call has returned, so
    // the command cannot catch it. A reader that closed the pipe (`| head`) has what it wanted:
    // the command finishes (every file `build` writes is written) with its own exit code.
    process.stdout.on("error", (error: NodeJS.ErrnoException) => {
      if (readerClosed(error)) return;
      process.stderr.write(`robokit: ${stdoutFailure(error)}\n`);
      process.exit(3);
    });
  }
  // A promise a robot module rejected and nothing handled (a timer in the module, say) is the
  // module's error, exit 1 with one line; any other is a robokit bug (70), never Node's raw stack.
  // Once per process, even when the CLI's code is loaded more than once (the code-cache build).
  const flags = process as unknown as Record<symbol, boolean>;
  if (flags[WATCHING_REJECTIONS] !== true) process.on("unhandledRejection", reportRejection(argv));
  flags[WATCHING_REJECTIONS] = true;
  process.exitCode = await runCli(argv);
}

/** Marks a process whose unhandled rejections {@link runMain} reports. */
const WATCHING_REJECTIONS = Symbol.for("robokit.watchingRejections");

/** The handler for a promise rejected and never handled, while `argv` runs. */
function reportRejection(argv: readonly string[]): (reason: unknown) => void {
  return (reason) => {
    const module = userModuleOf(reason);
    if (module !== undefined) {
      const message = reason instanceof Error ? reason.message : String(reason);
      process.stderr.write(
        `robokit: ${escapeTerminal(`${module}: a promise it made was rejected and nothing handled it: ${message}`)}\n`,
      );
      process.exit(1);
    }
    void import("./reportError.js").then(({ reportError }) =>
      process.exit(reportError(reason, (text) => process.stderr.write(text), argv.includes("--debug"))),
    );
  };
}

const invokedDirectly =
  process.argv[1] !== undefined && realpathSync(process.argv[1]) === realpathSync(fileURLToPath(import.meta.url));
if (invokedDirectly) void runMain(process.argv.slice(2));
