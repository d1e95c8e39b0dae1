import { mjcfJointDamping } from "../emit/mjcf/mjcfJointDamping.js";
import { mjcfNames } from "../emit/mjcf/mjcfNames.js";
import { isKabschValid } from "../kinematics/KabschResult.js";
import { KabschWheelOdometry } from "../kinematics/KabschWheelOdometry.js";
import { optimizeWheelStatesInto } from "../kinematics/optimizeWheelState.js";
import { SteeredDriveKinematics } from "../kinematics/SteeredDriveKinematics.js";
import { TrapezoidalProfile } from "../kinematics/TrapezoidalProfile.js";
import { wrapAngle } from "../util/wrapAngle.js";
import type { Robot } from "../model/Robot.js";
import type { SteeredModuleLayout, WheelLayout } from "../model/wheelLayout.js";
import type { DriveController } from "./DriveController.js";
import { jointAxisInLink } from "./jointAxisInLink.js";
import type { SimulationSession } from "./SimulationSession.js";

const FOLD_OFFSETS = [0, -1, 1, -2, 2] as const;
/** Default steering error (rad) above which the base waits for its servos instead of rolling. */
const ALIGN_TOLERANCE = 0.1;
/** How close to 90° (rad) a steering swing counts as a tie between its two directions. */
const TIE_TOLERANCE = 0.01;

/**
 * MARIO's model-based controller (Sharifi et al. 2018, §3.1) on a simulated 4WD4S / swerve base, with
 * every number read from the model's {@link wheelLayout}:
 *
 * - Inverse kinematics ({@link SteeredDriveKinematics}) at the steering pivots. A wheel
 *   whose contact point sits a lateral distance e_y from its pivot (MARIO: 0.0307 m
 *   outboard) gets the contact speed s − ω·e_y (the pivot moves at s along the wheel; the
 *   offset adds ω·(k × e), whose component along the wheel is −ω·e_y), so the angle stays
 *   exact and the wheel does not scrub.
 * - Steering policy: flip to the nearer equivalent angle (WPILib `optimize`), then fold into
 *   the joint's limits (angle ± π with reversed speed); if no equivalent angle fits, brake.
 *   The base waits (all wheel speeds 0, so the motion stays rigid) while any servo is more
 *   than 0.1 rad from its wanted angle; speeds are then scaled by cos(steering error), the
 *   measured steering rate ψ̇ (mean over the last control period) adds −ψ̇·e_y (the offset
 *   contact point sweeps along the wheel), and all are desaturated together
 *   (ratio-preserving) to the slowest joint velocity limit.
 * - Limits: the steering targets follow a trapezoidal motion profile
 *   ({@link TrapezoidalProfile}), as a servo drive's profile generator does: at most the
 *   steering joint's velocity limit v_max (MuJoCo's position servos have none), and at most
 *   the acceleration v_max·p/b with which the servo's own position loop (gain p against the
 *   joint's damping b, {@link mjcfJointDamping}) sets off after a ramp at v_max, decelerating
 *   to arrive. A target that jumped from +v_max to −v_max in one tick stepped the servo's
 *   velocity feed-forward by twice its effort limit; the tyre's stored scrub then threw the
 *   joint past its limit. Wheel rate targets stay within the wheel joints'
 *   velocity limit (desaturation above, MJCF ctrlrange).
 * - After a wait the base rolls again only once every steering target has arrived: wheels
 *   that start while a servo still swings at full effort push it on through the contact's
 *   lateral offset (their traction times e_y) past its velocity limit.
 * - Odometry: Kabsch fit of the pivots' motion ({@link KabschWheelOdometry}); a pivot's
 *   travel along its wheel is the wheel's rolled distance plus e_y·(Δθ + Δψ), which the
 *   offset turns into rolling when the base or the module turns (two passes on Δθ).
 */
