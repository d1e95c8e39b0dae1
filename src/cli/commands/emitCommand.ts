import { basename, dirname } from "node:path";

import { Command, Option } from "commander";

import { formatDiagnostic } from "../../diagnostics/formatDiagnostic.js";
import type { ArtifactKind } from "../../emit/ArtifactKind.js";
import { mjcfLosses } from "../../emit/mjcf/mjcfLosses.js";
import { MJCF_FIXED_JOINTS, MJCF_FIXED_JOINTS_DEFAULT, type MjcfFixedJoints } from "../../emit/mjcf/EmitMjcfOptions.js";
import { emitFormats } from "../../emit/emitFormats.js";
import { SDF_VERSIONS } from "../../emit/sdf/SdfVersion.js";
import { InputError, UsageError } from "../errors.js";
import { hasErrors } from "../../diagnostics/Diagnostic.js";
import type { Robot } from "../../model/Robot.js";
import { mjcfWithMeshes, refuseMjcfMeshesOnStdout } from "../mjcfWithMeshes.js";
import { reportDiagnostics } from "../reportDiagnostics.js";
import { robotFile } from "../withMjcfMeshes.js";
import { type BinaryArtifact, writeArtifacts } from "../writeArtifacts.js";
import { ROS_DISTROS } from "../../emit/gazebo/RosDistro.js";
import { SIM_TARGETS } from "../../emit/gazebo/SimTarget.js";
import { usagePlatform } from "./buildCommand.js";
import { checkOwnOutput } from "../checkOwnOutput.js";
import { loadRobot } from "../loadRobot.js";
import { writeStdout } from "../writeStdout.js";
import { helpExamples } from "../helpExamples.js";

/**
 * `robokit emit <robot> --format <format> [-o FILE]`: one file to stdout, or to FILE (all or
 * nothing). An MJCF of a robot with meshes needs -o: its mesh files are written beside it.
 */
export function emitCommand(): Command {
  return new Command("emit")
    .description("write one generated file to stdout (or -o; -f mjcf writes its meshes beside it)")
    .addHelpText(
      "after",
      helpExamples(
        "robokit emit mario -f urdf > mario.urdf",
        "robokit emit robot.ts -f sdf --sdf-version 1.9",
        "robokit emit robotino -f mjcf",
        "robokit emit arm.ts -f mjcf -o mujoco/arm.xml",
      ),
    )
    .argument("<robot>", "bundled example name, robot document (.json/.yaml) or module (.ts/.js)")
    .addOption(
      new Option("-f, --format <format>", "output format").choices(Object.keys(emitFormats)).makeOptionMandatory(),
    )
    .option(
      "-o, --out <file>",
      "write here (all or nothing) instead of stdout; -f mjcf writes the mesh files beside it",
    )
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
        "ROS distro (default: jazzy for gz, humble for classic, noetic for ros1)",
      ).choices(ROS_DISTROS),
    )
    .addOption(
      new Option(
        "--fixed-joints <mode>",
        `-f mjcf: "${MJCF_FIXED_JOINTS_DEFAULT}" (default) keeps each link of a fixed joint as a welded body with its own inertial and name; "merge" folds it into its parent with the composite inertia (a site keeps its frame)`,
      ).choices(MJCF_FIXED_JOINTS),
    )
    .action(
      async (
        robotArg: string,
        opts: {
          format: string;
          out?: string;
          sdfVersion?: string;
          target?: string;
          distro?: string;
          fixedJoints?: MjcfFixedJoints;
        },
      ) => {
        const platform = usagePlatform(opts);
        const format = emitFormats[opts.format];
        if (format === undefined) throw new UsageError(`unknown format "${opts.format}"`);
        if (opts.fixedJoints !== undefined && opts.format !== "mjcf")
          throw new UsageError("--fixed-joints applies to -f mjcf only");
        const mjcf = opts.fixedJoints === undefined ? {} : { fixedJoints: opts.fixedJoints };
        const robot = await loadRobot(robotArg);
        // What MJCF cannot hold is named on stderr too (the file says it in comments).
        if (opts.format === "mjcf") {
          if (opts.out === undefined)
            refuseMjcfMeshesOnStdout(robot, robotArg, "pass -o DIR/robot.xml to write them beside it (or use build)");
          for (const d of mjcfLosses(robot, mjcf).filter((l) => l.severity !== "info"))
            process.stderr.write(`${formatDiagnostic({ ...d, file: robotArg })}\n`);
        }
        const withMeshes =
          opts.format === "mjcf" && opts.out !== undefined
            ? mjcfFiles(robot, robotArg, opts.out, mjcf)
            : { text: undefined, meshFiles: [] };
        const text =
          withMeshes.text ??
          format.emit(robot, {
            ...(opts.sdfVersion === undefined ? {} : { sdfVersion: opts.sdfVersion }),
            ...platform,
            ...mjcf,
          });
        checkOwnOutput(
          robotArg,
          [{ path: `${robot.name}.${opts.format}`, content: text, kind: formatKind(opts.format) }],
          robot.imported?.lenient === true,
        );
        if (opts.out === undefined) writeStdout(text);
        else writeArtifacts(dirname(opts.out), [{ path: basename(opts.out), content: text }, ...withMeshes.meshFiles]);
      },
    );
}

/** The MJCF of `robot` with its meshes read relative to the robot's file; exit 1 when one is missing. */
function mjcfFiles(
  robot: Robot,
  robotArg: string,
  out: string,
  mjcf: { readonly fixedJoints?: MjcfFixedJoints },
): { text: string; meshFiles: readonly BinaryArtifact[] } {
  const made = mjcfWithMeshes(robot, robotFile(robotArg), { env: process.env, ...mjcf });
  reportDiagnostics(robotArg, made.diagnostics, "text");
  if (hasErrors(made.diagnostics))
    throw new InputError(
      `${robotArg}: cannot write ${out}: a mesh file MuJoCo would not find; nothing was written`,
      made.diagnostics.filter((d) => d.severity === "error"),
    );
  return made;
}

/** The check a format's text passes before it is printed. */
function formatKind(format: string): ArtifactKind {
  return format === "urdf" || format === "sdf" || format === "mjcf" ? format : "other";
}
