/**
 * The command line (the words after `robokit`) without `--debug`, and whether error reports
 * carry stacks: `--debug` anywhere, or ROBOKIT_DEBUG=1 in the environment.
 */
export function splitDebugFlag(argv: readonly string[]): { debug: boolean; args: string[] } {
  return {
    debug: argv.includes("--debug") || process.env["ROBOKIT_DEBUG"] === "1",
    args: argv.filter((a) => a !== "--debug"),
  };
}
