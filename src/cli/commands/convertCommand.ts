import { dirname, basename as pathBasename } from "node:path";

import { Command, Option } from "commander";

import { emitSdf } from "../../emit/sdf/emitSdf.js";
import { sdfLosses } from "../../emit/sdf/sdfLosses.js";
import { DEFAULT_SDF_VERSION, SDF_VERSIONS, toSdfVersion } from "../../emit/sdf/SdfVersion.js";
import { emitUrdf } from "../../emit/urdf/emitUrdf.js";
import { urdfLosses } from "../../emit/urdf/urdfLosses.js";
import { decodeXmlBytes } from "../../parse/decodeXmlBytes.js";
import { descriptionRoot, descriptionToModel } from "../../parse/descriptionToModel.js";
import { lumpFixedJoints, type LumpedLink } from "../../model/lumpFixedJoints.js";
import type { Robot } from "../../model/Robot.js";
import { lumpedFramesExtension } from "../../emit/sdf/lumpedFramesExtension.js";
import { hasErrors, type Diagnostic } from "../../diagnostics/Diagnostic.js";
import { checkOwnOutput } from "../checkOwnOutput.js";
import { InputError } from "../errors.js";
import { readInputFile } from "../readInputFile.js";
import { INPUT_LIMITS } from "../../util/inputLimits.js";
import { readDescriptionSource } from "../readXacro.js";
import { setsOption } from "../optionAlias.js";
import { writeArtifacts } from "../writeArtifacts.js";
import { writeStdout } from "../writeStdout.js";
import { escapeTerminal } from "../../diagnostics/escapeTerminal.js";
import { carrySdfExtensionsToUrdf } from "../../import/carrySdfExtensionsToUrdf.js";
import { carryUrdfExtensionsToSdf } from "../../import/carryUrdfExtensionsToSdf.js";
import { stampedPlatform } from "../../import/generated/recoverGeneratedBlocks.js";
import { importExtras } from "../../import/importExtras.js";
import { platformOf } from "../../emit/gazebo/RosDistro.js";
import { sdfSensorLinkExtension } from "../../emit/gazebo/sdfSensorLinkExtension.js";
import type { SdfLinkExtension, SdfModelExtension } from "../../emit/sdf/writeSdfModel.js";
import { helpExamples } from "../helpExamples.js";
import { policyDiagnostic } from "../../diagnostics/severityPolicy.js";
import { DEFAULT_COLLADA_UP_AXIS, type ColladaUpAxis } from "../../parse/mesh/ColladaUpAxis.js";
import { convertToMjcf } from "../convertToMjcf.js";
import { carryUrdfExtensionsToMjcf } from "../../import/carryUrdfExtensionsToMjcf.js";
import { MJCF_FIXED_JOINTS, MJCF_FIXED_JOINTS_DEFAULT, type MjcfFixedJoints } from "../../emit/mjcf/EmitMjcfOptions.js";
import { reportDiagnostics } from "../reportDiagnostics.js";

/**
 * `robokit convert <file> -f sdf|urdf [-o FILE]`: reads a URDF or SDF file into the model and writes
 * it in the other (or the same) format to stdout. Invalid input: exit 1 with file:line:col
 * diagnostics and nothing on stdout. What the conversion leaves out goes to stderr.
 */
