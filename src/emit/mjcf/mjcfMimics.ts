import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { Robot } from "../../model/Robot.js";

/** A mimic relation MJCF writes as a joint equality: joint1 = offset + multiplier · joint2. */
export interface MjcfMimic {
  /** The follower (MJCF joint1). */
  readonly joint: string;
  /** The leader (MJCF joint2). */
  readonly leader: string;
  readonly multiplier: number;
  /** rad or m. */
  readonly offset: number;
}

const SINGLE_DOF = new Set(["revolute", "continuous", "prismatic"]);

/**
 * The mimic joints of `robot` MJCF can couple: `<equality><joint joint1 joint2
 * polycoef="offset multiplier 0 0 0"/>` needs both joints to be one-degree-of-freedom MJCF
 * joints of the same name, so a leader that is missing or of another type (MuJoCo: "unknown
 * element") is a FEATURE_UNSUPPORTED warning instead, with the follower left free.
 */
export function mjcfMimics(robot: Robot): { mimics: MjcfMimic[]; losses: Diagnostic[] } {
  const joints = robot.joints ?? [];
  const types = new Map(joints.map((j) => [j.name, j.type] as const));
  const mimics: MjcfMimic[] = [];
  const losses: Diagnostic[] = [];
  joints.forEach((j, i) => {
    if ((j.type !== "revolute" && j.type !== "continuous" && j.type !== "prismatic") || j.mimic === undefined) return;
    const leaderType = types.get(j.mimic.joint);
    if (leaderType === undefined || !SINGLE_DOF.has(leaderType)) {
      losses.push({
        code: "FEATURE_UNSUPPORTED",
        severity: "warning",
        jsonPath: `/joints/${i}/mimic`,
        message: `joint "${j.name}" mimics "${j.mimic.joint}", which is ${leaderType === undefined ? "not a joint of the robot" : `a ${leaderType} joint`}; MJCF couples only one-axis joints, so "${j.name}" moves freely`,
      });
      return;
    }
    mimics.push({
      joint: j.name,
      leader: j.mimic.joint,
      multiplier: j.mimic.multiplier ?? 1,
      offset: j.mimic.offset ?? 0,
    });
  });
  return { mimics, losses };
}
