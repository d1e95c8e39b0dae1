import type { ChassisAcceleration } from "./ChassisAcceleration.js";
import type { ChassisVelocity } from "./ChassisVelocity.js";
import { classifyDriveMode, DEFAULT_MODE_EPSILON } from "./classifyDriveMode.js";
import type { DriveMode, DriveModeReport } from "./classifyDriveMode.js";
import type { SteeredWheelState } from "./SteeredWheelState.js";
import type { Vector2 } from "./Vector2.js";
import { canonicalAtan2, wrapAngle } from "../util/wrapAngle.js";
import type { DriveKinematics } from "./DriveKinematics.js";
import type { Twist2d } from "./Twist2d.js";

/** Options of {@link SteeredDriveKinematics}. */
export interface SteeredDriveOptions {
  /** A wheel whose speed is at or below this (m/s) keeps its previous angle. Default 1e-6 (as WPILib). */
  readonly speedEpsilon?: number;
  /** Mode threshold on |v| (m/s). Default 1e-9. */
  readonly linearEpsilon?: number;
  /** Mode threshold on |ω| (rad/s). Default 1e-9. */
  readonly angularEpsilon?: number;
  /**
   * Lateral offset d_i (m) of each wheel's contact point from its steering axis, along the
   * wheel axle, positive to the left of the rolling direction (at zero steering: +y).
   * Default all 0 (the wheel sits on its steering axis). See the class notes.
   */
  readonly wheelOffsets?: readonly number[];
}

/** Steered wheel positions: each wheel's steering angle (rad) and contact travel along its heading (m). */
export interface SteeredWheelPositions {
  /** Steering angles (rad), wheel order. */
  readonly angles: readonly number[];
  /** Contact travel (m), wheel order, positive along the heading. */
  readonly distances: readonly number[];
}

/** Result of {@link SteeredDriveKinematics.toWheelStates}. */
export interface SteeredDriveCommand extends DriveModeReport {
  /** One canonical state per wheel (speed ≥ 0, angle in (−π, π]), in construction order. */
  readonly wheels: readonly SteeredWheelState[];
}

/** Feed-forward terms for one wheel, from {@link SteeredDriveKinematics.toWheelAccelerations}. */
export interface SteeredWheelAcceleration {
  /** Inertial acceleration of the contact point, x component in base_link (m/s²), Sharifi et al. 2018, eq. 10. */
  readonly ax: number;
  /** Inertial acceleration of the contact point, y component in base_link (m/s²), Sharifi et al. 2018, eq. 11. */
  readonly ay: number;
  /** Rate of change of the canonical wheel speed (m/s²). */
  readonly speedRate: number;
  /** Wheel spin acceleration, speedRate / r (rad/s²). */
  readonly angularAcceleration: number;
  /** Steering rate relative to the base (rad/s), CCW positive. */
  readonly steeringRate: number;
}

/**
 * Kinematics of N ≥ 2 independently steered and driven wheels (4WD4S / swerve; MARIO
 * has 4) at arbitrary positions W_i in base_link (REP-103: x forward, y left, z up; SI).
 *
 * Inverse kinematics uses one rigid-body formula in every mode:
 * v_i = v_c + ω k × W_i, i.e. v_ix = v_cx − ω·W_iy and v_iy = v_cy + ω·W_ix;
 * angle ψ_i = atan2(v_iy, v_ix) in (−π, π], speed |v_i| (m/s), spin |v_i|/r (rad/s).
 * Sharifi et al. 2018, eq. 5, prints v_iy = v_cy − W_ix·θ̇; that sign is wrong (it makes the wheels
 * of a zero-turn point radially instead of tangentially), and this class uses +.
 *
 * Forward kinematics is linear least squares over the 2N wheel velocity components,
 * with the 3×2N pseudo-inverse precomputed in the constructor. It accepts negative
 * speeds, so flipped states give the same twist.
 *
 * Steering-axis offset: when a wheel sits a lateral distance d_i from its steering axis
 * (MARIO: 0.0307 m outboard), the positions are the steering axes, the steering angle
 * follows the axis velocity u_i, and the contact speed along the heading h(ψ) is
 * u_i·h(ψ) − ω·d_i (the offset wheel also rolls while the body turns). A flipped module
 * then has its wheel on the other side of the axis, so its speed is not just negated:
 * after a flip or fold policy call {@link SteeredDriveKinematics.wheelSpeedsForAnglesInto}.
 * With zero offsets (the default) all of this reduces to the plain formulas above.
 *
 * Each hot path has an ergonomic form returning new readonly objects and an
 * allocation-free `...Into` form over Float64Array.
 */
