import type { ChassisVelocity } from "./ChassisVelocity.js";
import type { DriveKinematics } from "./DriveKinematics.js";
import type { Twist2d } from "./Twist2d.js";
import type { Vector2 } from "./Vector2.js";

/** Mecanum wheel speeds in wheel order FL, FR, RL, RR. */
export interface MecanumWheelSpeeds {
  /** Wheel surface speeds along each wheel's rolling direction (m/s), roller factor folded in. */
  readonly surfaceSpeeds: readonly [number, number, number, number];
  /** Wheel spin rates (rad/s) = surface speed / r. */
  readonly angularSpeeds: readonly [number, number, number, number];
}

/** Mecanum wheel positions: the distance each wheel has rolled (m), order FL, FR, RL, RR. */
export interface MecanumWheelPositions {
  /** Travel along each wheel's rolling direction (m). */
  readonly distances: readonly [number, number, number, number];
}

/**
 * Four-wheel mecanum kinematics with 45° rollers in the usual "X seen from above" layout
 * (WPILib `MecanumDriveKinematics`, ros2_controllers `mecanum_drive_controller`). Wheel order
 * FL, FR, RL, RR (ros2 orders FL, FR, RR, RL: map the joints by name). Wheel i at (x_i, y_i)
 * in base_link (m, REP-103) with surface speed u_i (m/s) along its rolling direction:
 *
 *     u_FL = vx − vy − (x_FL + y_FL)·ω     u_FR = vx + vy + (x_FR − y_FR)·ω
 *     u_RL = vx + vy + (x_RL − y_RL)·ω     u_RR = vx − vy − (x_RR + y_RR)·ω
 *
 * For a symmetric layout (±l_x, ±l_y) this is ros2's u = vx ∓ vy ∓ (l_x + l_y)·ω. FK is the
 * least-squares pseudo-inverse of that 4×3 matrix, precomputed. Odometry: feed the FK of
 * the wheel travel over a step (`toChassisVelocityInto(out, travel)` gives (dx, dy, dθ))
 * to {@link Odometry.addVelocity}(dx, dy, dθ, 1), which integrates it exactly (SE(2) exp),
 * as WPILib's `MecanumDriveOdometry` does.
 */
export class MecanumDriveKinematics implements DriveKinematics<MecanumWheelSpeeds, MecanumWheelPositions> {
  /** Wheel radius (m). */
  readonly wheelRadius: number;
  /** IK matrix, row-major 4×3. */
  readonly #a: Float64Array;
  /** FK pseudo-inverse, row-major 3×4. */
  readonly #pinv: Float64Array;

  /**
   * @param wheelPositions - FL, FR, RL, RR wheel centres in base_link (m).
   * @param wheelRadius - wheel radius (m), > 0.
   * @throws RangeError on a wrong count, non-finite positions, a bad radius, or a layout
   *   whose matrix is singular (e.g. all wheels at one point).
   */
  constructor(wheelPositions: readonly Vector2[], wheelRadius: number) {
    if (!Array.isArray(wheelPositions) || wheelPositions.length !== 4)
      throw new RangeError("mecanum kinematics needs exactly 4 wheels (FL, FR, RL, RR)");
    if (!(wheelRadius > 0) || !Number.isFinite(wheelRadius))
      throw new RangeError(`wheel radius must be finite and > 0 m, got ${String(wheelRadius)}`);
    this.wheelRadius = wheelRadius;
    const [fl, fr, rl, rr] = wheelPositions as [Vector2, Vector2, Vector2, Vector2];
    for (const p of wheelPositions)
      if (!Number.isFinite(p.x) || !Number.isFinite(p.y)) throw new RangeError("wheel positions must be finite");
    this.#a = Float64Array.of(1, -1, -(fl.x + fl.y), 1, 1, fr.x - fr.y, 1, 1, rl.x - rl.y, 1, -1, -(rr.x + rr.y));
    this.#pinv = pseudoInverse4x3(this.#a);
  }

  /**
   * Inverse kinematics, ergonomic form.
   *
   * @param chassis - body twist in base_link (m/s, rad/s): the velocity of the origin, or of
   *   `centerOfRotation` when given (WPILib CoR semantics).
   * @param centerOfRotation - optional point (m, base_link) the command refers to.
   */
  toWheelSpeeds(chassis: ChassisVelocity, centerOfRotation?: Vector2): MecanumWheelSpeeds {
    const u = new Float64Array(4);
    this.toWheelSpeedsInto(
      u,
      chassis.vx,
      chassis.vy,
      chassis.omega,
      centerOfRotation?.x ?? 0,
      centerOfRotation?.y ?? 0,
    );
    const r = this.wheelRadius;
    return {
      surfaceSpeeds: [u[0] as number, u[1] as number, u[2] as number, u[3] as number],
      angularSpeeds: [(u[0] as number) / r, (u[1] as number) / r, (u[2] as number) / r, (u[3] as number) / r],
    };
  }

