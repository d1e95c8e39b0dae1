import { checkRobot } from "../model/checkRobot.js";
import type { Robot } from "../model/Robot.js";
import type { Diagnostic } from "../diagnostics/Diagnostic.js";

/**
 * Why a robot read from a file cannot become a robokit module: the errors of the authoring
 * check (`RobotBuilder.build()`), which the generated module runs. A file's consumers may load
 * what robokit reads with warnings (a massless link, a zero tensor); a module built from it
 * would throw, so import refuses it and says why.
 */
export function importProblems(robot: Robot): Diagnostic[] {
  return checkRobot(robot).filter((d) => d.severity === "error");
}