export function convertCommand(): Command {
  return new Command("convert")
    .description("convert a URDF or SDF file to SDF, URDF or MJCF (stdout, or -o with its meshes)")
    .addHelpText(
      "after",
      helpExamples(
        "robokit convert robot.urdf -f sdf -o model.sdf",
        "robokit convert model.sdf -f urdf > robot.urdf",
        "robokit convert robot.urdf.xacro -I ~/ws/src -f mjcf -o mujoco/robot.xml",
      ),
    )
    .argument("<file>", "URDF (<robot>), xacro (.xacro) or SDF (<sdf>) file")
    .option(
      "--arg <name:=value>",
      "a xacro argument (repeatable)",
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .option(
      "-I, --include-path <dir...>",
      "folders searched for xacro's ROS packages ($(find), before ROS_PACKAGE_PATH)",
    )
    .addOption(
      new Option("-f, --format <format>", "output format").choices(["sdf", "urdf", "mjcf"]).makeOptionMandatory(),
    )
    .addOption(new Option("--to <format>").choices(["sdf", "urdf", "mjcf"]).hideHelp())
    .on("option:to", setsOption("format"))
    .option(
      "-o, --out <file>",
      "write here (all or nothing) instead of stdout; -f mjcf writes the mesh files beside it",
    )
    .addOption(
      new Option("--sdf-version <version>", "SDF version for -f sdf")
        .choices(SDF_VERSIONS)
        .default(DEFAULT_SDF_VERSION),
    )
    .option(
      "--model <name>",
      "SDF: the <model> to convert, top-level or inline in a <world> (default: the first model; in a world, the inline model with the most links)",
    )
    .option(
      "--keep-fixed",
      "URDF to SDF: keep every link and fixed joint instead of lumping fixed joints as Gazebo (libsdformat) does",
    )
    .addOption(
      new Option(
        "--collada-up-axis <mode>",
        "-f mjcf: COLLADA <up_axis>: ignore (as Gazebo and RViz load the file) or apply (turn it to +z, as the COLLADA spec says)",
      )
        .choices(["ignore", "apply"])
        .default(DEFAULT_COLLADA_UP_AXIS),
    )
    .addOption(
      new Option(
        "--fixed-joints <mode>",
        `-f mjcf: "${MJCF_FIXED_JOINTS_DEFAULT}" (default) keeps each link of a fixed joint as a welded body with its own inertial and name; "merge" folds it into its parent with the composite inertia (a site keeps its frame)`,
      ).choices(MJCF_FIXED_JOINTS),
    )
    .addOption(
      new Option("--report <format>", "diagnostics on stderr: text lines, or one JSON report (as validate -f json)")
        .choices(["text", "json"])
        .default("text"),
    )
    .action((file: string, opts: ConvertOptions) => {
      const { robot, lumped, diagnostics, carried } = readForConversion(file, opts);
      if (opts.format === "mjcf") {
        convertToMjcf(file, robot, [...diagnostics, ...(carried?.losses ?? [])], opts);
        return;
      }
      const version = toSdfVersion(opts.sdfVersion);
      // Loss paths point into the model, not the file: keep only the message, which names the joint or link.
      const losses: Diagnostic[] = [
        ...(opts.format === "sdf" ? sdfLosses(robot, version) : urdfLosses(robot)).map(
          ({ jsonPath: _modelPath, ...d }) => ({ ...d, file }),
        ),
        ...(carried?.losses ?? []),
      ];
      reportDiagnostics(file, [...diagnostics, ...losses], opts.report ?? "text");
      if (lumped.length > 0) {
        process.stderr.write(
          `${escapeTerminal(file)}: info: ${lumped.length} link${lumped.length === 1 ? "" : "s"} lumped into ${lumped.length === 1 ? "its parent" : "their parents"} through fixed joints, as Gazebo's URDF reader does (kept as <frame>s${version === "1.6" ? " from SDF 1.7" : ""}; --keep-fixed keeps them as links)\n`,
        );
      }
      const stamp = { from: basename(file) };
      const text =
        opts.format === "sdf"
          ? emitSdf(robot, {
              version,
              stamp,
              linkExtensions: carried?.linkExtensions ?? [],
              modelExtensions: [lumpedFramesExtension(lumped), ...(carried?.modelExtensions ?? [])],
            })
          : emitUrdf(robot, { stamp });
      checkOwnOutput(file, [{ path: `${robot.name}.${opts.format}`, content: text, kind: opts.format }], true);
      if (opts.out === undefined) writeStdout(text);
      else writeArtifacts(dirname(opts.out), [{ path: pathBasename(opts.out), content: text }]);
    });
}

/** Options of `robokit convert`. */
export interface ConvertOptions {
  readonly format: "sdf" | "urdf" | "mjcf";
  readonly colladaUpAxis?: ColladaUpAxis;
  readonly fixedJoints?: MjcfFixedJoints;
  readonly report?: "text" | "json";
  readonly out?: string;
  readonly sdfVersion: string;
  readonly keepFixed?: boolean;
  readonly model?: string;
  readonly arg?: string[];
  readonly includePath?: string[];
}

/**
 * The robot to write, lumped when URDF becomes SDF. A function of its own so the file's bytes,
 * its text and the model before lumping are garbage once it returns: only the robot written
 * stays (a 100,000-link file is 100 MB of text).
 */
function readForConversion(
  file: string,
  opts: ConvertOptions,
): {
  robot: Robot;
  lumped: readonly LumpedLink[];
  diagnostics: readonly Diagnostic[];
  carried?: Carried;
} {
  const source = readDescriptionSource(file, file, readText(file), {
    args: opts.arg ?? [],
    includePaths: opts.includePath ?? [],
  });
  if (source.text === undefined) throw new InputError(`${file}: cannot expand the xacro`, source.diagnostics);
  const read = descriptionToModel(source.text, file, {
    ...(opts.model === undefined ? {} : { model: opts.model }),
    // An SDF model's link sensors have a place in MJCF (sites and sensors).
    ...(opts.format === "mjcf" ? { sensors: true } : {}),
  });
  const diagnostics = [...source.diagnostics, ...read.diagnostics.map(source.toSource)];
  if (read.robot === undefined || hasErrors(diagnostics)) throw new InputError(`${file}: cannot convert`, diagnostics);
  const urdf = descriptionRoot(source.text) === "robot";
  if (opts.format === "mjcf")
    return { ...mjcfRobot(source.text, file, read.robot, urdf, source.toSource), diagnostics };
  // A URDF's extension blocks: kept as they are in URDF; in SDF, robokit's own mapped back to the
  // model (its sensors) and the rest carried or named as libsdformat's conversion treats them.
  const extras = urdf ? importExtras(source.text, file, opts.format === "sdf" ? read.robot : undefined) : undefined;
  const base: Robot =
    opts.format === "urdf" && extras !== undefined && extras.blocks.length > 0
      ? { ...read.robot, xmlBlocks: extras.blocks }
      : (extras?.robot ?? read.robot);
  // URDF to SDF: what Gazebo loads from this URDF, i.e. with libsdformat's fixed-joint lumping (unless --keep-fixed).
  const lump = opts.format === "sdf" && opts.keepFixed !== true && urdf;
  const { robot, lumped } = lump
    ? lumpFixedJoints(base, { keep: new Set(read.keepFixedJoints ?? []) })
    : { robot: base, lumped: [] };
  if (!urdf && opts.format === "urdf") {
    // SDF → URDF: the model's plugins carried as a <gazebo> block, everything else named.
    const carry = carrySdfExtensionsToUrdf(source.text, file, read.robot.name);
    const withBlocks = carry.blocks.length === 0 ? robot : { ...robot, xmlBlocks: carry.blocks };
    return {
      robot: withBlocks,
      lumped,
      diagnostics,
      carried: { linkExtensions: [], modelExtensions: [], losses: carry.losses },
    };
  }
  if (opts.format !== "sdf" || extras === undefined) return { robot, lumped, diagnostics };
  const carry = carryUrdfExtensionsToSdf(source.text, file, extras.blocks, robot);
  const carried: Carried = {
    linkExtensions: [sdfSensorLinkExtension(platformOf(stampedPlatform(source.text))), carry.linkExtension],
    modelExtensions: [carry.modelExtension],
    losses: carry.losses.map(source.toSource),
  };
  return { robot, lumped, diagnostics, carried };
}

/**
 * The robot an MJCF is written from: the model as read (no lumping: the MJCF keeps every body),
 * with robokit's own sensor blocks mapped back to sensors, and every other extension block (a
 * URDF's `<gazebo>`, `<ros2_control>`, `<transmission>`; an SDF model's plugins) kept as a block
 * that `mjcfLosses` names, since MJCF has no place for it.
 */
function mjcfRobot(
  text: string,
  file: string,
  read: Robot,
  urdf: boolean,
  toSource: (d: Diagnostic) => Diagnostic,
): { robot: Robot; lumped: readonly LumpedLink[]; carried?: Carried } {
  if (urdf) {
    // robokit's own sensor blocks mapped back; then what the file's <ros2_control>,
    // <transmission> and <gazebo> blocks declare, carried as actuators and sensors, the rest named.
    const extras = importExtras(text, file, read);
    const carry = carryUrdfExtensionsToMjcf(text, file, extras.robot ?? read);
    return {
      robot: carry.robot,
      lumped: [],
      carried: { linkExtensions: [], modelExtensions: [], losses: carry.losses.map(toSource) },
    };
  }
  const carry = carrySdfExtensionsToUrdf(text, file, read.name, "MJCF");
  // The model's plugins, which SDF → URDF carries as a <gazebo> block, have no place in MJCF either.
  const plugins = carry.blocks.flatMap((b) =>
    [...b.xml.matchAll(/<plugin\b[^>]*\bname="([^"]*)"/g)].map((m) => m[1] ?? ""),
  );
  const pluginLosses = plugins.map((name) =>
    policyDiagnostic("extensionNotCarried", `model <plugin name="${name}"> is not carried into MJCF`, { file }),
  );
  return {
    robot: read,
    lumped: [],
    carried: {
      linkExtensions: [],
      modelExtensions: [],
      // What SDF → URDF already cannot carry, MJCF cannot either (link sensors, frames …).
      losses: [...carry.losses, ...pluginLosses].map(toSource),
    },
  };
}

/** What a URDF → SDF conversion writes of the URDF's extension blocks, and what it names. */
interface Carried {
  readonly linkExtensions: readonly SdfLinkExtension[];
  readonly modelExtensions: readonly SdfModelExtension[];
  readonly losses: readonly Diagnostic[];
}

/** The file's text; its bytes (as large as the text, outside the JavaScript heap) are garbage once this returns. */
function readText(file: string): string {
  const decoded = decodeXmlBytes(readInputFile(file, INPUT_LIMITS.maxXmlBytes), file);
  if (decoded.text === undefined) throw new InputError(`${file}: cannot decode the file`, decoded.diagnostics);
  return decoded.text;
}

function basename(path: string): string {
  return path.split(/[\\/]/).pop() ?? path;
}
