import { basename, dirname } from "node:path";

import { Command, Option } from "commander";

import { buildFindings } from "../../import/buildFindings.js";
import { importExtras } from "../../import/importExtras.js";
import { stampedPlatform } from "../../import/generated/recoverGeneratedBlocks.js";
import { recoverPackage } from "../../import/generated/recoverPackage.js";
import type { Robot } from "../../model/Robot.js";
import { readBuiltPackage } from "../readBuiltPackage.js";
import { importFindings, markImportedAsRead } from "../../import/importFindings.js";
import { robotToTypeScript } from "../../import/robotToTypeScript.js";
import { robotToYaml } from "../../import/robotToYaml.js";
import { visibleText } from "../../import/codegen/unsafeCharacters.js";
import { MESH_SOLID_TOLERANCE, meshSolidLinks } from "../../import/meshSolidLinks.js";
import { importMeshes } from "../importMeshes.js";
import { decodeXmlBytes } from "../../parse/decodeXmlBytes.js";
import { descriptionToModel } from "../../parse/descriptionToModel.js";
import { INPUT_LIMITS } from "../../util/inputLimits.js";
import { readInputFile } from "../readInputFile.js";
import { importProblems } from "../../import/importProblems.js";
import { hasErrors } from "../../diagnostics/Diagnostic.js";
import { formatDiagnostic } from "../../diagnostics/formatDiagnostic.js";
import { checkOwnOutput } from "../checkOwnOutput.js";
import { InputError } from "../errors.js";
import { readDescriptionSource } from "../readXacro.js";
import { setsOption } from "../optionAlias.js";
import { writeArtifacts } from "../writeArtifacts.js";
import { escapeTerminal } from "../../diagnostics/escapeTerminal.js";
import { helpExamples } from "../helpExamples.js";
import { CONTROLLER_DISTROS, type ControllerDistro } from "../../validate/controllers/ControllerDefinitions.js";
import { describeControllerDrive } from "../../validate/controllers/describeControllerDrive.js";
import { withControllerDrive } from "../../import/withControllerDrive.js";
import { loadControlledRobot } from "../loadControlledRobot.js";

/**
 * `robokit import FILE --to ts|yaml [--out PATH]`: a URDF, xacro or SDF robot becomes a robokit
 * module (builder API, solidLink, one function per repeated subtree) or a robot document. What
 * the model does not hold is listed in the module's header comment and on stderr. The file name
 * and the notes are input: the generators escape them (src/import/codegen), and on stderr they
 * are shown with invisible characters spelled out, one line each.
 */
