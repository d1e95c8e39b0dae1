import type { Robot } from "../../model/Robot.js";
import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { isSdfOnlyJoint } from "../../model/Joint.js";

/**
 * What URDF cannot hold of a robot, as FEATURE_UNSUPPORTED warnings with JSON pointers: the
 * robot's pose in the world (`Robot.pose`, e.g. from an SDF world's model), since a URDF's root
 * link is its own origin; the SDF-only joints (ball, universal, revolute2 and screw are written
 * fixed, gearbox joints left out) and plane shapes (left out). Empty when the URDF keeps
 * everything of the model.
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
  (robot.joints ?? []).forEach((joint, i) => {
    const armature = joint.actuator?.armature ?? 0;
    if (armature > 0)
      out.push({
        code: "FEATURE_UNSUPPORTED",
        severity: "warning",
        jsonPath: `/joints/${i}/actuator/armature`,
        message: `joint "${joint.name}": URDF has no rotor inertia; actuator.armature (${armature}) is not written, so a simulator loading the URDF accelerates the joint without it (the MJCF keeps it)`,
      });
    if (!isSdfOnlyJoint(joint)) return;
    out.push({
      code: "FEATURE_UNSUPPORTED",
      severity: "warning",
      jsonPath: `/joints/${i}`,
      message:
        joint.type === "gearbox"
          ? `joint "${joint.name}": URDF has no gearbox joint; the coupling of "${joint.parent}" and "${joint.child}" is not written`
          : `joint "${joint.name}": URDF has no ${joint.type} joint; written as fixed at its origin, its motion is lost (SDF keeps it)`,
    });
  });
  robot.links.forEach((link, i) => {
    const shapes = [
      ...(link.visuals ?? []).map((v, k) => ["visuals", k, v.geometry.type] as const),
      ...(link.collisions ?? []).map((c, k) => ["collisions", k, c.geometry.type] as const),
    ];
    for (const [kind, k, type] of shapes)
      if (type === "plane")
        out.push({
          code: "FEATURE_UNSUPPORTED",
          severity: "warning",
          jsonPath: `/links/${i}/${kind}/${k}/geometry`,
          message: `link "${link.name}": URDF has no plane; this ${kind === "visuals" ? "visual" : "collision"} is not written (SDF keeps it)`,
        });
  });
  return out;
}
