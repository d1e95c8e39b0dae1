import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { closestName } from "../../util/closestName.js";
import type { ClassDef, ControllerDistro, DistroDefinitions } from "./ControllerDefinitions.js";
import { controllerDiagnostic } from "./controllerDiagnostic.js";
import { loadDefinitionsIndex } from "./loadControllerDefinitions.js";
import type { FilePlace } from "./readParameterFile.js";

/** A ros2_controllers class of the distro, with its name. */
export interface ControllerClass extends ClassDef {
  readonly name: string;
}

/**
 * Judges a controller's `type`: a class of the distro (its definition comes back); a class of
 * a ros2_controllers package the distro lacks, or close to a known class (a typo), is an
 * error naming the distros that have it or the close name; any other class belongs to another
 * package (ur_controllers, franka, …) and is noted as not checked.
 */
export function checkControllerType(
  distro: ControllerDistro,
  defs: DistroDefinitions,
  controller: string,
  type: string,
  at: FilePlace,
): { cls?: ControllerClass; diagnostics: Diagnostic[] } {
  const known = defs.classes[type];
  if (known !== undefined) {
    if (known.sets.length > 0) return { cls: { ...known, name: type }, diagnostics: [] };
    return {
      cls: { ...known, name: type },
      diagnostics: [
        controllerDiagnostic(
          "controllerTypeUnchecked",
          `controller "${controller}": ${type} declares its parameters in C++ in ${distro}, not with generate_parameter_library; they are not checked`,
          at,
        ),
      ],
    };
  }
  const index = loadDefinitionsIndex();
  const elsewhere = index.classes[type];
  if (elsewhere !== undefined)
    return {
      diagnostics: [
        controllerDiagnostic(
          "controllerTypeUnknown",
          `controller "${controller}": ros2_controllers has no ${type} in ${distro} (only in ${elsewhere.join(", ")})`,
          at,
        ),
      ],
    };
  const near = closestName(type, Object.keys(defs.classes));
  const pkg = type.split("/")[0] ?? "";
  if (near !== undefined || index.packages.includes(pkg))
    return {
      diagnostics: [
        controllerDiagnostic(
          "controllerTypeUnknown",
          `controller "${controller}": ${type} is not a controller class of ros2_controllers in ${distro}`,
          at,
          near === undefined ? undefined : `did you mean "${near}"?`,
        ),
      ],
    };
  return {
    diagnostics: [
      controllerDiagnostic(
        "controllerTypeUnchecked",
        `controller "${controller}": ${type} is not a ros2_controllers class; its parameters are not checked`,
        at,
      ),
    ],
  };
}