export class SteeredDriveKinematics implements DriveKinematics<SteeredDriveCommand, SteeredWheelPositions> {
  /** Number of wheels. */
  readonly wheelCount: number;
  /** Wheel radius r (m). */
  readonly wheelRadius: number;
  /** Wheel contact positions W_i in base_link (m), as given. */
  readonly wheelPositions: readonly Vector2[];
  readonly #px: Float64Array;
  readonly #py: Float64Array;
  /** Lateral wheel offsets d_i (m); `null` when all are zero. */
  readonly #d: Float64Array | null;
  /** Pseudo-inverse, row-major 3 × 2N: columns (2i, 2i+1) take (u_ix, u_iy). */
  readonly #pinv: Float64Array;
  readonly #invRadius: number;
  readonly #speedEpsilon: number;
  readonly #linearEpsilon: number;
  readonly #angularEpsilon: number;
  readonly #linearEpsilon2: number;
  readonly #angularEpsilon2: number;

  /**
   * @param wheelPositions - contact point of each wheel in base_link (m); at least 2, not all equal.
   * @param wheelRadius - wheel radius (m), finite and > 0.
   * @param options - thresholds; see {@link SteeredDriveOptions}.
   * @throws RangeError on fewer than 2 wheels, a non-finite position, a bad radius or coincident wheels.
   */
  constructor(wheelPositions: readonly Vector2[], wheelRadius: number, options: SteeredDriveOptions = {}) {
    if (!Array.isArray(wheelPositions) || wheelPositions.length < 2) {
      throw new RangeError("a steered drive requires at least two wheels");
    }
    if (!Number.isFinite(wheelRadius) || wheelRadius <= 0) {
      throw new RangeError(`wheel radius must be finite and > 0 m, got ${String(wheelRadius)}`);
    }
    const n = wheelPositions.length;
    this.wheelCount = n;
    this.wheelRadius = wheelRadius;
    this.#invRadius = 1 / wheelRadius;
    this.#px = new Float64Array(n);
    this.#py = new Float64Array(n);
    let sx = 0;
    let sy = 0;
    let sr = 0;
    for (let i = 0; i < n; i++) {
      const p = wheelPositions[i];
      if (p === undefined || !Number.isFinite(p.x) || !Number.isFinite(p.y)) {
        throw new RangeError(`wheel ${i}: position must have finite x and y (m)`);
      }
      this.#px[i] = p.x;
      this.#py[i] = p.y;
      sx += p.x;
      sy += p.y;
      sr += p.x * p.x + p.y * p.y;
    }
    this.wheelPositions = Object.freeze(wheelPositions.map((p) => Object.freeze({ x: p.x, y: p.y })));
    // AᵀA = [[n, 0, −Σy], [0, n, Σx], [−Σy, Σx, Σ|W|²]]; its determinant is n·(n·Σ|W|² − |ΣW|²),
    // i.e. n²·Σ|W − W̄|², zero only when every wheel sits at the same point.
    const spread = n * sr - (sx * sx + sy * sy);
    if (!(spread > 1e-12 * Math.max(1, n * sr))) {
      throw new RangeError("wheel positions must not all coincide");
    }
    const m = invertSymmetric3(n, 0, -sy, n, sx, sr);
    this.#pinv = new Float64Array(3 * 2 * n);
    for (let i = 0; i < n; i++) {
      const x = this.#px[i] as number;
      const y = this.#py[i] as number;
      for (let k = 0; k < 3; k++) {
        const mk0 = m[3 * k] as number;
        const mk1 = m[3 * k + 1] as number;
        const mk2 = m[3 * k + 2] as number;
        // A row 2i = [1, 0, −y], row 2i+1 = [0, 1, x]; pinv = (AᵀA)⁻¹ Aᵀ.
        this.#pinv[k * 2 * n + 2 * i] = mk0 - mk2 * y;
        this.#pinv[k * 2 * n + 2 * i + 1] = mk1 + mk2 * x;
      }
    }
    this.#d = null;
    if (options.wheelOffsets !== undefined) {
      if (options.wheelOffsets.length !== n)
        throw new RangeError(`expected ${n} wheel offsets, got ${options.wheelOffsets.length}`);
      options.wheelOffsets.forEach((d, i) => {
        if (!Number.isFinite(d)) throw new RangeError(`wheel ${i}: offset must be finite (m)`);
      });
      if (options.wheelOffsets.some((d) => d !== 0)) this.#d = Float64Array.from(options.wheelOffsets);
    }
    this.#speedEpsilon = checkEpsilon(options.speedEpsilon, 1e-6, "speedEpsilon");
    this.#linearEpsilon = checkEpsilon(options.linearEpsilon, DEFAULT_MODE_EPSILON, "linearEpsilon");
    this.#angularEpsilon = checkEpsilon(options.angularEpsilon, DEFAULT_MODE_EPSILON, "angularEpsilon");
    this.#linearEpsilon2 = this.#linearEpsilon * this.#linearEpsilon;
    this.#angularEpsilon2 = this.#angularEpsilon * this.#angularEpsilon;
  }

