import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { closestName } from "../../util/closestName.js";
import type { SectionDef } from "./ControllerDefinitions.js";
import { isNodeParameter, type NodeParam } from "./checkNodeParameters.js";
import { controllerDiagnostic } from "./controllerDiagnostic.js";
import { flattenDefinitions, lookupParameter } from "./lookupParameter.js";
import type { FilePlace } from "./readParameterFile.js";

/** Below this many parameters of its own, a block says too little to doubt its class. */
const MIN_OWN_PARAMETERS = 4;
/** How many of a block's undeclared parameters the message names. */
const NAMED = 4;

/**
 * When at most half of the parameters a controller's own blocks set (node-level ones aside) are
 * declared by the ros2_controllers class of its `type`, and at least three are neither declared
 * nor a typo of a declared name (within {@link closestName}'s distance), the block
 * was written for another package that exports a class of the same name (a vendor's
 * `mecanum_drive_controller/MecanumDriveController` with `wheel_separation_x`): one warning
 * naming the likely cause, instead of a warning per parameter and an error per missing one.
 * A single typo in an otherwise matching block stays below the bar.
 *
 * @param tree - the class's parameters, with the base every controller declares.
 * @returns the warning, or undefined when the block fits the class.
 */
export function otherPackageVerdict(
  who: string,
  tree: SectionDef,
  params: ReadonlyMap<string, NodeParam>,
  at: FilePlace,
): Diagnostic | undefined {
  const own = [...params].filter(([name, p]) => !p.wildcard && !isNodeParameter(name));
  if (own.length < MIN_OWN_PARAMETERS) return undefined;
  const declared = flattenDefinitions(tree).map((d) => d.name);
  // A name within a typo of a declared one is a typo, not evidence of another package.
  const undeclared = own
    .map(([name]) => name)
    .filter((name) => lookupParameter(tree, name).kind === "undeclared" && closestName(name, declared) === undefined);
  if (undeclared.length < 3 || undeclared.length * 2 < own.length) return undefined;
  const named = undeclared.slice(0, NAMED).map((n) => `"${n}"`);
  const more = undeclared.length > NAMED ? `, … (${undeclared.length - NAMED} more)` : "";
  return controllerDiagnostic(
    "controllerPackageMismatch",
    `${who}: ${undeclared.length} of its ${own.length} parameters (${named.join(", ")}${more}) are not declared by ros2_controllers' class of that name`,
    at,
  );
}
