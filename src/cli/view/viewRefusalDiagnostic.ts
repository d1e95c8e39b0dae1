import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { policyDiagnostic } from "../../diagnostics/severityPolicy.js";
import { MAX_VIEW_FILE_BYTES, type ViewFileRefusal } from "./checkViewFile.js";
import { assertNever } from "../../util/assertNever.js";

/**
 * The diagnostic the page shows for a file `robokit view` will not serve. `what` names it as the
 * scene does (`mesh package://p/../../x`, `texture http://…`); `file` is the robot's source.
 * Undefined for `missing` (reported as RESOURCE_NOT_FOUND by the scene, as validate reports it).
 */
export function viewRefusalDiagnostic(
  what: string,
  refusal: ViewFileRefusal | { readonly refused: "remote" },
  file: string,
): Diagnostic | undefined {
  switch (refusal.refused) {
    case "outside-roots":
      return policyDiagnostic(
        "viewFileOutsideRoots",
        `${what} resolves to ${refusal.detail}, outside the robot's folder, its package, -I folders and the search paths; it is not served`,
        { file },
      );
    case "not-regular":
      return policyDiagnostic(
        "viewFileNotRegular",
        `${what} is ${refusal.detail}, not a regular file; it is not opened`,
        { file },
      );
    case "too-large":
      return policyDiagnostic(
        "viewFileTooLarge",
        `${what} has ${refusal.detail}, over the limit of ${MAX_VIEW_FILE_BYTES} bytes per file; it is not served`,
        { file },
      );
    case "remote":
      return policyDiagnostic(
        "viewUrlRemote",
        `${what} is on the network; the viewer fetches nothing from the network, so it is dropped`,
        { file },
      );
    case "missing":
      return undefined;
    default:
      assertNever(refusal, "file problem");
  }
}
