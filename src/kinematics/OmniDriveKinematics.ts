import type { ChassisVelocity } from "./ChassisVelocity.js";
import type { OmniConvention, OmniDriveGeometry } from "./OmniDriveGeometry.js";
import type { DriveKinematics } from "./DriveKinematics.js";
import type { Twist2d } from "./Twist2d.js";
import type { Vector2 } from "./Vector2.js";

/** Unit of omni wheel speeds: contact surface speed, wheel spin, or motor speed. */
export type OmniSpeedUnit = "m/s" | "rad/s" | "rpm";

/** Result of {@link OmniDriveKinematics.toWheelSpeeds}, one entry per wheel. */
export interface OmniWheelSpeeds {
  /** Contact-point speed along the drive direction (m/s). */
  readonly surfaceSpeeds: readonly number[];
  /** Wheel spin (rad/s) = surface speed / r. */
  readonly angularSpeeds: readonly number[];
  /** Motor speed (rpm) = surface speed · 60 · gear / (2π r). */
  readonly motorRpm: readonly number[];
}

/** Omni wheel positions: the distance each wheel's contact has rolled along its drive direction (m). */
export interface OmniWheelPositions {
  /** Travel per wheel (m), wheel order. */
  readonly distances: readonly number[];
}

/**
 * Kinematics of n ≥ 3 omni wheels (Robotino: 3) in base_link (REP-103, SI).
 * Inverse: u_i = s·(−sin α_i·vx + cos α_i·vy + R·ω), s = +1 for "ccw", −1 for "ros2".
 * Forward: least squares (JᵀJ)⁻¹Jᵀ precomputed per geometry; for n = 3 it is the exact
 * inverse. Equally spaced wheels give JᵀJ = diag(n/2, n/2, nR²).
 */
export class OmniDriveKinematics implements DriveKinematics<OmniWheelSpeeds, OmniWheelPositions> {
  /** Number of wheels. */
  readonly wheelCount: number;
  /** The geometry, as given (defaults filled in). */
  readonly geometry: Required<OmniDriveGeometry>;
  /** Rows of J, row-major n×3: (−s sin α_i, s cos α_i, s R). */
  readonly #j: Float64Array;
  /** (JᵀJ)⁻¹Jᵀ, row-major 3×n. */
  readonly #pinv: Float64Array;
  readonly #scale: Record<OmniSpeedUnit, number>;

