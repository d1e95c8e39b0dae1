#!/usr/bin/env node
// The `robokit` bin. The bundle makes it a CommonJS file (dist/src/bundle/robokit.cjs) so that
// `robokit xacro`, which launch files call in place of ROS's xacro, starts without Node's ES
// module loader: it requires the command's own CommonJS file (xacro.cjs). Every other command
// imports the CLI (main.js) and runs there.
import { isXacroRun } from "./isXacroRun.js";
import { splitDebugFlag } from "./splitDebugFlag.js";

async function launch(argv: readonly string[]): Promise<void> {
  const { debug, args } = splitDebugFlag(argv);
  if (isXacroRun(args)) {
    process.exitCode = await (await import("./runXacro.js")).runXacroCli(args.slice(1), debug);
    return;
  }
  await (await import("./main.js")).runMain(argv);
}

void launch(process.argv.slice(2));
