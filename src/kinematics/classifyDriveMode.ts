import type { Vector2 } from "./Vector2.js";
import { assertNever } from "../util/assertNever.js";

/**
 * MARIO's four steering modes (Sharifi et al. 2018, §3.1). They only report what the single formula
 * v_i = v_c + ω k × W_i does; no mode changes the kinematics.
 * - `stop`: |v| ≤ εv and |ω| ≤ εω; every wheel keeps its previous angle.
 * - `translation`: |ω| ≤ εω; all wheels parallel to v (centre of rotation at infinity).
 * - `zero-turn`: |v| ≤ εv; wheels tangent to circles about the base origin.
 * - `general`: wheels tangent to circles about the centre of rotation (−vy/ω, vx/ω).
 */
export type DriveMode = "stop" | "translation" | "zero-turn" | "general";

/** A {@link DriveMode} with its instantaneous centre of rotation. */
export interface DriveModeReport {
  /** The mode. */
  readonly mode: DriveMode;
  /**
   * Instantaneous centre of rotation in base_link (m): (−vy/ω, vx/ω); (0, 0) for a zero-turn;
   * `null` for stop and translation (at infinity or undefined).
   */
  readonly centerOfRotation: Vector2 | null;
}

/** Default thresholds: |v| ≤ 1e-9 m/s counts as no translation, |ω| ≤ 1e-9 rad/s as no rotation. */
export const DEFAULT_MODE_EPSILON = 1e-9;

/**
 * Returns the drive mode code for a body twist, without allocating.
 *
 * @param vx - forward velocity of the base origin (m/s).
 * @param vy - leftward velocity of the base origin (m/s).
 * @param omega - yaw rate (rad/s).
 * @param linearEpsilon - |v| at or below this is "no translation" (m/s).
 * @param angularEpsilon - |ω| at or below this is "no rotation" (rad/s).
 */
// perf-sensitive
export function driveModeOf(
  vx: number,
  vy: number,
  omega: number,
  linearEpsilon: number = DEFAULT_MODE_EPSILON,
  angularEpsilon: number = DEFAULT_MODE_EPSILON,
): DriveMode {
  const still = Math.sqrt(vx * vx + vy * vy) <= linearEpsilon;
  const noTurn = Math.abs(omega) <= angularEpsilon;
  if (still && noTurn) return "stop";
  if (noTurn) return "translation";
  if (still) return "zero-turn";
  return "general";
}

/**
 * Classifies a body twist into MARIO's modes and computes the centre of rotation.
 *
 * @param vx - forward velocity of the base origin (m/s), base_link.
 * @param vy - leftward velocity (m/s).
 * @param omega - yaw rate (rad/s), CCW positive.
 * @param linearEpsilon - translation threshold (m/s).
 * @param angularEpsilon - rotation threshold (rad/s).
 * @returns the mode and the centre of rotation (−vy/ω, vx/ω) in base_link (m).
 */
export function classifyDriveMode(
  vx: number,
  vy: number,
  omega: number,
  linearEpsilon: number = DEFAULT_MODE_EPSILON,
  angularEpsilon: number = DEFAULT_MODE_EPSILON,
): DriveModeReport {
  const mode = driveModeOf(vx, vy, omega, linearEpsilon, angularEpsilon);
  switch (mode) {
    case "stop":
    case "translation":
      return { mode, centerOfRotation: null };
    case "zero-turn":
      return { mode, centerOfRotation: { x: 0, y: 0 } };
    case "general":
      return { mode, centerOfRotation: { x: -vy / omega + 0, y: vx / omega + 0 } };
    default:
      return assertNever(mode, "drive mode");
  }
}
