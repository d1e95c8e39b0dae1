import { relative } from "node:path";

import { Command, Option } from "commander";

import { buildArtifacts } from "../../emit/buildArtifacts.js";
import { DEFAULT_SDF_VERSION, isSdfVersion, SDF_VERSIONS } from "../../emit/sdf/SdfVersion.js";
import { platformOf, ROS_DISTROS } from "../../emit/gazebo/RosDistro.js";
import { SIM_TARGETS } from "../../emit/gazebo/SimTarget.js";
import { UsageError } from "../errors.js";
import { checkOwnOutput } from "../checkOwnOutput.js";
import { preloadOutputCheckers } from "../../validate/output/preloadOutputCheckers.js";
import { loadRobot } from "../loadRobot.js";
import { writePackage } from "../writePackage.js";
import { escapeTerminal } from "../../diagnostics/escapeTerminal.js";
import { formatDiagnostic } from "../../diagnostics/formatDiagnostic.js";
import { checkRobot } from "../../model/checkRobot.js";
import { mjcfLosses } from "../../emit/mjcf/mjcfLosses.js";
import { mjcfDriveWarnings } from "../../emit/mjcf/mjcfDriveWarnings.js";
import { helpExamples } from "../helpExamples.js";
import { withMjcfMeshes } from "../withMjcfMeshes.js";
import type { Artifact } from "../../emit/Artifact.js";

/** `robokit build <robot> --out DIR`: every generated file, written atomically. */
export function buildCommand(): Command {
  return new Command("build")
    .description("generate every file for a robot into a directory")
    .addHelpText(
      "after",
      helpExamples(
        "robokit build mario -o out/mario",
        "robokit build robot.ts -o out/robot --distro humble --target classic",
      ),
    )
    .argument("<robot>", "bundled example name, robot document (.json/.yaml) or module (.ts/.js)")
    .requiredOption("-o, --out <dir>", "output directory")
    .addOption(
      new Option(
        "--sdf-version <version>",
        "SDF version (default: 1.9 for --target gz, 1.6 for classic and ros1)",
      ).choices(SDF_VERSIONS),
    )
    .addOption(
      new Option(
        "--target <target>",
        "simulation target (gz: modern Gazebo + ROS 2; classic: Gazebo 11 + ROS 2 Humble; ros1: Noetic; default: gz, or ros1 with --distro noetic)",
      ).choices(SIM_TARGETS),
    )
    .addOption(
      new Option(
        "--distro <distro>",
        "ROS distro the package is for (default: jazzy for gz, humble for classic, noetic for ros1)",
      ).choices(ROS_DISTROS),
    )
    .action(async (robotArg: string, opts: { out: string; sdfVersion?: string; target?: string; distro?: string }) => {
      const platform = usagePlatform(opts);
      // The output is checked later: its validators load while a robot module is being stripped.
      const sdfVersion = opts.sdfVersion ?? DEFAULT_SDF_VERSION;
      if (isSdfVersion(sdfVersion)) preloadOutputCheckers(sdfVersion);
      const robot = await loadRobot(robotArg);
      // What loads but will not behave as modelled (a drive's geometry against its controller) is said, not fatal.
      for (const d of checkRobot(robot))
        if (d.severity === "warning") process.stderr.write(`${formatDiagnostic({ ...d, file: robotArg })}\n`);
      const artifacts = buildArtifacts(robot, {
        ...(opts.sdfVersion === undefined ? {} : { sdfVersion: opts.sdfVersion }),
        ...platform,
      });
      // The MJCF with its mesh files beside it when the robot has meshes (read from disk here).
      const files = withMjcfMeshes(robot, robotArg, artifacts);
      checkOwnOutput(
        robotArg,
        files.filter((a): a is Artifact => typeof a.content === "string"),
        robot.imported?.lenient === true,
        platform.distro,
      );
      const written = writePackage(opts.out, files);
      process.stdout.write(
        `robokit: wrote ${written.length} files for "${robot.name}" (${platform.target}, ${platform.distro}) to ${escapeTerminal(opts.out)}\n`,
      );
      for (const file of written) process.stdout.write(`  ${escapeTerminal(relative(process.cwd(), file))}\n`);
      // What the MJCF cannot hold is named on stderr too (the file says it in comments).
      for (const d of mjcfLosses(robot).filter((l) => l.severity !== "info"))
        process.stderr.write(`${formatDiagnostic({ ...d, file: robotArg })}\n`);
      // What MuJoCo will do with the drive that the model does not say.
      for (const d of mjcfDriveWarnings(robot)) process.stderr.write(`${formatDiagnostic({ ...d, file: robotArg })}\n`);
    });
}

/** The target and distro of the command line; a pair that does not exist is a usage error (exit 2). */
export function usagePlatform(opts: { readonly target?: string; readonly distro?: string }): {
  target: string;
  distro: string;
} {
  try {
    return platformOf(opts);
  } catch (e) {
    if (e instanceof RangeError) throw new UsageError(e.message);
    throw e;
  }
}