  /**
   * Inverse kinematics, ergonomic form.
   *
   * @param chassis - body twist in base_link (m/s, rad/s): the velocity of the base origin,
   *   or of `centerOfRotation` when it is given.
   * @param previousAngles - last steering angles (rad), held by wheels whose speed is ~0. Default all 0.
   * @param centerOfRotation - optional point (m, base_link) the command refers to, WPILib's
   *   CoR semantics: (vx, vy) is that point's velocity and ω turns the body about it, so
   *   (0, 0, ω) spins about it. Default the origin. The reported mode and ICR are those of
   *   the equivalent origin twist.
   * @returns the mode, centre of rotation and one canonical state per wheel (with wheel
   *   offsets the speed is u_i·h − ω d_i and may be negative).
   */
  toWheelStates(
    chassis: ChassisVelocity,
    previousAngles?: readonly number[],
    centerOfRotation?: Vector2,
  ): SteeredDriveCommand {
    const n = this.wheelCount;
    const angles = new Float64Array(n);
    if (previousAngles !== undefined) {
      if (previousAngles.length !== n) {
        throw new RangeError(`expected ${n} previous angles, got ${previousAngles.length}`);
      }
      angles.set(previousAngles);
    }
    const speeds = new Float64Array(n);
    const rates = new Float64Array(n);
    const cx = centerOfRotation?.x ?? 0;
    const cy = centerOfRotation?.y ?? 0;
    this.toWheelStatesInto(angles, speeds, rates, chassis.vx, chassis.vy, chassis.omega, cx, cy);
    const w = chassis.omega;
    const report = classifyDriveMode(
      chassis.vx + w * cy,
      chassis.vy - w * cx,
      w,
      this.#linearEpsilon,
      this.#angularEpsilon,
    );
    const wheels: SteeredWheelState[] = [];
    for (let i = 0; i < n; i++) {
      wheels.push({ angle: angles[i] as number, speed: speeds[i] as number, angularSpeed: rates[i] as number });
    }
    return { mode: report.mode, centerOfRotation: report.centerOfRotation, wheels };
  }

