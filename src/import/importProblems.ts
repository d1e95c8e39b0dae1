import { checkRobot } from "../model/checkRobot.js";
import type { Robot } from "../model/Robot.js";
import type { Diagnostic } from "../diagnostics/Diagnostic.js";

/**
 * Why a robot read from a file cannot become a robokit module: the errors of the model check
 * run as on an imported robot (`imported: { lenient: true }`, which the generated module
 * declares). What a file's consumers load (zero mass, a tensor that is not positive definite,
 * zero-size shapes, names no ROS package can carry) is not among them: see {@link importFindings}.
 */
export function importProblems(robot: Robot): Diagnostic[] {
  return checkRobot(robot, { imported: true }).filter((d) => d.severity === "error");
}
