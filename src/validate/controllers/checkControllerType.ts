import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { closestName, editDistance } from "../../util/closestName.js";
import type { ClassDef, ControllerDistro, DistroDefinitions } from "./ControllerDefinitions.js";
import { controllerDiagnostic } from "./controllerDiagnostic.js";
import { loadDefinitionsIndex } from "./loadControllerDefinitions.js";
import type { FilePlace } from "./readParameterFile.js";

/** A ros2_controllers class of the distro, with its name. */
export interface ControllerClass extends ClassDef {
  readonly name: string;
}

/**
 * The names a ros2_controllers class may start with: its packages, and the prefixes of its
 * classes (parallel_gripper_controller exports `parallel_gripper_action_controller/…`).
 */
function classPrefixes(defs: { readonly packages: readonly string[]; readonly classes: object }): string[] {
  const prefixes = new Set(defs.packages);
  for (const c of Object.keys(defs.classes)) prefixes.add(c.split("/")[0] ?? "");
  return [...prefixes];
}

/**
 * The ros2_controllers package a class's package is, or is a typo of (at most two edits, so a
 * vendor's `clearpath_mecanum_drive_controller` is not one); undefined for another package.
 */
function ros2ControllersPackage(pkg: string, packages: readonly string[]): string | undefined {
  if (packages.includes(pkg)) return pkg;
  return packages.find((p) => Math.abs(p.length - pkg.length) <= 2 && editDistance(p, pkg, 3) <= 2);
}

/**
 * Judges a controller's `type`: a class of the distro (its definition comes back); a class
 * whose package is a ros2_controllers package (of any distro, per the vendored definitions)
 * but that the distro lacks is an error naming the distros that have it, or the close name of
 * a typo; a class of any other package (ur_controllers, franka, kuka_controllers, a vendor's
 * own drive controller), however close its name, is noted as not checked.
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
  const [pkg = "", cls = ""] = type.split("/");
  const ours = ros2ControllersPackage(pkg, classPrefixes(index));
  if (ours !== undefined) {
    const candidates = Object.keys(defs.classes);
    const samePackage = candidates.filter((c) => c.startsWith(`${ours}/`));
    const near =
      ours !== pkg && candidates.includes(`${ours}/${cls}`)
        ? `${ours}/${cls}`
        : (closestName(type, samePackage) ?? closestName(type, candidates));
    const where = classPrefixes(defs).includes(ours)
      ? `is not a controller class of ros2_controllers in ${distro}`
      : `is not a controller class of ros2_controllers in ${distro}, which has no ${ours}`;
    return {
      diagnostics: [
        controllerDiagnostic(
          "controllerTypeUnknown",
          `controller "${controller}": ${type} ${where}`,
          at,
          near === undefined ? undefined : `did you mean "${near}"?`,
        ),
      ],
    };
  }
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
