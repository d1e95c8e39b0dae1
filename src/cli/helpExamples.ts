/** The `Examples:` block a command's `--help` ends with (commander `addHelpText("after", …)`), one command a line. */
export function helpExamples(...commands: readonly string[]): string {
  return `\nExamples:\n${commands.map((c) => `  $ ${c}`).join("\n")}\n`;
}
