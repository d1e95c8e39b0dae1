import type { Joint } from "../../model/Joint.js";

/**
 * Viscous damping (N·m·s/rad or N·s/m) the MJCF writes on a joint: the model's
 * `dynamics.damping`, plus for a position servo its PID's D gain (MuJoCo 2.2.2 has no `kv`
 * on position servos; the same force), the sum raised to the motor's speed–torque slope
 * effort / velocity when that is steeper.
 *
 * Why the slope: a servo's DC motor gives τ = τ_cmd − (τ_stall/ω_max)·ω with τ_cmd clamped
 * at the stall torque (the effort limit). The back-EMF term is not clamped with the command,
 * so at full effort the joint settles at the no-load speed ω_max (the velocity limit) instead
 * of accelerating past it, as a bare kp servo with a force range does. Velocity
 * servos are bounded by their ctrlrange (±velocity limit) instead.
 */
export function mjcfJointDamping(j: Joint): number {
  const passive = j.dynamics?.damping ?? 0;
  if (j.actuator?.command !== "position") return passive;
  const d = j.actuator.pid?.d ?? 0;
  const limit =
    j.type === "revolute" || j.type === "prismatic" ? j.limit : j.type === "continuous" ? j.limit : undefined;
  const effort = limit?.effort;
  const velocity = limit?.velocity;
  // The slope bounds the joint's whole viscous torque, passive damping included, so that the
  // no-load speed at full effort is exactly the velocity limit.
  return effort !== undefined && effort > 0 && velocity !== undefined && velocity > 0
    ? Math.max(passive + d, effort / velocity)
    : passive + d;
}