export function importCommand(): Command {
  return new Command("import")
    .description("turn a URDF, xacro or SDF robot into a robokit TypeScript module or YAML document")
    .addHelpText(
      "after",
      helpExamples(
        "robokit import robot.urdf -f ts -o robot.ts",
        "robokit import robot.urdf.xacro -f yaml --arg prefix:=left_ -o robot.yaml",
        "robokit import husky.urdf.xacro -f ts --controllers control.yaml --distro humble -o husky.ts",
      ),
    )
    .argument("<file>", "URDF (.urdf), xacro (.xacro) or SDF (.sdf) file")
    .addOption(
      new Option("-f, --format <format>", "output: a TypeScript module or a robot document")
        .choices(["ts", "yaml"])
        .makeOptionMandatory(),
    )
    .addOption(new Option("--to <format>").choices(["ts", "yaml"]).hideHelp())
    .on("option:to", setsOption("format"))
    .option("-o, --out <path>", "write here (all or nothing) instead of stdout")
    .option(
      "--arg <name:=value>",
      "a xacro argument (repeatable)",
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .option("-I, --include-path <dir...>", "folders searched for xacro's ROS packages")
    .option(
      "--controllers <file>",
      "the robot's ros2_control parameter file: the drive of its mobile-base controller goes into the model (docs/simulate-your-robot.md)",
    )
    .addOption(
      new Option("--distro <distro>", "with --controllers: the ROS 2 distro whose controllers read the file")
        .choices(CONTROLLER_DISTROS)
        .default("jazzy"),
    )
    .option(
      "--model <name>",
      "SDF: the <model> to import, top-level or inline in a <world> (default: the first model; in a world, the inline model with the most links)",
    )
    .action(
      (
        file: string,
        opts: {
          format: "ts" | "yaml";
          out?: string;
          arg: string[];
          includePath?: string[];
          model?: string;
          controllers?: string;
          distro: ControllerDistro;
        },
      ) => {
        const shown = escapeTerminal(file);
        const bytes = readInputFile(file, INPUT_LIMITS.maxXmlBytes);
        const decoded = decodeXmlBytes(bytes, file);
        if (decoded.text === undefined) throw new InputError(`${shown}: cannot decode the file`, decoded.diagnostics);
        const source = readDescriptionSource(file, file, decoded.text, {
          args: opts.arg,
          includePaths: opts.includePath ?? [],
        });
        if (source.text === undefined) throw new InputError(`${shown}: cannot expand the xacro`, source.diagnostics);
        const read = descriptionToModel(source.text, file, opts.model === undefined ? {} : { model: opts.model });
        const diagnostics = [...source.diagnostics, ...read.diagnostics.map(source.toSource)];
        if (read.robot === undefined || hasErrors(diagnostics))
          throw new InputError(`${shown}: cannot import`, diagnostics);
        const problems = importProblems(read.robot);
        if (problems.length > 0)
          throw new InputError(`${shown}: cannot import: the module would not pass robokit's model check`, problems);
        // What an authored robot may not hold but the file's consumers load: kept as read, warned.
        const findings = [...importFindings(read.robot), ...buildFindings(read.robot)].map((d) => ({ ...d, file }));
        // The reader may have said the same already (a name it warns about): each message once.
        const said = new Set(diagnostics.map((d) => `${d.code} ${d.message}`));
        const shownFindings = findings.filter((d) => !said.has(`${d.code} ${d.message}`));
        for (const d of [...diagnostics, ...shownFindings])
          if (d.severity !== "info") process.stderr.write(`${formatDiagnostic(d)}\n`);
        const extras = importExtras(source.text, file, read.robot);
        const { blocks } = extras;
        // TypeScript: links whose inertial is their mesh's uniform solid become solidLink's mesh form.
        const meshes =
          opts.format === "ts" ? importMeshes(read.robot, file, opts.includePath ?? [], process.env) : undefined;
        const solidLinks = meshes === undefined ? new Map() : meshSolidLinks(read.robot, meshes.solids);
        // A URDF in a package robokit built: the package's other files say the rest (drive, metadata).
        const recovered = extras.robot === undefined ? undefined : recoverFromPackage(file, source.text, extras.robot);
        const asRead = markImportedAsRead(recovered ?? read.robot, findings);
        const withBlocks = blocks.length === 0 ? asRead : { ...asRead, xmlBlocks: blocks };
        const controlled = opts.controllers === undefined ? undefined : driveFromControllers(file, withBlocks, opts);
        const robot = controlled?.robot ?? withBlocks;
        // Blocks that gave way to the drive's are no longer kept verbatim: their note goes.
        const keptNotes =
          controlled === undefined || (robot.xmlBlocks ?? []).some((b) => b.xml.startsWith("<ros2_control"))
            ? extras.notes
            : extras.notes.filter((n) => !n.includes("<ros2_control> block"));
        const notes = [...keptNotes, ...meshNotes(solidLinks, meshes?.skipped ?? []), ...(controlled?.notes ?? [])];
        for (const note of notes) process.stderr.write(`robokit: ${escapeTerminal(`${file}: ${note}`)}\n`);
        const text =
          opts.format === "ts"
            ? robotToTypeScript(robot, { from: basename(file), notes, meshSolidLinks: solidLinks })
            : robotToYaml(robot, { from: basename(file), notes });
        checkOwnOutput(shown, [
          {
            path: opts.out ?? `${robot.name}.${opts.format}`,
            content: text,
            kind: opts.format === "yaml" ? "robot-document" : "other",
          },
        ]);
        if (opts.out === undefined) {
          process.stdout.write(text);
          return;
        }
        // The same careful write as every other output file (exclusive random temporary, no
        // link followed, exit 3 when it fails).
        writeArtifacts(dirname(opts.out), [{ path: basename(opts.out), content: text }]);
        process.stderr.write(`robokit: wrote ${escapeTerminal(opts.out)}\n`);
      },
    );
}

/**
 * The imported robot with the drive of its controllers (`--controllers`), read and checked as
 * `sim --controllers` reads it (its warnings go to stderr), and the notes on what was read and
 * what is lost.
 */
function driveFromControllers(
  file: string,
  robot: Robot,
  opts: { arg: string[]; includePath?: string[]; model?: string; controllers?: string; distro: ControllerDistro },
): { robot: Robot; notes: string[] } {
  const c = loadControlledRobot(file, {
    controllers: opts.controllers ?? "",
    distro: opts.distro,
    args: opts.arg,
    ...(opts.includePath === undefined ? {} : { includePaths: opts.includePath }),
    ...(opts.model === undefined ? {} : { model: opts.model }),
  });
  for (const d of c.warnings) if (d.severity !== "info") process.stderr.write(`${formatDiagnostic(d)}\n`);
  const got = withControllerDrive(robot, c.drive.drive, c.drive.joints);
  if (!got.ok)
    throw new InputError(`${escapeTerminal(file)}: cannot import the drive of ${opts.controllers}: ${got.problem}`);
  return { robot: got.robot, notes: [...describeControllerDrive(c.drive), ...got.notes] };
}

function recoverFromPackage(file: string, text: string, robot: Robot): Robot {
  const platform = stampedPlatform(text);
  const files = readBuiltPackage(file, robot, platform);
  return files === undefined ? robot : recoverPackage(robot, files, platform);
}

/** The notes on the mesh form: which links took it (and how far their inertial moved), which meshes were not read. */
function meshNotes(links: ReturnType<typeof meshSolidLinks>, skipped: readonly string[]): string[] {
  const out: string[] = [];
  const list = (items: readonly string[]): string =>
    items.slice(0, 4).map(visibleText).join("; ") + (items.length > 4 ? `; … (${items.length - 4} more)` : "");
  if (links.size > 0) {
    const largest = Math.max(...[...links.values()].map((l) => l.deviation));
    out.push(
      `${links.size} link${links.size > 1 ? "s" : ""} (${list([...links.keys()])}) written as solidLink of ${links.size > 1 ? "their meshes" : "its mesh"}: the file's inertial equals the mesh's uniform solid within ${MESH_SOLID_TOLERANCE.toExponential()} (largest difference ${largest.toPrecision(2)}: mass and tensor relative to the largest moment, centre of mass in m, frame in rad).`,
    );
  }
  if (skipped.length > 0)
    out.push(
      `${skipped.length} mesh${skipped.length > 1 ? "es" : ""} not measured, so their links keep an explicit inertial: ${list(skipped)}.`,
    );
  return out;
}
