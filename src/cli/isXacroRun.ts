/**
 * Whether the command line (the words after `robokit`, without `--debug`) runs `robokit xacro`
 * itself: `xacro` first and no `-h`/`--help` (help goes through commander). Such a run starts
 * without commander or any command module: launch files call it in place of ROS's xacro, where
 * start-up is most of its cost.
 */
export function isXacroRun(args: readonly string[]): boolean {
  return args[0] === "xacro" && !args.includes("-h") && !args.includes("--help");
}
