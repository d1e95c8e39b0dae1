import type { Drive } from "../model/Drive.js";
import { assertNever } from "../util/assertNever.js";
import { formatNumber } from "../util/formatNumber.js";

/** Below this magnitude (m/s, rad/s) a twist component counts as zero. */
export const TWIST_EPSILON = 1e-9;

/**
 * Why a drive cannot follow a base twist (m/s, m/s, rad/s; base frame, REP-103), or
 * undefined when it can (joint limits aside). Differential and car-like bases have no
 * sideways velocity; a bicycle cannot turn on the spot, as its one driven wheel would sit
 * at the centre of rotation. Their kinematics project such a twist (vy dropped; the
 * bicycle steers to ±90° with a still wheel); this says so before it happens.
 */
export function unachievableTwist(drive: Drive["type"], vx: number, vy: number, omega: number): string | undefined {
  switch (drive) {
    case "steered":
    case "omni":
    case "mecanum":
      return undefined;
    case "differential":
    case "ackermann":
    case "tricycle":
    case "bicycle": {
      if (Math.abs(vy) > TWIST_EPSILON)
        return `a ${drive} drive cannot move sideways: vy must be 0 m/s (got ${formatNumber(vy)} m/s)`;
      if (drive === "bicycle" && Math.abs(vx) <= TWIST_EPSILON && Math.abs(omega) > TWIST_EPSILON)
        return `a bicycle drive cannot turn on the spot (vx = 0, wz = ${formatNumber(omega)} rad/s): its driven rear wheel would sit at the centre of rotation; give vx ≠ 0 (turning radius vx/wz)`;
      return undefined;
    }
    default:
      return assertNever(drive, "drive type");
  }
}
