import { hasErrors } from "../diagnostics/Diagnostic.js";
import { checkRobotData, rememberFindings } from "./checkRobotData.js";
import type { Robot } from "./Robot.js";
import { RobotModelError } from "./RobotModelError.js";

/**
 * Checks a robot written as a plain typed object and returns it unchanged (deeply frozen).
 * The check is `checkRobotData`'s, the one a YAML document gets: it holds for a robot
 * written in JavaScript, or in TypeScript run without type-checking, as well.
 * Throws {@link RobotModelError} listing every problem when it is invalid.
 */
export function defineRobot<R extends Robot>(robot: R): R {
  const diagnostics = checkRobotData(robot);
  if (hasErrors(diagnostics)) throw new RobotModelError(typeof robot.name === "string" ? robot.name : "", diagnostics);
  const frozen = deepFreeze(robot);
  rememberFindings(frozen, diagnostics);
  return frozen;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value)) deepFreeze(v);
  }
  return value;
}
