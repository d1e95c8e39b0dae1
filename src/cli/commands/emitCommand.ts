import { Command, Option } from "commander";

import { emitFormats } from "../../emit/emitFormats.js";
import { DEFAULT_SDF_VERSION, SDF_VERSIONS } from "../../emit/sdf/SdfVersion.js";
import { UsageError } from "../errors.js";
import { DEFAULT_SIM_TARGET, SIM_TARGETS } from "../../emit/gazebo/SimTarget.js";
import { loadRobot } from "../loadRobot.js";

/** `robokit emit <robot> --format <format>`: one file to stdout. */
export function emitCommand(): Command {
  return new Command("emit")
    .description("write one generated file to stdout")
    .argument("<robot>", "bundled example name, robot document (.json/.yaml) or module (.ts/.js)")
    .addOption(new Option("-f, --format <format>", "output format").choices(Object.keys(emitFormats)).makeOptionMandatory())
    .addOption(new Option("--sdf-version <version>", "SDF version for --format sdf").choices(SDF_VERSIONS).default(DEFAULT_SDF_VERSION))
    .addOption(new Option("--target <target>", "simulation target (gz: modern Gazebo + ROS 2; classic: Gazebo 11 + ROS 2 Humble; ros1: Noetic)").choices(SIM_TARGETS).default(DEFAULT_SIM_TARGET))
    .action(async (robotArg: string, opts: { format: string; sdfVersion: string; target: string }) => {
      const format = emitFormats[opts.format];
      if (format === undefined) throw new UsageError(`unknown format "${opts.format}"`);
      const robot = await loadRobot(robotArg);
      process.stdout.write(format.emit(robot, { sdfVersion: opts.sdfVersion, target: opts.target }));
    });
}
