import { basename, dirname } from "node:path";

import { hasErrors, type Diagnostic } from "../diagnostics/Diagnostic.js";
import { escapeTerminal } from "../diagnostics/escapeTerminal.js";
import type { MjcfFixedJoints } from "../emit/mjcf/EmitMjcfOptions.js";
import { mjcfLosses } from "../emit/mjcf/mjcfLosses.js";
import type { Robot } from "../model/Robot.js";
import type { ColladaUpAxis } from "../parse/mesh/ColladaUpAxis.js";
import { checkOwnOutput } from "./checkOwnOutput.js";
import { InputError } from "./errors.js";
import { mjcfWithMeshes, refuseMjcfMeshesOnStdout } from "./mjcfWithMeshes.js";
import { reportDiagnostics } from "./reportDiagnostics.js";
import { writeArtifacts } from "./writeArtifacts.js";
import { writeStdout } from "./writeStdout.js";

/** What `convert -f mjcf` takes from the command line. */
export interface ConvertToMjcfOptions {
  readonly out?: string;
  readonly includePath?: readonly string[];
  readonly colladaUpAxis?: ColladaUpAxis;
  readonly fixedJoints?: MjcfFixedJoints;
  readonly report?: "text" | "json";
}

/**
 * `robokit convert FILE -f mjcf [-o DIR/robot.xml]`: the MJCF of the robot read from `file`,
 * written with its mesh files beside it, all or nothing. `read` are the reader's findings and
 * the conversion's losses so far; the MJCF's own losses and the meshes' findings are added, and
 * all are reported on stderr (text or one JSON report). A mesh that cannot be found is exit 1
 * with nothing written; a robot with meshes cannot go to stdout (exit 2).
 */
export function convertToMjcf(
  file: string,
  robot: Robot,
  read: readonly Diagnostic[],
  opts: ConvertToMjcfOptions,
): void {
  if (opts.out === undefined) refuseMjcfMeshesOnStdout(robot, file, "pass -o DIR/robot.xml to write them beside it");
  const mjcf = opts.fixedJoints === undefined ? {} : { fixedJoints: opts.fixedJoints };
  const made = mjcfWithMeshes(robot, file, {
    includePaths: opts.includePath ?? [],
    env: process.env,
    colladaUpAxis: opts.colladaUpAxis ?? "ignore",
    ...mjcf,
  });
  // Loss paths point into the model, not the file: keep only the message, which names the joint or link.
  const losses = mjcfLosses(robot, mjcf).map(({ jsonPath: _modelPath, ...d }) => ({ ...d, file }));
  const all = [...read, ...made.diagnostics, ...losses];
  reportDiagnostics(file, all, opts.report ?? "text");
  if (hasErrors(made.diagnostics)) {
    const errors = made.diagnostics.filter((d) => d.severity === "error");
    throw new InputError(
      `${file}: cannot write the MJCF: ${errors.length} mesh problem${errors.length === 1 ? "" : "s"} MuJoCo would refuse; nothing was written`,
      opts.report === "json" ? [] : errors,
    );
  }
  const name = opts.out === undefined ? `${robot.name}.xml` : basename(opts.out);
  checkOwnOutput(file, [{ path: name, content: made.text, kind: "mjcf" }], true);
  if (opts.out === undefined) {
    writeStdout(made.text);
    return;
  }
  writeArtifacts(dirname(opts.out), [{ path: name, content: made.text }, ...made.meshFiles]);
  if (made.meshFiles.length > 0)
    process.stderr.write(
      `${escapeTerminal(file)}: info: ${made.meshFiles.length} mesh file${made.meshFiles.length === 1 ? "" : "s"} written beside ${escapeTerminal(opts.out)}\n`,
    );
}
