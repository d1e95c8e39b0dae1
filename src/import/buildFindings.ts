import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { buildArtifacts } from "../emit/buildArtifacts.js";
import type { Robot } from "../model/Robot.js";
import { checkArtifacts } from "../validate/output/checkArtifacts.js";

/**
 * What robokit's own checks would refuse in the files `robokit build` writes for an imported
 * robot, because the file it was read from holds it (a link without an inertial that a joint
 * moves: libsdformat leaves it out, MuJoCo refuses it): as warnings, one per message, so the
 * module is marked as kept as read and builds. Empty when the robot builds clean, or when a
 * part of it cannot be built (the model check reports that).
 */
export function buildFindings(robot: Robot): Diagnostic[] {
  let errors: Diagnostic[];
  try {
    errors = checkArtifacts(buildArtifacts(robot));
  } catch {
    return [];
  }
  const seen = new Set<string>();
  const out: Diagnostic[] = [];
  for (const d of errors) {
    const key = `${d.code} ${d.message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const { file: _generated, line: _line, column: _column, xmlPath: _xmlPath, ...rest } = d;
    out.push({ ...rest, severity: "warning" });
  }
  return out;
}
