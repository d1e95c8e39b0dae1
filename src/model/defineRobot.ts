import { hasErrors } from "../diagnostics/Diagnostic.js";
import { checkRobot } from "./checkRobot.js";
import type { Robot } from "./Robot.js";
import { RobotModelError } from "./RobotModelError.js";

/**
 * Checks a robot written as a plain typed object and returns it unchanged (deeply frozen).
 * Throws {@link RobotModelError} listing every problem when it is invalid.
 */
export function defineRobot<R extends Robot>(robot: R): R {
  const diagnostics = checkRobot(robot);
  if (hasErrors(diagnostics)) throw new RobotModelError(robot.name, diagnostics);
  return deepFreeze(robot);
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
