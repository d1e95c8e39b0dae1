import type { SteeredWheelState } from "./SteeredWheelState.js";

/** Result of {@link foldWheelState}: a feasible state, or "infeasible" (never a silent clamp). */
export type FoldResult =
  | { readonly status: "ok"; readonly state: SteeredWheelState }
  | { readonly status: "infeasible" };

/**
 * Folds a wheel state into steering limits [min, max] (rad) by trying the same motion
 * at angle + kπ with speed·(−1)^k, smallest |k| first (k = 0, −1, +1, −2, +2). A state
 * already inside the limits (boundaries included) is kept. When no equivalent angle
 * fits, the result is "infeasible": the caller must brake or re-plan, never clamp.
 *
 * @param state - wheel state (rad, m/s, rad/s).
 * @param min - lower steering limit (rad).
 * @param max - upper steering limit (rad), ≥ min.
 * @throws RangeError if the limits are not finite or min > max.
 */
export function foldWheelState(state: SteeredWheelState, min: number, max: number): FoldResult {
  checkLimits(min, max);
  const k = foldOffset(state.angle, min, max);
  if (k === undefined) return { status: "infeasible" };
  const sign = k % 2 === 0 ? 1 : -1;
  return {
    status: "ok",
    state: { angle: state.angle + k * Math.PI, speed: sign * state.speed, angularSpeed: sign * state.angularSpeed },
  };
}

/**
 * Allocation-free {@link foldWheelState} over arrays, in place. Wheels that cannot be
 * folded are left unchanged and counted: a non-zero return means the command is infeasible.
 *
 * @param angles - in/out steering angles (rad).
 * @param speeds - in/out contact speeds (m/s).
 * @param rates - in/out spin rates (rad/s).
 * @param min - lower steering limit (rad).
 * @param max - upper steering limit (rad).
 * @returns the number of infeasible wheels (0 = every wheel is within the limits).
 */
// perf-sensitive
export function foldWheelStatesInto(
  angles: Float64Array,
  speeds: Float64Array,
  rates: Float64Array,
  min: number,
  max: number,
): number {
  checkLimits(min, max);
  let infeasible = 0;
  for (let i = 0; i < angles.length; i++) {
    const a = angles[i] as number;
    const k = foldOffset(a, min, max);
    if (k === undefined) {
      infeasible++;
    } else if (k !== 0) {
      angles[i] = a + k * Math.PI;
      if (k % 2 !== 0) {
        speeds[i] = -(speeds[i] as number);
        rates[i] = -(rates[i] as number);
      }
    }
  }
  return infeasible;
}

const OFFSETS = [0, -1, 1, -2, 2] as const;

function foldOffset(angle: number, min: number, max: number): number | undefined {
  for (const k of OFFSETS) {
    const a = angle + k * Math.PI;
    if (a >= min && a <= max) return k;
  }
  return undefined;
}

function checkLimits(min: number, max: number): void {
  if (!Number.isFinite(min) || !Number.isFinite(max) || min > max) {
    throw new RangeError(`steering limits must be finite with min ≤ max, got [${String(min)}, ${String(max)}]`);
  }
}
