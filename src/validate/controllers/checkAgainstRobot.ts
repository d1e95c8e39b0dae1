import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { descriptionToModel } from "../../parse/descriptionToModel.js";
import type { LoadedController, RobotInput } from "./checkControllerParameters.js";
import { controllerClaims } from "./controllerClaims.js";
import { controllerDiagnostic } from "./controllerDiagnostic.js";
import { checkControllerGeometry } from "./checkControllerGeometry.js";
import { readRos2ControlInterfaces } from "./readRos2ControlInterfaces.js";

/**
 * Checks loaded controllers against the robot they drive: every joint a controller claims
 * exists in the `<ros2_control>` block with the claimed interfaces, no command interface is
 * claimed twice, and drive geometry agrees with the robot's wheels within 1 %.
 */
export function checkAgainstRobot(controllers: readonly LoadedController[], robotFile: RobotInput): Diagnostic[] {
  const out: Diagnostic[] = [];
  const interfaces = readRos2ControlInterfaces(robotFile.text, robotFile.path);
  const owners = new Map<string, string>();
  const unknown = new Set<string>();
  const names = new Set(controllers.map((c) => c.name));
  for (const c of controllers) {
    for (const claim of controllerClaims(c)) {
      // `<controller>/<name>` is a chained controller's reference interface, not a joint of the robot.
      if (names.has(claim.joint.split("/")[0] ?? "")) continue;
      const who = `controller "${c.name}" (${c.type})`;
      if (interfaces !== undefined) {
        const joint = interfaces.get(claim.joint);
        if (joint === undefined) {
          const once = `${c.name}\u0000${claim.joint}`;
          if (unknown.has(once)) continue;
          unknown.add(once);
          out.push(
            controllerDiagnostic(
              "controllerJointUnknown",
              `${who}: joint "${claim.joint}" is not in the <ros2_control> block of ${robotFile.path}`,
              claim.at,
            ),
          );
          continue;
        }
        const has = claim.kind === "command" ? joint.command : joint.state;
        if (claim.iface !== "" && !has.has(claim.iface))
          out.push(
            controllerDiagnostic(
              "controllerInterfaceMissing",
              `${who} claims the ${claim.kind} interface "${claim.joint}/${claim.iface}", but ${robotFile.path} declares ${claim.kind} interfaces [${[...has].join(", ")}] for it`,
              claim.at,
            ),
          );
      }
      if (claim.kind !== "command" || claim.iface === "") continue;
      const key = `${claim.joint}/${claim.iface}`;
      const owner = owners.get(key);
      if (owner !== undefined && owner !== c.name)
        out.push(
          controllerDiagnostic(
            "controllerInterfaceConflict",
            `${who} claims "${key}", which controller "${owner}" claims too`,
            claim.at,
          ),
        );
      else owners.set(key, c.name);
    }
  }
  const model = robotFile.model ?? descriptionToModel(robotFile.text, robotFile.path).robot;
  if (model !== undefined) for (const c of controllers) out.push(...checkControllerGeometry(c, model));
  return out;
}
