import { hasErrors } from "../diagnostics/Diagnostic.js";
import { formatDiagnostic } from "../diagnostics/formatDiagnostic.js";
import { type CheckedArtifact, checkArtifacts } from "../validate/output/checkArtifacts.js";
import { InputError } from "./errors.js";

/**
 * The gate every command that writes generated files (build, emit, convert, import) passes
 * before writing anything: each file goes through robokit's own check of its kind
 * (checkArtifacts). An error is exit 1 naming the generated file, and nothing is written.
 *
 * A robot kept as another file says (`keptAsRead`: read for `convert`, or imported as read)
 * brings that file's problems along: its output's errors are printed as warnings and the
 * files are written, as the model check treats such a robot.
 *
 * @param input - the robot argument, named in the message (`robokit: <input>: …`).
 * @param distro - the ROS distro the files are for (build), for the controllers file's check.
 */
export function checkOwnOutput(
  input: string,
  artifacts: readonly CheckedArtifact[],
  keptAsRead = false,
  distro?: string,
): void {
  const diagnostics = checkArtifacts(artifacts, distro);
  if (!hasErrors(diagnostics)) return;
  if (keptAsRead) {
    for (const d of diagnostics)
      process.stderr.write(
        `${formatDiagnostic({ ...d, severity: "warning", message: `${d.message} (kept as ${input} says)` })}\n`,
      );
    return;
  }
  throw new InputError(
    `${input}: robokit's output would not pass robokit's own checks, so nothing was written (a robokit bug: please report it)`,
    diagnostics,
  );
}
