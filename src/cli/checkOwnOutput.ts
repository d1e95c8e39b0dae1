import { hasErrors } from "../diagnostics/Diagnostic.js";
import { type CheckedArtifact, checkArtifacts } from "../validate/output/checkArtifacts.js";
import { InputError } from "./errors.js";

/**
 * The gate every command that writes generated files (build, emit, convert, import) passes
 * before writing anything: each file goes through robokit's own check of its kind
 * (checkArtifacts). An error is exit 1 naming the generated file, and nothing is written.
 *
 * @param robotName - the input, named in the message (`robokit: <input>: …`).
 */
export function checkOwnOutput(robotName: string, artifacts: readonly CheckedArtifact[]): void {
  const diagnostics = checkArtifacts(artifacts);
  if (hasErrors(diagnostics))
    throw new InputError(
      `${robotName}: robokit's output would not pass robokit's own checks, so nothing was written (please report it: robokit must not write what it rejects)`,
      diagnostics,
    );
}