export class SteeredDriveController implements DriveController {
  readonly type = "steered" as const;
  readonly steerJoints: readonly string[];
  readonly wheelJoints: readonly string[];
  readonly #session: SimulationSession;
  readonly #n: number;
  readonly #kinematics: SteeredDriveKinematics;
  readonly #odometry: KabschWheelOdometry;
  readonly #offsetY: Float64Array;
  /** Swing direction (+1 CCW, −1 CW) at a 90° tie: mirrored about the base's x axis. */
  readonly #tieSwing: Float64Array;
  readonly #radius: Float64Array;
  readonly #wheelSign: Float64Array;
  readonly #steerSign: Float64Array;
  readonly #lower: Float64Array;
  readonly #upper: Float64Array;
  readonly #maxContactSpeed: number;
  /** The steering targets' motion profile (rad, about the base's +z). */
  readonly #profile: TrapezoidalProfile;
  /** Control period (s); +∞ when the controller was given none. */
  readonly #period: number;
  readonly #alignTolerance: number;
  readonly #steerQpos: Int32Array;
  readonly #steerDof: Int32Array;
  readonly #wheelQpos: Int32Array;
  readonly #wheelDof: Int32Array;
  readonly #steerActuator: Int32Array;
  readonly #wheelActuator: Int32Array;
  // Scratch and state.
  readonly #angles: Float64Array;
  readonly #speeds: Float64Array;
  readonly #rates: Float64Array;
  readonly #current: Float64Array;
  readonly #targets: Float64Array;
  readonly #prevSteer: Float64Array;
  readonly #prevWheel: Float64Array;
  readonly #travel: Float64Array;
  readonly #steerNow: Float64Array;
  /** Steering angles at the previous {@link command} (rad), for the mean steering rate. */
  readonly #steerBefore: Float64Array;
  readonly #kabsch = new Float64Array(4);
  /** True while the base waits for its servos (it starts waiting, at rest). */
  #waiting = true;

