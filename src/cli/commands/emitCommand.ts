import { Command, Option } from "commander";

import { emitFormats } from "../../emit/emitFormats.js";
import { SDF_VERSIONS } from "../../emit/sdf/SdfVersion.js";
import { UsageError } from "../errors.js";
import { DEFAULT_SIM_TARGET, SIM_TARGETS } from "../../emit/gazebo/SimTarget.js";
import { loadRobot } from "../loadRobot.js";

/** `robokit emit <robot> --format <format>`: one file to stdout. */
export function emitCommand(): Command {
  return new Command("emit")
    .description("write one generated file to stdout")
    .argument("<robot>", "bundled example name, robot document (.json/.yaml) or module (.ts/.js)")
    .addOption(new Option("-f, --format <format>", "output format").choices(Object.keys(emitFormats)).makeOptionMandatory())
    .addOption(new Option("--sdf-version <version>", "SDF version (default: 1.9 for --target gz, 1.6 for classic and ros1)").choices(SDF_VERSIONS))
    .addOption(new Option("--target <target>", "simulation target (gz: modern Gazebo + ROS 2; classic: Gazebo 11 + ROS 2 Humble; ros1: Noetic)").choices(SIM_TARGETS).default(DEFAULT_SIM_TARGET))
    .action(async (robotArg: string, opts: { format: string; sdfVersion?: string; target: string }) => {
      const format = emitFormats[opts.format];
      if (format === undefined) throw new UsageError(`unknown format "${opts.format}"`);
      const robot = await loadRobot(robotArg);
      process.stdout.write(format.emit(robot, { ...(opts.sdfVersion === undefined ? {} : { sdfVersion: opts.sdfVersion }), target: opts.target }));
    });
}
