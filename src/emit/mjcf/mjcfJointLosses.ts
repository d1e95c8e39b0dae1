import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { Joint } from "../../model/Joint.js";
import type { Robot } from "../../model/Robot.js";
import { mjcfJointRange } from "./mjcfJointRange.js";

/** How many names a grouped loss message lists before "…". */
const LISTED = 6;

/**
 * The joint facts MJCF cannot hold, as FEATURE_UNSUPPORTED warnings: screw joints (welded),
 * gearbox joints (no coupling written), a planar joint's limit (MJCF writes it as two slides
 * and a hinge, unlimited), a position range MuJoCo refuses (lower not below upper: written
 * unlimited), and velocity and effort limits of joints no actuator drives
 * (MuJoCo 2.2.2 joints have neither; an actuator carries them as its control and force
 * ranges), the last grouped into one diagnostic.
 */
export function mjcfJointLosses(robot: Robot): Diagnostic[] {
  const out: Diagnostic[] = [];
  const add = (jsonPath: string, message: string): void => {
    out.push({ code: "FEATURE_UNSUPPORTED", severity: "warning", jsonPath, message });
  };
  const unheld: string[] = [];
  (robot.joints ?? []).forEach((j, i) => {
    if (j.type === "screw")
      add(`/joints/${i}`, `joint "${j.name}": MJCF has no screw joint; "${j.child}" is welded to "${j.parent}"`);
    else if (j.type === "gearbox")
      add(`/joints/${i}`, `joint "${j.name}": MJCF has no gearbox joint; the coupling is not written`);
    else if (j.type === "planar" && j.limit !== undefined)
      add(
        `/joints/${i}/limit`,
        `joint "${j.name}": a planar joint is written as two slides and a hinge, which carry no limit; its effort and velocity limits are not written`,
      );
    if ((j.type === "revolute" || j.type === "prismatic") && mjcfJointRange(j) === undefined)
      add(
        `/joints/${i}/limit`,
        `joint "${j.name}": lower limit ${j.limit.lower} is not below upper limit ${j.limit.upper}, a range MuJoCo refuses ("range[0] should be smaller than range[1]"); written without a position limit`,
      );
    if (j.actuator === undefined && hasRateLimit(j)) unheld.push(j.name);
  });
  if (unheld.length > 0) {
    const shown =
      unheld
        .slice(0, LISTED)
        .map((n) => `"${n}"`)
        .join(", ") + (unheld.length > LISTED ? ", …" : "");
    add(
      "/joints",
      `${unheld.length} joint${unheld.length === 1 ? "" : "s"} without an actuator (${shown}): their velocity and effort limits are not written, since a MuJoCo joint has neither (an actuator carries them)`,
    );
  }
  return out;
}

function hasRateLimit(j: Joint): boolean {
  if (j.type === "revolute" || j.type === "prismatic" || j.type === "continuous")
    return (j.limit?.velocity ?? 0) > 0 || (j.limit?.effort ?? 0) > 0;
  return false;
}
