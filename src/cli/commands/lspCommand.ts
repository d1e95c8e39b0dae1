import { Command, Option } from "commander";

import { CONTROLLER_DISTROS, type ControllerDistro } from "../../validate/controllers/ControllerDefinitions.js";
import { UsageError } from "../errors.js";
import { helpExamples } from "../helpExamples.js";
import { startLanguageServer } from "../lsp/startLanguageServer.js";
import { searchPathsFrom } from "../resolve/searchPaths.js";

/** The worker-thread module that validates open documents (the .ts one when run from source). */
const workerUrl = new URL(import.meta.url.endsWith(".ts") ? "./lspWorker.ts" : "./lspWorker.js", import.meta.url);

/**
 * `robokit lsp --stdio [-I dir] [--arg name:=value] [--strict]`: the Language Server Protocol
 * server for URDF, xacro, SDF, robot documents and ros2_control parameter files, over stdin and
 * stdout (docs/editor.md). Runs until the client ends the connection.
 */
export function lspCommand(): Command {
  return new Command("lsp")
    .description("language server for editors (URDF, xacro, SDF, robot YAML; LSP over stdio)")
    .addHelpText(
      "after",
      helpExamples("robokit lsp --stdio", "robokit lsp --stdio -I ~/ros2_ws/src --arg use_gpu:=false"),
    )
    .option("--stdio", "speak the Language Server Protocol on stdin and stdout (the only transport)")
    .option("--strict", "report every warning as an error, as validate --strict")
    .addOption(
      new Option(
        "--distro <distro>",
        "ROS 2 distro for controller parameter files that name none (neither robokit's header in the file nor its package.xml)",
      ).choices(CONTROLLER_DISTROS),
    )
    .option(
      "-I, --include-path <dir...>",
      "folders searched for model:// and relative URIs and for xacro's ROS packages, as validate -I",
    )
    .option(
      "--arg <name:=value>",
      "a xacro argument (repeatable)",
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .action(
      async (opts: {
        stdio?: boolean;
        strict?: boolean;
        includePath?: string[];
        arg?: string[];
        distro?: ControllerDistro;
      }) => {
        if (opts.stdio !== true)
          throw new UsageError("robokit lsp needs --stdio (the transport editors start it with)");
        const searchPaths = searchPathsFrom(opts.includePath ?? [], process.env);
        await startLanguageServer({
          workerUrl,
          input: process.stdin,
          output: process.stdout,
          strict: opts.strict === true,
          searchPaths: searchPaths.models,
          packagePaths: searchPaths.packages,
          xacroArgs: opts.arg ?? [],
          ...(opts.distro !== undefined ? { distro: opts.distro } : {}),
          ...(process.env.ROS_DISTRO !== undefined ? { environment: process.env.ROS_DISTRO } : {}),
        });
      },
    );
}