  /**
   * Inverse kinematics, allocation-free form.
   *
   * @param angles - in: previous steering angles (rad); out: new angles in (−π, π]. A wheel
   *   whose speed is ≤ speedEpsilon keeps its entry unchanged.
   * @param speeds - out: wheel contact speeds (m/s), ≥ 0.
   * @param rates - out: wheel spin rates (rad/s), ≥ 0.
   * @param vx - forward velocity of the base origin (m/s).
   * @param vy - leftward velocity (m/s).
   * @param omega - yaw rate (rad/s).
   * @param corX - x of the centre of rotation (m, base_link); (vx, vy) is then its velocity. Default 0.
   * @param corY - y of the centre of rotation (m). Default 0.
   * @returns the drive mode of the equivalent origin twist (a string constant; nothing is allocated).
   */
  // perf-sensitive: positional number arguments, no objects
  toWheelStatesInto(
    angles: Float64Array,
    speeds: Float64Array,
    rates: Float64Array,
    vx: number,
    vy: number,
    omega: number,
    corX = 0,
    corY = 0,
  ): DriveMode {
    // Velocity of the origin from that of the centre of rotation: v_o = v_c + ω k×(0 − c).
    vx += omega * corY;
    vy -= omega * corX;
    const n = this.wheelCount;
    const px = this.#px;
    const py = this.#py;
    const eps = this.#speedEpsilon;
    const invR = this.#invRadius;
    const d = this.#d;
    for (let i = 0; i < n; i++) {
      const ux = vx - omega * (py[i] as number);
      const uy = vy + omega * (px[i] as number);
      let s = Math.sqrt(ux * ux + uy * uy);
      if (s > eps) {
        angles[i] = canonicalAtan2(uy, ux);
      } else {
        s = 0;
      }
      if (d !== null) s -= omega * (d[i] as number);
      speeds[i] = s;
      rates[i] = s * invR;
    }
    // Same rule as driveModeOf, inlined with squared norms (no sqrt, no call).
    const still = vx * vx + vy * vy <= this.#linearEpsilon2;
    const noTurn = omega * omega <= this.#angularEpsilon2;
    return still ? (noTurn ? "stop" : "zero-turn") : noTurn ? "translation" : "general";
  }

  /**
   * Contact speeds for given steering angles: speed_i = u_i·h(ψ_i) − ω·d_i, the component of
   * the commanded motion along each wheel's actual heading. Use it after a flip or fold
   * policy when wheels are offset from their steering axes, or with the measured angles
   * for cosine scaling while the modules are still turning.
   *
   * @param speeds - out: contact speeds (m/s).
   * @param rates - out: spin rates (rad/s).
   * @param angles - steering angles to use (rad).
   * @param vx - forward velocity (m/s).
   * @param vy - leftward velocity (m/s).
   * @param omega - yaw rate (rad/s).
   */
  // perf-sensitive
  wheelSpeedsForAnglesInto(
    speeds: Float64Array,
    rates: Float64Array,
    angles: Float64Array,
    vx: number,
    vy: number,
    omega: number,
  ): void {
    const d = this.#d;
    for (let i = 0; i < this.wheelCount; i++) {
      const a = angles[i] as number;
      let s =
        (vx - omega * (this.#py[i] as number)) * Math.cos(a) + (vy + omega * (this.#px[i] as number)) * Math.sin(a);
      if (d !== null) s -= omega * (d[i] as number);
      speeds[i] = s;
      rates[i] = s * this.#invRadius;
    }
  }

  /**
   * Forward kinematics by least squares, ergonomic form.
   *
   * @param wheels - measured steering angle (rad) and contact speed (m/s, may be negative) per wheel.
   * @returns the best-fit body twist of the base origin (m/s, rad/s).
   */
  toChassisVelocity(wheels: readonly Pick<SteeredWheelState, "angle" | "speed">[]): ChassisVelocity {
    const n = this.wheelCount;
    if (wheels.length !== n) throw new RangeError(`expected ${n} wheel states, got ${wheels.length}`);
    const angles = new Float64Array(n);
    const speeds = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const w = wheels[i] as Pick<SteeredWheelState, "angle" | "speed">;
      angles[i] = w.angle;
      speeds[i] = w.speed;
    }
    const out = new Float64Array(3);
    this.toChassisVelocityInto(out, angles, speeds);
    return { vx: out[0] as number, vy: out[1] as number, omega: out[2] as number };
  }

  /** {@link toWheelStates} with no previous angles and the origin as centre of rotation. */
  toWheelSpeeds(chassis: ChassisVelocity): SteeredDriveCommand {
    return this.toWheelStates(chassis);
  }

  /** Forward kinematics (least squares) of a command's or a measurement's wheel states. */
  toChassisSpeeds(speeds: Pick<SteeredDriveCommand, "wheels">): ChassisVelocity {
    return this.toChassisVelocity(speeds.wheels);
  }

  /**
   * Odometry increment (m, m, rad): least squares on each wheel's travel at its mid-step
   * steering angle. (KabschWheelOdometry fits the same motion rigidly.)
   */
  toTwist2d(start: SteeredWheelPositions, end: SteeredWheelPositions): Twist2d {
    const n = this.wheelCount;
    const angles = new Float64Array(n);
    const travel = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      const a0 = start.angles[i] ?? Number.NaN;
      angles[i] = a0 + wrapAngle((end.angles[i] ?? Number.NaN) - a0) / 2;
      travel[i] = (end.distances[i] ?? Number.NaN) - (start.distances[i] ?? Number.NaN);
    }
    const out = this.toChassisVelocityInto(new Float64Array(3), angles, travel);
    return { dx: out[0] as number, dy: out[1] as number, dtheta: out[2] as number };
  }