  /**
   * @param geometry - wheel angles, radii, gear ratio and sign convention.
   * @throws RangeError on fewer than 3 wheels, non-finite angles, radii or gear ≤ 0, or a
   *   layout that cannot observe (vx, vy, ω) (e.g. all wheels at one angle).
   */
  constructor(geometry: OmniDriveGeometry) {
    const { wheelAngles, robotRadius, wheelRadius } = geometry;
    const gearRatio = geometry.gearRatio ?? 1;
    const convention: OmniConvention = geometry.convention ?? "ccw";
    if (!Array.isArray(wheelAngles) || wheelAngles.length < 3)
      throw new RangeError("an omni drive requires at least three wheels");
    for (const [name, v] of [
      ["robotRadius", robotRadius],
      ["wheelRadius", wheelRadius],
      ["gearRatio", gearRatio],
    ] as const) {
      if (!Number.isFinite(v) || v <= 0) throw new RangeError(`${name} must be finite and > 0, got ${String(v)}`);
    }
    if (convention !== "ccw" && convention !== "ros2")
      throw new RangeError(`unknown omni convention ${String(convention)}`);
    const n = wheelAngles.length;
    this.wheelCount = n;
    this.geometry = Object.freeze({
      wheelAngles: Object.freeze([...wheelAngles]),
      robotRadius,
      wheelRadius,
      gearRatio,
      convention,
    });
    const s = convention === "ccw" ? 1 : -1;
    this.#j = new Float64Array(3 * n);
    const ata = new Float64Array(9);
    for (let i = 0; i < n; i++) {
      const a = wheelAngles[i] as number;
      if (!Number.isFinite(a)) throw new RangeError(`wheel ${i}: angle must be finite (rad)`);
      const row = [-s * Math.sin(a), s * Math.cos(a), s * robotRadius];
      for (let r = 0; r < 3; r++) {
        this.#j[3 * i + r] = row[r] as number;
        for (let c = 0; c < 3; c++)
          ata[3 * r + c] = (ata[3 * r + c] as number) + (row[r] as number) * (row[c] as number);
      }
    }
    const inv = invert3(ata);
    if (inv === undefined)
      throw new RangeError("omni wheel layout cannot observe (vx, vy, omega); spread the wheel angles");
    this.#pinv = new Float64Array(3 * n);
    for (let k = 0; k < 3; k++) {
      for (let i = 0; i < n; i++) {
        let v = 0;
        for (let c = 0; c < 3; c++) v += (inv[3 * k + c] as number) * (this.#j[3 * i + c] as number);
        this.#pinv[k * n + i] = v;
      }
    }
    this.#scale = { "m/s": 1, "rad/s": 1 / wheelRadius, rpm: (60 * gearRatio) / (2 * Math.PI * wheelRadius) };
  }

  /**
   * Inverse kinematics, ergonomic form.
   * @param chassis - body twist (m/s, m/s, rad/s) in base_link: the velocity of the base
   *   origin, or of `centerOfRotation` when it is given.
   * @param centerOfRotation - optional point (m, base_link) the command refers to (WPILib's
   *   CoR semantics: (vx, vy) is that point's velocity, ω turns the body about it). Default origin.
   */
  toWheelSpeeds(chassis: ChassisVelocity, centerOfRotation?: Vector2): OmniWheelSpeeds {
    const u = new Float64Array(this.wheelCount);
    this.toWheelSpeedsInto(
      u,
      chassis.vx,
      chassis.vy,
      chassis.omega,
      "m/s",
      centerOfRotation?.x ?? 0,
      centerOfRotation?.y ?? 0,
    );
    const surfaceSpeeds = Array.from(u);
    const kr = this.#scale["rad/s"];
    const km = this.#scale.rpm;
    return {
      surfaceSpeeds,
      angularSpeeds: surfaceSpeeds.map((v) => v * kr),
      motorRpm: surfaceSpeeds.map((v) => v * km),
    };
  }

  /**
   * Inverse kinematics, allocation-free.
   *
   * @param out - out: one speed per wheel, in `unit`.
   * @param vx - forward velocity (m/s).
   * @param vy - leftward velocity (m/s).
   * @param omega - yaw rate (rad/s).
   * @param unit - "m/s" (surface speed), "rad/s" (wheel spin) or "rpm" (motor). Default "m/s".
   * @param corX - x of the centre of rotation (m, base_link); (vx, vy) is then its velocity. Default 0.
   * @param corY - y of the centre of rotation (m). Default 0.
   * @returns `out`.
   */
  // perf-sensitive
  toWheelSpeedsInto(
    out: Float64Array,
    vx: number,
    vy: number,
    omega: number,
    unit: OmniSpeedUnit = "m/s",
    corX = 0,
    corY = 0,
  ): Float64Array {
    // Velocity of the origin from that of the centre of rotation: v_o = v_c + ω k×(0 − c).
    vx += omega * corY;
    vy -= omega * corX;
    const j = this.#j;
    const k = this.#scale[unit];
    for (let i = 0, r = 0; i < this.wheelCount; i++, r += 3) {
      out[i] = k * ((j[r] as number) * vx + (j[r + 1] as number) * vy + (j[r + 2] as number) * omega);
    }
    return out;
  }

  /**
   * Forward kinematics (least squares; exact for n = 3), ergonomic form.
   * @param speeds - one measured speed per wheel, in `unit`.
   * @param unit - unit of `speeds`. Default "m/s".
   */
  toChassisVelocity(speeds: readonly number[], unit: OmniSpeedUnit = "m/s"): ChassisVelocity {
    if (speeds.length !== this.wheelCount)
      throw new RangeError(`expected ${this.wheelCount} wheel speeds, got ${speeds.length}`);
    const out = new Float64Array(3);
    this.toChassisVelocityInto(out, Float64Array.from(speeds), unit);
    return { vx: out[0] as number, vy: out[1] as number, omega: out[2] as number };
  }

  /** Forward kinematics from the surface speeds (m/s) of {@link OmniWheelSpeeds}. */
  toChassisSpeeds(speeds: OmniWheelSpeeds): ChassisVelocity {
    return this.toChassisVelocity(speeds.surfaceSpeeds, "m/s");
  }

  /** Odometry increment (m, m, rad) from each wheel's travel (least squares). */
  toTwist2d(start: OmniWheelPositions, end: OmniWheelPositions): Twist2d {
    const c = this.toChassisVelocity(
      end.distances.map((d, i) => d - (start.distances[i] ?? Number.NaN)),
      "m/s",
    );
    return { dx: c.vx, dy: c.vy, dtheta: c.omega };
  }

  /**
   * Forward kinematics, allocation-free.
   *
   * @param out - out: [vx (m/s), vy (m/s), omega (rad/s)].
   * @param speeds - measured wheel speeds in `unit`.
   * @param unit - "m/s", "rad/s" or "rpm". Default "m/s".
   * @returns `out`.
   */
  // perf-sensitive
  toChassisVelocityInto(out: Float64Array, speeds: Float64Array, unit: OmniSpeedUnit = "m/s"): Float64Array {
    const n = this.wheelCount;
    const p = this.#pinv;
    const k = 1 / this.#scale[unit];
    let vx = 0;
    let vy = 0;
    let w = 0;
    for (let i = 0; i < n; i++) {
      const u = (speeds[i] as number) * k;
      vx += (p[i] as number) * u;
      vy += (p[n + i] as number) * u;
      w += (p[2 * n + i] as number) * u;
    }
    out[0] = vx;
    out[1] = vy;
    out[2] = w;
    return out;
  }
}

function invert3(m: Float64Array): Float64Array | undefined {
  const [a = 0, b = 0, c = 0, d = 0, e = 0, f = 0, g = 0, h = 0, i = 0] = m;
  const A = e * i - f * h;
  const B = -(d * i - f * g);
  const C = d * h - e * g;
  const det = a * A + b * B + c * C;
  const norm = Math.abs(a) + Math.abs(e) + Math.abs(i);
  if (!(Math.abs(det) > 1e-12 * norm * norm * norm)) return undefined;
  const k = 1 / det;
  return Float64Array.of(
    A * k,
    -(b * i - c * h) * k,
    (b * f - c * e) * k,
    B * k,
    (a * i - c * g) * k,
    -(a * f - c * d) * k,
    C * k,
    -(a * h - b * g) * k,
    (a * e - b * d) * k,
  );
}
