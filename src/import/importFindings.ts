import { checkRobot } from "../model/checkRobot.js";
import { gazeboMasslessLinks } from "../model/gazeboMasslessLinks.js";
import type { Robot } from "../model/Robot.js";
import type { Diagnostic } from "../diagnostics/Diagnostic.js";

/**
 * What the model check would refuse in an authored robot but a file's consumers load: the
 * warnings of the lenient check, each with its JSON pointer. `robokit import` prints them and,
 * when there are any, marks the module `imported: { lenient: true, findings }` so that it builds
 * and every emitter writes the values back as read. Empty for a robot robokit would accept as is.
 */
export function importFindings(robot: Robot): Diagnostic[] {
  const { imported: _asRead, ...strict } = robot;
  if (!checkRobot(strict).some((d) => d.severity === "error")) return [];
  const lenient = checkRobot(robot, { imported: true });
  // A root Gazebo would leave out is the file's as read: a finding, not a reason to refuse it.
  const warnings = lenient.filter((d) => d.severity === "warning");
  const named = new Set(warnings.map((d) => d.jsonPath));
  const massless = lenient.some((d) => d.severity === "error")
    ? []
    : gazeboMasslessLinks(strict)
        .filter((d) => !named.has(d.jsonPath))
        .map((d) => ({ ...d, severity: "warning" as const }));
  return [...warnings, ...massless];
}

/** The robot marked as imported as read when {@link importFindings} is not empty; else unchanged. */
export function markImportedAsRead(robot: Robot, findings: readonly Diagnostic[]): Robot {
  if (findings.length === 0) return robot;
  return { ...robot, imported: { lenient: true, findings: findings.map((d) => d.message) } };
}
