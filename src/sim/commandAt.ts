import type { CommandsProfile } from "./Scenario.js";

/**
 * The commanded body twist of a command sequence at time t (s), written into
 * out = [vx (m/s), vy (m/s), omega (rad/s)]. Before the first point: its command; after
 * the last: the last command held.
 */
export function commandAtInto(out: Float64Array, profile: CommandsProfile, t: number): Float64Array {
  const pts = profile.points;
  const linear = (profile.interpolation ?? "linear") === "linear";
  // The last point at or before t (the first one before it), by bisection: a run calls this
  // once per control step, so a linear scan would cost steps × points.
  let i = 0;
  let hi = pts.length - 1;
  while (i < hi) {
    const mid = (i + hi + 1) >>> 1;
    if ((pts[mid]?.t ?? Infinity) <= t) i = mid;
    else hi = mid - 1;
  }
  const a = pts[i];
  if (a === undefined) {
    out.fill(0);
    return out;
  }
  const b = pts[i + 1];
  const w = linear && b !== undefined && t > a.t ? (t - a.t) / (b.t - a.t) : 0;
  const mix = (u: number | undefined, v: number | undefined): number => (u ?? 0) + w * ((v ?? 0) - (u ?? 0));
  out[0] = mix(a.vx, b?.vx);
  out[1] = mix(a.vy, b?.vy);
  out[2] = mix(a.omega, b?.omega);
  return out;
}

/** Time (s) of the last point of a command sequence. */
export function commandsDuration(profile: CommandsProfile): number {
  return profile.points[profile.points.length - 1]?.t ?? 0;
}