  /**
   * Forward kinematics by least squares, allocation-free form: minimises
   * Σ|u_i − (v + ω k × W_i)|² with u_i = speed_i·(cos ψ_i, sin ψ_i).
   *
   * @param out - out: [vx (m/s), vy (m/s), omega (rad/s)].
   * @param angles - measured steering angles (rad).
   * @param speeds - measured contact speeds (m/s); negative allowed.
   * @returns `out`.
   */
  // perf-sensitive
  toChassisVelocityInto(out: Float64Array, angles: Float64Array, speeds: Float64Array): Float64Array {
    if (this.#d !== null) return this.#offsetChassisVelocityInto(out, angles, speeds, this.#d);
    const n = this.wheelCount;
    const p = this.#pinv;
    const n2 = 2 * n;
    let vx = 0;
    let vy = 0;
    let w = 0;
    for (let i = 0; i < n; i++) {
      const a = angles[i] as number;
      const s = speeds[i] as number;
      const ux = s * Math.cos(a);
      const uy = s * Math.sin(a);
      const c = 2 * i;
      vx += (p[c] as number) * ux + (p[c + 1] as number) * uy;
      vy += (p[n2 + c] as number) * ux + (p[n2 + c + 1] as number) * uy;
      w += (p[2 * n2 + c] as number) * ux + (p[2 * n2 + c + 1] as number) * uy;
    }
    out[0] = vx;
    out[1] = vy;
    out[2] = w;
    return out;
  }

  /**
   * Least squares with wheel offsets: s_i h_i = v + ω (k × W_i − d_i h_i), whose matrix
   * depends on the angles, so the 3×3 normal equations are built and solved per call.
   */
  // perf-sensitive
  #offsetChassisVelocityInto(
    out: Float64Array,
    angles: Float64Array,
    speeds: Float64Array,
    d: Float64Array,
  ): Float64Array {
    let a00 = 0;
    let a02 = 0;
    let a11 = 0;
    let a12 = 0;
    let a22 = 0;
    let b0 = 0;
    let b1 = 0;
    let b2 = 0;
    const n = this.wheelCount;
    for (let i = 0; i < n; i++) {
      const a = angles[i] as number;
      const c = Math.cos(a);
      const sn = Math.sin(a);
      const s = speeds[i] as number;
      const di = d[i] as number;
      // Rows [1, 0, −y − d c] and [0, 1, x − d s]; right-hand side s·(c, s).
      const gx = -(this.#py[i] as number) - di * c;
      const gy = (this.#px[i] as number) - di * sn;
      a00 += 1;
      a11 += 1;
      a02 += gx;
      a12 += gy;
      a22 += gx * gx + gy * gy;
      b0 += s * c;
      b1 += s * sn;
      b2 += gx * s * c + gy * s * sn;
    }
    // Solve [[a00, 0, a02], [0, a11, a12], [a02, a12, a22]] x = b (Schur complement on ω).
    const schur = a22 - (a02 * a02) / a00 - (a12 * a12) / a11;
    const w = (b2 - (a02 * b0) / a00 - (a12 * b1) / a11) / schur;
    out[0] = (b0 - a02 * w) / a00;
    out[1] = (b1 - a12 * w) / a11;
    out[2] = w;
    return out;
  }

  /**
   * Wheel feed-forward from body accelerations (Sharifi et al. 2018, eqs. 8–11, with the corrected
   * sign of eq. 5): a_i = a_c + ω̇ k × W_i − ω² W_i, a_c = (v̇x − ω vy, v̇y + ω vx).
   * The rates refer to the canonical state (speed ≥ 0); negate speedRate for a flipped wheel.
   * A wheel at ~zero speed reports steeringRate 0 and speedRate = |d(v_i)/dt|. With wheel
   * offsets, a_i is the acceleration of the steering-axis point and speedRate includes −ω̇·d_i.
   *
   * @param chassis - current body twist (m/s, rad/s).
   * @param acceleration - its time derivative (m/s², rad/s²).
   */
  toWheelAccelerations(
    chassis: ChassisVelocity,
    acceleration: ChassisAcceleration,
  ): readonly SteeredWheelAcceleration[] {
    const n = this.wheelCount;
    const ax = new Float64Array(n);
    const ay = new Float64Array(n);
    const sr = new Float64Array(n);
    const st = new Float64Array(n);
    this.toWheelAccelerationsInto(
      ax,
      ay,
      sr,
      st,
      chassis.vx,
      chassis.vy,
      chassis.omega,
      acceleration.ax,
      acceleration.ay,
      acceleration.alpha,
    );
    const result: SteeredWheelAcceleration[] = [];
    for (let i = 0; i < n; i++) {
      const speedRate = sr[i] as number;
      result.push({
        ax: ax[i] as number,
        ay: ay[i] as number,
        speedRate,
        angularAcceleration: speedRate * this.#invRadius,
        steeringRate: st[i] as number,
      });
    }
    return result;
  }

  /**
   * Allocation-free form of {@link SteeredDriveKinematics.toWheelAccelerations}.
   *
   * @param outAx - out: contact-point inertial acceleration x in base_link (m/s²).
   * @param outAy - out: same, y (m/s²).
   * @param outSpeedRates - out: d|v_i|/dt (m/s²); divide by r for rad/s².
   * @param outSteeringRates - out: dψ_i/dt relative to the base (rad/s).
   */
  // perf-sensitive
  toWheelAccelerationsInto(
    outAx: Float64Array,
    outAy: Float64Array,
    outSpeedRates: Float64Array,
    outSteeringRates: Float64Array,
    vx: number,
    vy: number,
    omega: number,
    dvx: number,
    dvy: number,
    alpha: number,
  ): void {
    const n = this.wheelCount;
    const eps = this.#speedEpsilon;
    const acx = dvx - omega * vy;
    const acy = dvy + omega * vx;
    const w2 = omega * omega;
    const off = this.#d;
    for (let i = 0; i < n; i++) {
      const x = this.#px[i] as number;
      const y = this.#py[i] as number;
      const aix = acx - x * w2 - y * alpha; // eq. 10
      const aiy = acy - y * w2 + x * alpha; // eq. 11
      outAx[i] = aix;
      outAy[i] = aiy;
      const ux = vx - omega * y;
      const uy = vy + omega * x;
      const s2 = ux * ux + uy * uy;
      // Body-frame derivative of u_i: inertial acceleration minus ω k × u_i.
      const dux = aix + omega * uy;
      const duy = aiy - omega * ux;
      if (s2 > eps * eps) {
        const s = Math.sqrt(s2);
        outSpeedRates[i] = (ux * dux + uy * duy) / s;
        outSteeringRates[i] = (ux * duy - uy * dux) / s2;
      } else {
        outSpeedRates[i] = Math.sqrt(dux * dux + duy * duy);
        outSteeringRates[i] = 0;
      }
      if (off !== null) outSpeedRates[i] = (outSpeedRates[i] as number) - alpha * (off[i] as number);
    }
  }
}

function checkEpsilon(value: number | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  if (!Number.isFinite(value) || value < 0)
    throw new RangeError(`${name} must be finite and ≥ 0, got ${String(value)}`);
  return value;
}

/** Inverse of the symmetric matrix [[a, b, c], [b, d, e], [c, e, f]], row-major. */
function invertSymmetric3(a: number, b: number, c: number, d: number, e: number, f: number): Float64Array {
  const c00 = d * f - e * e;
  const c01 = c * e - b * f;
  const c02 = b * e - c * d;
  const c11 = a * f - c * c;
  const c12 = b * c - a * e;
  const c22 = a * d - b * b;
  const det = a * c00 + b * c01 + c * c02;
  const k = 1 / det;
  return Float64Array.of(c00 * k, c01 * k, c02 * k, c01 * k, c11 * k, c12 * k, c02 * k, c12 * k, c22 * k);
}
