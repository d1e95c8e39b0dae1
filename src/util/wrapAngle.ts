/**
 * Wraps an angle to the canonical interval (−π, π] (rad). −π maps to +π and −0 to +0,
 * so equal headings always compare equal with `===`.
 *
 * @param angle - any finite angle (rad).
 * @returns the same direction in (−π, π] (rad).
 */
// perf-sensitive
export function wrapAngle(angle: number): number {
  let a = angle;
  if (a <= -Math.PI || a > Math.PI) {
    a = a - 2 * Math.PI * Math.floor((a + Math.PI) / (2 * Math.PI));
    // Rounding can leave a == −π (or slightly past π) after the reduction.
    if (a <= -Math.PI) a += 2 * Math.PI;
    else if (a > Math.PI) a -= 2 * Math.PI;
  }
  return a + 0; // turns −0 into +0
}

/**
 * `Math.atan2` normalised to (−π, π]: `Math.atan2(-0, -1)` is −π in JS, which this maps
 * to +π; a −0 result becomes +0.
 *
 * @param y - y component (any unit).
 * @param x - x component (same unit).
 * @returns the direction of (x, y) in (−π, π] (rad), CCW from +x.
 */
// perf-sensitive
export function canonicalAtan2(y: number, x: number): number {
  const a = Math.atan2(y, x);
  return a === -Math.PI ? Math.PI : a + 0;
}