  /**
   * @param robot - the checked model (joint axes and actuators are read from it).
   * @param layout - its steered wheel layout.
   * @param session - the compiled MJCF of the same robot.
   * @param controlPeriod - time between two {@link command} calls (s): the steering
   *   targets' motion profile steps by it. Default ∞ (no profile: targets jump).
   * @param alignTolerance - steering error (rad) above which the base waits. Default 0.1.
   * @throws RangeError when a steering joint is not a position servo or a wheel is not a
   *   velocity servo, or the steering axis is not vertical.
   */
  constructor(
    robot: Robot,
    layout: Extract<WheelLayout, { type: "steered" }>,
    session: SimulationSession,
    controlPeriod = Infinity,
    alignTolerance = ALIGN_TOLERANCE,
  ) {
    const modules: readonly SteeredModuleLayout[] = layout.modules;
    const n = modules.length;
    this.#n = n;
    this.#session = session;
    this.steerJoints = modules.map((m) => m.steerJoint);
    this.wheelJoints = modules.map((m) => m.wheelJoint);
    const joints = new Map((robot.joints ?? []).map((j) => [j.name, j] as const));
    const requireCommand = (name: string, command: "position" | "velocity"): void => {
      const got = joints.get(name)?.actuator?.command;
      if (got !== command) {
        throw new RangeError(
          `robokit sim drives steering joints with position servos and wheels with velocity servos: joint "${name}" has ${got === undefined ? "no actuator" : `a ${got} actuator`}`,
        );
      }
    };
    this.#offsetY = new Float64Array(n);
    this.#tieSwing = new Float64Array(n);
    this.#radius = new Float64Array(n);
    this.#wheelSign = new Float64Array(n);
    this.#steerSign = new Float64Array(n);
    this.#lower = new Float64Array(n).fill(-Infinity);
    this.#upper = new Float64Array(n).fill(Infinity);
    this.#steerQpos = new Int32Array(n);
    this.#steerDof = new Int32Array(n);
    this.#wheelQpos = new Int32Array(n);
    this.#wheelDof = new Int32Array(n);
    this.#steerActuator = new Int32Array(n);
    const vmax = new Float64Array(n).fill(Infinity);
    const amax = new Float64Array(n).fill(Infinity);
    const timed = Number.isFinite(controlPeriod) && controlPeriod > 0;
    this.#period = timed ? controlPeriod : Infinity;
    this.#alignTolerance = alignTolerance;
    this.#wheelActuator = new Int32Array(n);
    let maxContact = Infinity;
    modules.forEach((m, i) => {
      requireCommand(m.steerJoint, "position");
      requireCommand(m.wheelJoint, "velocity");
      const axis = jointAxisInLink(robot, m.steerJoint, layout.baseLink);
      if (Math.abs(axis[2]) < 1 - 1e-6)
        throw new RangeError(`steering joint "${m.steerJoint}" must turn about the base's vertical axis`);
      const sign = axis[2] > 0 ? 1 : -1;
      this.#steerSign[i] = sign;
      if (m.steerLimits !== undefined) {
        this.#lower[i] = sign > 0 ? m.steerLimits[0] : -m.steerLimits[1];
        this.#upper[i] = sign > 0 ? m.steerLimits[1] : -m.steerLimits[0];
      }
      const steer = joints.get(m.steerJoint);
      const v = steer?.type === "revolute" || steer?.type === "continuous" ? steer.limit?.velocity : undefined;
      if (steer !== undefined && v !== undefined && v > 0 && timed) {
        vmax[i] = v;
        // The servo's position loop: time constant b/p (s). Undamped, it has no such bound.
        const lag = mjcfJointDamping(steer) / (steer.actuator?.pid?.p ?? 1);
        if (lag > 0) amax[i] = v / lag;
      }
      this.#offsetY[i] = m.position[1] - m.pivot[1];
      this.#tieSwing[i] = m.pivot[1] > 0 ? -1 : 1;
      this.#radius[i] = m.radius;
      this.#wheelSign[i] = m.wheelDirection;
      if (m.maxWheelSpeed !== undefined && m.maxWheelSpeed > 0)
        maxContact = Math.min(maxContact, m.maxWheelSpeed * m.radius);
      this.#steerQpos[i] = session.jointQposAddress(m.steerJoint);
      this.#steerDof[i] = session.jointDofAddress(m.steerJoint);
      this.#wheelQpos[i] = session.jointQposAddress(m.wheelJoint);
      this.#wheelDof[i] = session.jointDofAddress(m.wheelJoint);
      this.#steerActuator[i] = session.id("actuator", mjcfNames.actuator(m.steerJoint, "position"));
      this.#wheelActuator[i] = session.id("actuator", mjcfNames.actuator(m.wheelJoint, "velocity"));
    });
    this.#maxContactSpeed = maxContact;
    const pivots = modules.map((m) => ({ x: m.pivot[0], y: m.pivot[1] }));
    this.#kinematics = new SteeredDriveKinematics(pivots, modules[0]?.radius ?? 1);
    this.#odometry = new KabschWheelOdometry(pivots);
    this.#angles = new Float64Array(n);
    this.#speeds = new Float64Array(n);
    this.#rates = new Float64Array(n);
    this.#current = new Float64Array(n);
    this.#prevSteer = new Float64Array(n);
    this.#prevWheel = new Float64Array(n);
    this.#travel = new Float64Array(n);
    this.#steerNow = new Float64Array(n);
    this.steeringAnglesInto(this.#prevSteer);
    this.#steerBefore = Float64Array.from(this.#prevSteer);
    this.#profile = new TrapezoidalProfile(vmax, amax, timed ? controlPeriod : 1, this.#prevSteer);
    this.#targets = this.#profile.position;
    const qpos = session.qpos;
    for (let i = 0; i < n; i++) this.#prevWheel[i] = qpos[this.#wheelQpos[i] as number] as number;
  }

  steeringAnglesInto(out: Float64Array): Float64Array {
    const qpos = this.#session.qpos;
    for (let i = 0; i < this.#n; i++)
      out[i] = (this.#steerSign[i] as number) * (qpos[this.#steerQpos[i] as number] as number);
    return out;
  }

  wheelRatesInto(out: Float64Array): Float64Array {
    const qvel = this.#session.qvel;
    for (let i = 0; i < this.#n; i++) out[i] = qvel[this.#wheelDof[i] as number] as number;
    return out;
  }

  command(vx: number, vy: number, omega: number): number {
    const n = this.#n;
    const angles = this.#angles;
    const speeds = this.#speeds;
    const rates = this.#rates;
    const current = this.steeringAnglesInto(this.#current);
    // Wheels with nothing to do keep their previous target (the servo holds still).
    angles.set(this.#targets);
    this.#kinematics.toWheelStatesInto(angles, speeds, rates, vx, vy, omega);
    optimizeWheelStatesInto(angles, speeds, rates, current);
    // A 90° swing has two equally short ways; left to the last bits of the measured angles,
    // all modules may swing the same way and their offset contact points then sweep together
    // and yaw the body (found by the DART cross-check). At a tie the modules are mirrored
    // about the x axis instead (left clockwise, right counter-clockwise), so the sweeps cancel.
    for (let i = 0; i < n; i++) {
      const swing = wrapAngle((angles[i] as number) - (current[i] as number));
      if (Math.abs(Math.abs(swing) - Math.PI / 2) < TIE_TOLERANCE && Math.sign(swing) !== this.#tieSwing[i]) {
        angles[i] = wrapAngle((angles[i] as number) + Math.PI);
        speeds[i] = -(speeds[i] as number);
        rates[i] = -(rates[i] as number);
      }
    }
    let feasible = true;
    for (let i = 0; i < n; i++) {
      const lo = this.#lower[i] as number;
      const hi = this.#upper[i] as number;
      const a = angles[i] as number;
      const k = FOLD_OFFSETS.find((j) => a + j * Math.PI >= lo && a + j * Math.PI <= hi);
      if (k === undefined) {
        feasible = false;
        continue;
      }
      angles[i] = a + k * Math.PI;
      if (k % 2 !== 0) speeds[i] = -(speeds[i] as number);
    }
    const ctrl = this.#session.ctrl;
    if (!feasible) {
      for (let i = 0; i < n; i++) {
        this.#profile.reset(i, this.#targets[i] as number);
        this.#steerBefore[i] = current[i] as number;
        ctrl[this.#steerActuator[i] as number] = (this.#steerSign[i] as number) * (this.#targets[i] as number);
        ctrl[this.#wheelActuator[i] as number] = 0;
      }
      // A brake is a wait: the base rolls again once the servos have arrived.
      this.#waiting = true;
      return 0;
    }
    let top = 0;
    const qvel = this.#session.qvel;
    // The base waits (every wheel, so the motion stays rigid) while any servo is more than
    // ALIGN_TOLERANCE from its wanted angle: the servos turn at ≤ their velocity limit, and
    // rolling misaligned tyres drags them and corrupts the odometry. Once waiting, it waits
    // until every steering target has also arrived (the profile lands exactly on its goal).
    let go = 1;
    let arrived = true;
    for (let i = 0; i < n; i++) {
      if (Math.abs(wrapAngle((angles[i] as number) - (current[i] as number))) > this.#alignTolerance) go = 0;
      if (this.#profile.step(i, angles[i] as number) !== angles[i]) arrived = false;
    }
    if (this.#waiting && !arrived) go = 0;
    this.#waiting = go === 0;
    const T = this.#period;
    for (let i = 0; i < n; i++) {
      // While the module turns at ψ̇, an offset contact point sweeps −ψ̇·e_y along the wheel:
      // rolling with it keeps the servo from dragging the tyre sideways. ψ̇ is the mean over
      // the last period (what the odometry sees): the joint's instantaneous rate samples the
      // tyre's stick-slip (MuJoCo: 1.2 ↔ 3 rad/s from one 2 ms step to the next), and the
      // wheel's jumps then kicked the servo past its limit.
      const steerRate = Number.isFinite(T)
        ? wrapAngle((current[i] as number) - (this.#steerBefore[i] as number)) / T
        : (this.#steerSign[i] as number) * (qvel[this.#steerDof[i] as number] as number);
      this.#steerBefore[i] = current[i] as number;
      const aligned = go * (speeds[i] as number) * Math.cos((angles[i] as number) - (current[i] as number));
      const contact = aligned - (go * omega + steerRate) * (this.#offsetY[i] as number);
      speeds[i] = contact;
      top = Math.max(top, Math.abs(contact));
    }
    const scale = top > this.#maxContactSpeed ? this.#maxContactSpeed / top : 1;
    for (let i = 0; i < n; i++) {
      // The profile's target (stepped above); the wheel speed waits (cosine scaling).
      ctrl[this.#steerActuator[i] as number] = (this.#steerSign[i] as number) * (this.#targets[i] as number);
      ctrl[this.#wheelActuator[i] as number] =
        ((this.#wheelSign[i] as number) * (speeds[i] as number) * scale) / (this.#radius[i] as number);
    }
    return scale;
  }

  odometryStep(out: Float64Array): Float64Array {
    const n = this.#n;
    const steer = this.steeringAnglesInto(this.#steerNow);
    const qpos = this.#session.qpos;
    const travel = this.#travel;
    const rolled = this.#rates; // scratch: rolled contact distance per wheel (m)
    for (let i = 0; i < n; i++) {
      const phi = qpos[this.#wheelQpos[i] as number] as number;
      rolled[i] = (this.#wheelSign[i] as number) * (this.#radius[i] as number) * (phi - (this.#prevWheel[i] as number));
      this.#prevWheel[i] = phi;
    }
    let dtheta = 0;
    let ok = true;
    for (let pass = 0; pass < 2 && ok; pass++) {
      for (let i = 0; i < n; i++) {
        const dpsi = wrapAngle((steer[i] as number) - (this.#prevSteer[i] as number));
        travel[i] = (rolled[i] as number) + (this.#offsetY[i] as number) * (dtheta + dpsi);
      }
      ok = isKabschValid(this.#odometry.estimateInto(this.#kabsch, this.#prevSteer, steer, travel));
      dtheta = ok ? (this.#kabsch[0] as number) : 0;
    }
    this.#prevSteer.set(steer);
    out[0] = ok ? (this.#kabsch[1] as number) : 0;
    out[1] = ok ? (this.#kabsch[2] as number) : 0;
    out[2] = ok ? dtheta : 0;
    return out;
  }
}
