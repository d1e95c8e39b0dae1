import { pathToFileURL } from "node:url";

import { Command, InvalidArgumentError, Option } from "commander";

import { decodeXmlBytes } from "../../parse/decodeXmlBytes.js";
import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { formatVerdict } from "../../diagnostics/formatVerdict.js";
import { formatDiagnostic } from "../../diagnostics/formatDiagnostic.js";
import { formatDiagnosticsJson, type FileReport } from "../../diagnostics/formatDiagnosticsJson.js";
import { formatDiagnosticsSarif } from "../../diagnostics/formatDiagnosticsSarif.js";
import { ROBOKIT_VERSION } from "../../version.js";
import { validateFile } from "../../validate/validateFile.js";
import type { ResourceReader } from "../../validate/RuleContext.js";
import { InputError, UsageError } from "../errors.js";
import { readInputFile } from "../readInputFile.js";
import { INPUT_LIMITS } from "../../util/inputLimits.js";
import { expandInputFiles, VALIDATE_EXTENSIONS } from "../expandInputFiles.js";
import { validateBatch } from "../validateBatch.js";
import { findPackageRobot } from "../findPackageRobot.js";
import { diskResolvers } from "../resolve/diskResolvers.js";
import { searchPathsFrom } from "../resolve/searchPaths.js";
import { readDescriptionSource } from "../readXacro.js";
import { CONTROLLER_DISTROS, type ControllerDistro } from "../../validate/controllers/ControllerDefinitions.js";
import { isParameterFilePath, PARAMETER_FILE_EXTENSIONS, validateControllerFiles } from "../validateControllerFiles.js";
import { helpExamples } from "../helpExamples.js";

/** The worker-thread module that validates large batches (the .ts one when run from source). */
const workerUrl = new URL(
  import.meta.url.endsWith(".ts") ? "./validateWorker.ts" : "./validateWorker.js",
  import.meta.url,
);

/**
 * `robokit validate FILE|FOLDER|GLOB... [--strict] [--format text|json|sarif] [-I dir] [-j n]`.
 * Folders are searched for URDF and SDF files, patterns expanded; all files share one process
 * (worker threads for large batches) and are reported in order. Exit 1 when any file has errors.
 */
export function validateCommand(): Command {
  return new Command("validate")
    .description(
      "check URDF and SDF files (format and version detected from the content) and ros2_control parameter files",
    )
    .addHelpText(
      "after",
      helpExamples(
        "robokit validate robot.urdf",
        "robokit validate 'models/**/*.sdf' -f json",
        "robokit validate robot.urdf.xacro --arg use_gpu:=false -I ~/ros2_ws/src",
        "robokit validate config/controllers.yaml --robot urdf/robot.urdf --distro humble",
      ),
    )
    .argument(
      "<files...>",
      "URDF (.urdf), SDF (.sdf, .world) or ros2_control parameter (.yaml) files, folders (searched for them) or glob patterns (quoted)",
    )
    .option("--strict", "report every warning as an error (severity policy: docs/validate.md)")
    .addOption(new Option("-f, --format <format>", "output format").choices(["text", "json", "sarif"]).default("text"))
    .option(
      "-I, --include-path <dir...>",
      "folders searched for model:// and relative URIs (also SDF_PATH, GZ_SIM_RESOURCE_PATH, IGN_GAZEBO_RESOURCE_PATH; package:// in ROS_PACKAGE_PATH) and xacro's ROS packages",
    )
    .option(
      "--arg <name:=value>",
      "a xacro argument (repeatable)",
      (v: string, all: string[]) => [...all, v],
      [] as string[],
    )
    .option("-j, --jobs <n>", "worker threads (default: one per core for 24 files or more, else none)", positiveInteger)
    .addOption(
      new Option(
        "--distro <distro>",
        "ROS 2 distro whose controllers read the ros2_control parameter files (default: the one robokit's header in the files or their package.xml names, else ROS_DISTRO, else jazzy)",
      ).choices(CONTROLLER_DISTROS),
    )
    .option("--robot <file>", "the robot (URDF, xacro, SDF) the parameter files' controllers drive")
    .action(
      async (
        files: string[],
        opts: {
          strict?: boolean;
          format: string;
          includePath?: string[];
          jobs?: number;
          arg?: string[];
          distro?: ControllerDistro;
          robot?: string;
        },
      ) => {
        const searchPaths = searchPathsFrom(opts.includePath ?? [], process.env);
        const all = expandInputFiles(files, [...VALIDATE_EXTENSIONS, ...PARAMETER_FILE_EXTENSIONS]);
        const paths = all.filter((p) => !isParameterFilePath(p));
        const parameterFiles = all.filter(isParameterFilePath);
        if (all.length === 0) throw new UsageError(`no URDF, SDF or parameter file in ${files.join(" ")}`);
        const options = {
          strict: opts.strict === true,
          searchPaths: searchPaths.models,
          packagePaths: searchPaths.packages,
          xacroArgs: opts.arg ?? [],
        };
        let reports = await validateBatch(paths, options, (file) => validatePath(file, options), workerUrl, opts.jobs);
        // A lone robot among the files, else the one in the parameter files' package, is the one the controllers drive.
        const robots = paths.filter((p) => /\.(urdf|xacro)$/i.test(p));
        const beside = parameterFiles[0] === undefined ? undefined : findPackageRobot(parameterFiles[0]);
        const robot = opts.robot ?? (robots.length === 1 ? robots[0] : beside);
        const controllerReports = validateControllerFiles(parameterFiles, new Set(files), {
          ...(opts.distro !== undefined ? { distro: opts.distro } : {}),
          ...(process.env.ROS_DISTRO !== undefined ? { environment: process.env.ROS_DISTRO } : {}),
          strict: opts.strict === true,
          ...(robot !== undefined ? { robot } : {}),
          xacroArgs: opts.arg ?? [],
          includePaths: [...searchPaths.models, ...searchPaths.packages],
        });
        // Reports in argument order, parameter files among the others.
        const byFile = new Map([...reports, ...controllerReports].map((r) => [r.file, r] as const));
        reports = [...all, ...(robot === undefined ? [] : [robot])].flatMap((f) => {
          const r = byFile.get(f);
          byFile.delete(f);
          return r === undefined ? [] : [r];
        });
        if (reports.length === 0) throw new UsageError(`no URDF, SDF or parameter file in ${files.join(" ")}`);
        if (opts.format === "json") process.stdout.write(formatDiagnosticsJson(reports));
        else if (opts.format === "sarif")
          process.stdout.write(
            formatDiagnosticsSarif(reports, {
              toolVersion: ROBOKIT_VERSION,
              srcRoot: `${pathToFileURL(process.cwd()).href.replace(/\/?$/, "/")}`,
            }),
          );
        else for (const r of reports) for (const d of r.diagnostics) process.stdout.write(`${formatDiagnostic(d)}\n`);
        const verdict = formatVerdict(reports);
        if (verdict.invalid) throw new InputError(verdict.text);
        if (opts.format === "text") process.stderr.write(`robokit: ${verdict.text}\n`);
      },
    );
}

