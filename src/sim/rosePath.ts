import type { RoseProfile } from "./Scenario.js";

/** A point of a reference path in the start frame (m, rad) and its time derivatives. */
export interface PathSample {
  readonly x: number;
  readonly y: number;
  /** Heading (rad), unwrapped (continuous in time). */
  readonly theta: number;
  /** World-frame velocity (m/s). */
  readonly vx: number;
  readonly vy: number;
  /** Heading rate (rad/s). */
  readonly omega: number;
}

/**
 * The rose reference of {@link RoseProfile} at time t (s): position, tangent heading
 * θ = atan2(ẏ, ẋ) in (−π, π] (unwrap it sample to sample with {@link unwrapTo}), world
 * velocity and heading rate θ̇ = (ẋÿ − ẏẍ)/|ṗ|². The speed never vanishes for A, rate > 0.
 */
export function roseAt(p: RoseProfile, t: number): PathSample {
  const a = p.rate;
  const k = p.petals;
  const A = p.amplitude;
  const phi = a * t;
  const s = Math.sin(k * phi);
  const c = Math.cos(k * phi);
  const cp = Math.cos(phi);
  const sp = Math.sin(phi);
  const x = A * s * cp;
  const y = -A * s * sp;
  // First and second derivatives with respect to φ.
  const dx = A * (k * c * cp - s * sp);
  const dy = -A * (k * c * sp + s * cp);
  const ddx = A * (-k * k * s * cp - 2 * k * c * sp - s * cp);
  const ddy = -A * (-k * k * s * sp + 2 * k * c * cp - s * sp);
  const speed2 = dx * dx + dy * dy;
  const theta = Math.atan2(dy, dx);
  // dθ/dφ = (dx·ddy − dy·ddx)/|d|²; times a for dθ/dt.
  const omega = speed2 > 0 ? (a * (dx * ddy - dy * ddx)) / speed2 : 0;
  return { x, y, theta, vx: a * dx, vy: a * dy, omega };
}

/** `angle` shifted by a multiple of 2π to lie within π of `reference` (rad). */
export function unwrapTo(angle: number, reference: number): number {
  const twoPi = 2 * Math.PI;
  return angle - twoPi * Math.round((angle - reference) / twoPi);
}

/** Time (s) to sweep all petals once: π / rate. */
export function roseDuration(p: RoseProfile): number {
  return Math.PI / p.rate;
}