  /**
   * Inverse kinematics, allocation-free.
   *
   * @param out - out: surface speeds FL, FR, RL, RR (m/s); divide by {@link wheelRadius} for rad/s.
   * @param vx - forward velocity (m/s).
   * @param vy - leftward velocity (m/s).
   * @param omega - yaw rate (rad/s).
   * @param corX - x of the centre of rotation (m); (vx, vy) is then its velocity. Default 0.
   * @param corY - y of the centre of rotation (m). Default 0.
   * @returns `out`.
   */
  // perf-sensitive
  toWheelSpeedsInto(out: Float64Array, vx: number, vy: number, omega: number, corX = 0, corY = 0): Float64Array {
    vx += omega * corY;
    vy -= omega * corX;
    const a = this.#a;
    for (let i = 0, r = 0; i < 4; i++, r += 3)
      out[i] = (a[r] as number) * vx + (a[r + 1] as number) * vy + (a[r + 2] as number) * omega;
    return out;
  }

  /**
   * Forward kinematics (least squares), ergonomic form.
   * @param surfaceSpeeds - measured FL, FR, RL, RR surface speeds (m/s), or travel over a step (m).
   * @returns the body twist (m/s, rad/s), or the step (m, rad) for travel.
   */
  toChassisVelocity(surfaceSpeeds: readonly number[]): ChassisVelocity {
    const out = this.toChassisVelocityInto(new Float64Array(3), Float64Array.from(surfaceSpeeds));
    return { vx: out[0] as number, vy: out[1] as number, omega: out[2] as number };
  }

  /** Forward kinematics from the surface speeds (m/s) of {@link MecanumWheelSpeeds}. */
  toChassisSpeeds(speeds: MecanumWheelSpeeds): ChassisVelocity {
    return this.toChassisVelocity(speeds.surfaceSpeeds);
  }

  /** Odometry increment (m, m, rad) from each wheel's travel (least squares). */
  toTwist2d(start: MecanumWheelPositions, end: MecanumWheelPositions): Twist2d {
    const c = this.toChassisVelocity(end.distances.map((d, i) => d - (start.distances[i] as number)));
    return { dx: c.vx, dy: c.vy, dtheta: c.omega };
  }

  /**
   * Forward kinematics, allocation-free.
   *
   * @param out - out: [vx (m/s), vy (m/s), ω (rad/s)] in base_link (or a step's dx, dy, dθ for travel).
   * @param surfaceSpeeds - FL, FR, RL, RR surface speeds (m/s) or travel (m).
   * @returns `out`.
   */
  // perf-sensitive
  toChassisVelocityInto(out: Float64Array, surfaceSpeeds: Float64Array): Float64Array {
    if (surfaceSpeeds.length !== 4) throw new RangeError(`expected 4 wheel speeds, got ${surfaceSpeeds.length}`);
    const p = this.#pinv;
    for (let r = 0; r < 3; r++) {
      let s = 0;
      for (let i = 0; i < 4; i++) s += (p[4 * r + i] as number) * (surfaceSpeeds[i] as number);
      out[r] = s;
    }
    return out;
  }
}

/** (AᵀA)⁻¹Aᵀ of a 4×3 matrix (row-major in and out: 4×3 → 3×4). */
function pseudoInverse4x3(a: Float64Array): Float64Array {
  const m = new Float64Array(9);
  for (let r = 0; r < 3; r++)
    for (let c = 0; c < 3; c++)
      for (let i = 0; i < 4; i++)
        m[3 * r + c] = (m[3 * r + c] as number) + (a[3 * i + r] as number) * (a[3 * i + c] as number);
  const [m0, m1, m2, m3, m4, m5, m6, m7, m8] = m as unknown as number[] as [
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const c0 = m4 * m8 - m5 * m7;
  const c1 = m5 * m6 - m3 * m8;
  const c2 = m3 * m7 - m4 * m6;
  const det = m0 * c0 + m1 * c1 + m2 * c2;
  const norm = Math.abs(m0) + Math.abs(m4) + Math.abs(m8);
  if (!(Math.abs(det) > 1e-12 * norm * norm * norm))
    throw new RangeError("mecanum wheel layout is singular (yaw not observable)");
  const inv = Float64Array.of(
    c0,
    m2 * m7 - m1 * m8,
    m1 * m5 - m2 * m4,
    c1,
    m0 * m8 - m2 * m6,
    m2 * m3 - m0 * m5,
    c2,
    m1 * m6 - m0 * m7,
    m0 * m4 - m1 * m3,
  ).map((v) => v / det);
  const p = new Float64Array(12);
  for (let r = 0; r < 3; r++)
    for (let i = 0; i < 4; i++)
      for (let k = 0; k < 3; k++)
        p[4 * r + i] = (p[4 * r + i] as number) + (inv[3 * r + k] as number) * (a[3 * i + k] as number);
  return p;
}
