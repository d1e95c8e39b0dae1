import type { Robot } from "../../model/Robot.js";
import type { Diagnostic } from "../../diagnostics/Diagnostic.js";

/**
 * What URDF cannot hold of a robot, as FEATURE_UNSUPPORTED warnings with JSON pointers: the
 * robot's pose in the world (`Robot.pose`, e.g. from an SDF world's model), since a URDF's root
 * link is its own origin. Empty when the URDF keeps everything of the model.
 */
export function urdfLosses(robot: Robot): Diagnostic[] {
  const out: Diagnostic[] = [];
  const p = robot.pose;
  if (p !== undefined && [...p.xyz, ...p.rpy].some((v) => v !== 0)) {
    out.push({
      code: "FEATURE_UNSUPPORTED",
      severity: "warning",
      jsonPath: "/pose",
      message: `robot "${robot.name}": URDF has no pose in the world; the model's pose (xyz ${p.xyz.join(" ")}, rpy ${p.rpy.join(" ")}) is not written`,
    });
  }
  return out;
}
