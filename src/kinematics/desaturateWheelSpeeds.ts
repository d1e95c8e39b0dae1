import type { SteeredWheelState } from "./SteeredWheelState.js";

/**
 * Ratio-preserving desaturation: if the fastest wheel exceeds `maxSpeed`, scale every
 * wheel by maxSpeed / max|v_i|. The ratios between wheels, and so the centre of rotation
 * and the direction of motion, are kept. (Clamping wheels one by one would move it.)
 *
 * @param wheels - wheel states (m/s, rad/s).
 * @param maxSpeed - largest allowed |contact speed| (m/s), > 0.
 * @returns new states, scaled down if needed; angles unchanged.
 * @throws RangeError if maxSpeed is not finite and > 0.
 */
export function desaturateWheelSpeeds(
  wheels: readonly SteeredWheelState[],
  maxSpeed: number,
): readonly SteeredWheelState[] {
  checkMax(maxSpeed);
  let top = 0;
  for (const w of wheels) top = Math.max(top, Math.abs(w.speed));
  const k = top > maxSpeed ? maxSpeed / top : 1;
  return wheels.map((w) => ({ angle: w.angle, speed: w.speed * k, angularSpeed: w.angularSpeed * k }));
}

/**
 * Allocation-free {@link desaturateWheelSpeeds}, in place.
 *
 * @param speeds - in/out contact speeds (m/s).
 * @param rates - in/out spin rates (rad/s), scaled by the same factor.
 * @param maxSpeed - largest allowed |contact speed| (m/s), > 0.
 * @returns the scale factor applied, in (0, 1].
 */
// perf-sensitive
export function desaturateWheelSpeedsInto(speeds: Float64Array, rates: Float64Array, maxSpeed: number): number {
  checkMax(maxSpeed);
  let top = 0;
  for (let i = 0; i < speeds.length; i++) {
    const s = Math.abs(speeds[i] as number);
    if (s > top) top = s;
  }
  if (top <= maxSpeed) return 1;
  const k = maxSpeed / top;
  for (let i = 0; i < speeds.length; i++) {
    speeds[i] = (speeds[i] as number) * k;
    rates[i] = (rates[i] as number) * k;
  }
  return k;
}

function checkMax(maxSpeed: number): void {
  if (!Number.isFinite(maxSpeed) || maxSpeed <= 0) {
    throw new RangeError(`maxSpeed must be finite and > 0 m/s, got ${String(maxSpeed)}`);
  }
}
