import type { SteeredWheelState } from "./SteeredWheelState.js";
import { wrapAngle } from "../util/wrapAngle.js";

/**
 * Minimal-rotation flip (WPILib `optimize` semantics): if reaching `state.angle` from
 * `currentAngle` takes strictly more than π/2 of steering, command (angle + π, −speed)
 * instead. The wheel's ground velocity vector is unchanged either way.
 *
 * @param state - desired wheel state (rad, m/s, rad/s).
 * @param currentAngle - measured steering angle (rad).
 * @returns a new state whose angle is within π/2 of currentAngle, angle in (−π, π].
 */
export function optimizeWheelState(state: SteeredWheelState, currentAngle: number): SteeredWheelState {
  const delta = wrapAngle(state.angle - currentAngle);
  if (Math.abs(delta) > Math.PI / 2) {
    return { angle: wrapAngle(state.angle + Math.PI), speed: -state.speed, angularSpeed: -state.angularSpeed };
  }
  return { angle: wrapAngle(state.angle), speed: state.speed, angularSpeed: state.angularSpeed };
}

/**
 * Allocation-free {@link optimizeWheelState} over arrays, in place.
 *
 * @param angles - in/out steering angles (rad).
 * @param speeds - in/out contact speeds (m/s).
 * @param rates - in/out spin rates (rad/s).
 * @param currentAngles - measured steering angles (rad).
 * @returns the number of wheels flipped.
 */
// perf-sensitive
export function optimizeWheelStatesInto(
  angles: Float64Array,
  speeds: Float64Array,
  rates: Float64Array,
  currentAngles: Float64Array,
): number {
  let flipped = 0;
  const half = Math.PI / 2;
  for (let i = 0; i < angles.length; i++) {
    const a = angles[i] as number;
    if (Math.abs(wrapAngle(a - (currentAngles[i] as number))) > half) {
      angles[i] = wrapAngle(a + Math.PI);
      speeds[i] = -(speeds[i] as number);
      rates[i] = -(rates[i] as number);
      flipped++;
    }
  }
  return flipped;
}
