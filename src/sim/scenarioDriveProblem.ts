import type { DriveFromModel } from "../kinematics/driveFromModel.js";
import { twistAtPointInto } from "../kinematics/shiftTwist.js";
import { unachievableTwist } from "../kinematics/unachievableTwist.js";
import { assertNever } from "../util/assertNever.js";
import type { Scenario } from "./Scenario.js";

/**
 * Why a scenario asks a drive for what it cannot do, or undefined: a commands profile's point
 * with a twist the drive cannot follow at its kinematic centre (vy on a differential or
 * car-like base, turning on the spot on a bicycle; `unachievableTwist`), or a joystick
 * profile, which cycles through every combination of vx, vy and yaw rate, on a base without
 * sideways motion. A path (rose) is tracked as well as the drive can: its controller drops
 * the part of the feedback the base cannot follow.
 */
export function scenarioDriveProblem(scenario: Scenario, drive: DriveFromModel): string | undefined {
  const p = scenario.profile;
  const [cx, cy] = "centre" in drive ? drive.centre : [0, 0];
  switch (p.type) {
    case "rose":
      return undefined;
    case "joystick":
      return unachievableTwist(drive.type, 0, 1, 0) === undefined
        ? undefined
        : `scenario "${scenario.name}": its joystick profile commands sideways motion, which a ${drive.type} drive cannot follow; give it a commands profile`;
    case "commands": {
      const t = new Float64Array(3);
      for (const [i, q] of p.points.entries()) {
        twistAtPointInto(t, cx, cy, q.vx ?? 0, q.vy ?? 0, q.omega ?? 0);
        const problem = unachievableTwist(drive.type, t[0] as number, t[1] as number, t[2] as number);
        if (problem !== undefined)
          return `scenario "${scenario.name}", /profile/points/${i} (t = ${q.t} s): ${problem}`;
      }
      return undefined;
    }
    default:
      return assertNever(p, "scenario profile");
  }
}
