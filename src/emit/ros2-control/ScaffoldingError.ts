import { RobotModelError } from "../../model/RobotModelError.js";

/**
 * The model cannot be turned into controllers or plugin blocks as declared (a drive joint
 * without an actuator, a sensor referring to a missing collision, …). A RobotModelError,
 * so callers that report model problems report these the same way, with a JSON pointer.
 */
export class ScaffoldingError extends RobotModelError {
  constructor(robotName: string, jsonPath: string, message: string) {
    super(robotName, [{ code: "REFERENCE_INVALID", severity: "error", message, jsonPath }]);
    this.name = "ScaffoldingError";
  }
}
