import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { LoadedController, ParameterFileInput } from "./checkControllerParameters.js";

export function checkAgainstRobot(_controllers: readonly LoadedController[], _robot: ParameterFileInput): Diagnostic[] {
  return [];
}
