import type { Robot } from "../../model/Robot.js";
import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { sdfFeatures } from "./sdfFeatures.js";
import type { SdfVersion } from "./SdfVersion.js";
import { assertNever } from "../../util/assertNever.js";

/**
 * What an SDF file of `version` cannot say about `robot`, as FEATURE_UNSUPPORTED diagnostics
 * (jsonPath into the model), plus DUPLICATE_NAME where a link/joint name clash, legal in
 * URDF, makes the SDF invalid. Warnings change behaviour in simulation (a mimic constraint or
 * a planar constraint is gone); infos only lose a name or URDF-only metadata.
 */
export function sdfLosses(robot: Robot, version: SdfVersion): Diagnostic[] {
  const features = sdfFeatures(version);
  const out: Diagnostic[] = [];
  const add = (severity: Diagnostic["severity"], jsonPath: string, message: string): void => {
    out.push({ code: "FEATURE_UNSUPPORTED", severity, message, jsonPath });
  };
  (robot.joints ?? []).forEach((joint, i) => {
    const where = `joint "${joint.name}"`;
    const armature = joint.actuator?.armature ?? 0;
    // SDFormat 1.0–1.12 has no rotor inertia (//joint/axis/dynamics holds damping, friction and springs only).
    if (armature > 0)
      add(
        "warning",
        `/joints/${i}/actuator/armature`,
        `${where}: SDFormat has no rotor inertia; actuator.armature (${armature}) is not written, so Gazebo accelerates the joint without it (the MJCF keeps it)`,
      );
    switch (joint.type) {
      case "floating":
        add(
          "info",
          `/joints/${i}`,
          `${where}: SDF has no floating joint; "${joint.child}" is written as a free link at its zero-position pose and the joint name is lost`,
        );
        break;
      case "planar":
        add(
          "warning",
          `/joints/${i}`,
          `${where}: SDF has no planar joint; "${joint.child}" is written as a free link and the plane constraint is lost`,
        );
        break;
      case "revolute":
      case "continuous":
      case "prismatic":
        if (joint.mimic !== undefined && !features.axisMimic) {
          add(
            "warning",
            `/joints/${i}/mimic`,
            `${where}: SDF ${version} has no //axis/mimic (added in 1.11); the mimic of "${joint.mimic.joint}" is not written`,
          );
        }
        break;
      case "fixed":
      case "ball":
      case "universal":
      case "revolute2":
      case "screw":
      case "gearbox":
        // SDF's own types: written as they are.
        break;
      default:
        assertNever(joint, "joint type");
    }
    if (joint.safetyController !== undefined)
      add("info", `/joints/${i}/safetyController`, `${where}: SDF has no safety_controller; it is not written`);
    if (joint.calibration !== undefined)
      add("info", `/joints/${i}/calibration`, `${where}: SDF has no calibration; it is not written`);
  });
  // URDF allows a link and a joint to share a name; SDF does not (libsdformat rejects it at every version).
  const links = new Set(robot.links.map((l) => l.name));
  (robot.joints ?? []).forEach((joint, i) => {
    if (links.has(joint.name)) {
      out.push({
        code: "DUPLICATE_NAME",
        severity: "warning",
        jsonPath: `/joints/${i}/name`,
        message: `joint "${joint.name}" has the name of a link; SDF requires unique link and joint names, so libsdformat rejects the file (rename one)`,
      });
    }
  });
  if (!features.capsule) {
    robot.links.forEach((link, i) => {
      const shapes = [
        ...(link.visuals ?? []).map((v, k) => ["visuals", k, v.geometry.type] as const),
        ...(link.collisions ?? []).map((c, k) => ["collisions", k, c.geometry.type] as const),
      ];
      for (const [kind, k, type] of shapes) {
        if (type === "capsule")
          add(
            "info",
            `/links/${i}/${kind}/${k}/geometry`,
            `link "${link.name}": SDF ${version} has no capsule (added in 1.8); written as a cylinder and two spheres`,
          );
      }
    });
  }
  return out;
}
