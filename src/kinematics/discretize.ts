import type { ChassisVelocity } from "./ChassisVelocity.js";
import { se2LogInto } from "./se2Log.js";

/**
 * The twist to command for one control period so that the robot, moving along a
 * constant-twist arc, ends where the straight-line target (vx·dt, vy·dt, ω·dt) lies
 * (WPILib `ChassisSpeeds.discretize`): log(target pose) / dt. This removes the sideways
 * skew of commanding (vx, vy) while turning.
 *
 * @param chassis - desired body velocity (m/s, m/s, rad/s).
 * @param dt - control period (s), > 0.
 * @returns the velocity to command over dt (m/s, m/s, rad/s).
 * @throws RangeError if dt is not finite and > 0.
 */
export function discretize(chassis: ChassisVelocity, dt: number): ChassisVelocity {
  const out = new Float64Array(3);
  discretizeInto(out, chassis.vx, chassis.vy, chassis.omega, dt);
  return { vx: out[0] as number, vy: out[1] as number, omega: out[2] as number };
}

/**
 * Allocation-free {@link discretize}.
 *
 * @param out - out: [vx (m/s), vy (m/s), omega (rad/s)].
 * @returns `out`.
 */
// perf-sensitive
export function discretizeInto(out: Float64Array, vx: number, vy: number, omega: number, dt: number): Float64Array {
  if (!(dt > 0) || !Number.isFinite(dt)) throw new RangeError(`dt must be finite and > 0 s, got ${String(dt)}`);
  se2LogInto(out, vx * dt, vy * dt, omega * dt);
  out[0] = (out[0] as number) / dt;
  out[1] = (out[1] as number) / dt;
  out[2] = omega;
  return out;
}