/** Validates one file from disk, following includes with the disk resolver. Never throws. */
export function validatePath(
  path: string,
  options: {
    strict?: boolean;
    searchPaths?: readonly string[];
    packagePaths?: readonly string[];
    displayName?: string;
    checkResources?: boolean;
    xacroArgs?: readonly string[];
    /** Reads the meshes the geometry rules measure (default: any regular file up to the mesh byte limit). */
    readResource?: ResourceReader;
    /** Texts that replace xacro includes on disk, by absolute path (an editor's unsaved buffers). */
    unsaved?: ReadonlyMap<string, string>;
  },
): FileReport {
  const name = options.displayName ?? path;
  let bytes: Buffer;
  try {
    bytes = readInputFile(path, INPUT_LIMITS.maxXmlBytes);
  } catch (error) {
    if (error instanceof InputError && error.diagnostics.length > 0)
      return { file: name, diagnostics: error.diagnostics.map((d) => ({ ...d, file: name })) };
    const reason =
      error instanceof Error && "code" in error
        ? String((error as { code: unknown }).code)
        : error instanceof Error
          ? error.message
          : String(error);
    return {
      file: name,
      diagnostics: [
        { code: "FILE_READ_ERROR", severity: "error", message: `cannot read ${path} (${reason})`, file: name },
      ],
    };
  }
  const decoded = decodeXmlBytes(bytes, name);
  if (decoded.text === undefined) return { file: name, diagnostics: decoded.diagnostics };
  return validateText(path, decoded.text, options);
}

/**
 * Validates the decoded text of the file at `path` (an editor's unsaved buffer, or what
 * {@link validatePath} read), following its includes and `$(find)` from disk as validate does.
 * Never throws.
 */
export function validateText(path: string, text: string, options: Parameters<typeof validatePath>[1]): FileReport {
  const name = options.displayName ?? path;
  const decoded = { text };
  // xacro is expanded first; diagnostics on the expansion point back at the xacro source.
  const source = readDescriptionSource(path, name, decoded.text, {
    args: options.xacroArgs ?? [],
    includePaths: [...(options.searchPaths ?? []), ...(options.packagePaths ?? [])],
    ...(options.unsaved === undefined ? {} : { unsaved: options.unsaved }),
  });
  if (source.text === undefined) return { file: name, diagnostics: source.diagnostics };
  const resolvers = diskResolvers(
    { models: options.searchPaths ?? [], packages: options.packagePaths ?? [] },
    path,
    name,
  );
  const diagnostics: Diagnostic[] = [
    ...source.diagnostics,
    ...validateFile(source.text, name, {
      strict: options.strict === true,
      resolveInclude: resolvers.resolveInclude,
      ...(options.checkResources === false
        ? {}
        : {
            resolveResource: resolvers.resolveResource,
            readResource: options.readResource ?? resolvers.readResource,
          }),
    }).map(source.toSource),
  ];
  return { file: name, diagnostics };
}

function positiveInteger(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError("must be a positive integer");
  return n;
}
