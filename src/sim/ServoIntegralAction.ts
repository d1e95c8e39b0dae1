import { mjcfJointDamping } from "../emit/mjcf/mjcfJointDamping.js";
import { mjcfNames } from "../emit/mjcf/mjcfNames.js";
import type { Robot } from "../model/Robot.js";
import type { SimulationSession } from "./SimulationSession.js";

const POSITION = 0;
const VELOCITY = 1;

/**
 * The integral term of the model's joint PIDs (`actuator.pid.i`, `iClamp`), which MuJoCo's
 * position and velocity servos lack, run at the controller rate on top of them.
 *
 * MuJoCo's servos are proportional: a position servo applies τ = kp·(u − q) (the model's
 * pid.d is emitted as joint damping), a velocity servo τ = kv·(u − q̇), with kp = kv = pid.p
 * ({@link emitMjcf}) and u the actuator's ctrl. The model's law adds i·I, with I = ∫e dt the
 * integrated joint error (e = r − q in rad or m for a position servo, e = r − q̇ in rad/s or
 * m/s for a velocity servo, r the controller's target). Writing
 *
 *   u = r + (i / p)·I
 *
 * gives kp·(u − q) = p·(r − q) + i·I (and likewise kv·(u − q̇) = p·(r − q̇) + i·I): exactly
 * p·e + i·∫e (− d·q̇), in N·m (revolute/continuous) or N (prismatic).
 *
 * I is updated once per control period T (s), before the new target is applied, from the
 * interval that just ended under the previous target r⁻: I += (r⁻ − q)·T for a position
 * servo (q at the end of the interval), and I += r⁻·T − Δq for a velocity servo (Δq, the
 * joint's travel over the interval, is the exact integral of q̇). Anti-windup as in ROS's
 * control_toolbox: |i·I| is held within iClamp (N·m or N), or within the joint's effort
 * limit when the model gives no iClamp; and a position servo's integral holds (conditional
 * integration) while its target moves, so a rate-limited ramp is tracked without overshooting
 * the joint's velocity limit, and while the joint closes its error on its own at least as fast
 * as the integral would (over the last period Δq·sign(e) ≥ (i/p)·|e|·T, i/p being the
 * integral's rate): the error of an approach is transient, and integrating it wound the term
 * up behind a swing that the tyre's scrub slowed, holding the servo at full effort, and at its
 * velocity limit, up to its target. The integral works on the error that stays: a stalled or
 * creeping joint. MuJoCo still clamps u to the actuator's ctrlrange and the force to its
 * forcerange.
 *
 * A position servo's joint carries viscous damping b ({@link mjcfJointDamping}: the D gain, or
 * the motor's speed–torque slope that keeps the joint within its velocity limit), which makes
 * the joint lag a moving target by b·ṙ/p. The target's rate ṙ (over the last period) is fed
 * forward as u += (b / p)·ṙ, as servo drives do with velocity feed-forward, so a rate-limited
 * ramp is tracked without that lag; the damping still bounds the speed the joint can reach.
 *
 * Only joints whose actuator has a position or velocity command and pid.i > 0 are touched;
 * with none (e.g. Robotino), {@link apply} does nothing. Allocation-free per tick.
 */
export class ServoIntegralAction {
  /** Joints whose servos get integral action, in the order of the internal arrays. */
  readonly joints: readonly string[];
  readonly #session: SimulationSession;
  readonly #period: number;
  readonly #kind: Uint8Array;
  readonly #actuator: Int32Array;
  readonly #qpos: Int32Array;
  /** i / p (1/s). */
  readonly #ratio: Float64Array;
  /** Position servos: b / p (s), the velocity feed-forward gain; 0 for velocity servos. */
  readonly #feedForward: Float64Array;
  /** Bound on |I|: clamp / i (rad·s, m·s, rad or m). */
  readonly #bound: Float64Array;
  readonly #integral: Float64Array;
  readonly #prevTarget: Float64Array;
  readonly #prevQ: Float64Array;
  #started = false;

  /**
   * @param robot - the checked model (gains and effort limits are read from it).
   * @param session - the compiled MJCF of the same robot.
   * @param period - control period T (s), > 0: the time between two {@link apply} calls.
   */
  constructor(robot: Robot, session: SimulationSession, period: number) {
    if (!(period > 0)) throw new RangeError(`control period must be > 0 s, got ${String(period)}`);
    this.#session = session;
    this.#period = period;
    const chosen = (robot.joints ?? []).flatMap((j) => {
      const a = j.actuator;
      const i = a?.pid?.i ?? 0;
      if (a === undefined || !(i > 0) || (a.command !== "position" && a.command !== "velocity")) return [];
      if (j.type !== "revolute" && j.type !== "continuous" && j.type !== "prismatic") return [];
      const effort = j.type === "continuous" ? j.limit?.effort : j.limit.effort;
      const clamp = Math.min(
        a.pid?.iClamp !== undefined ? Math.abs(a.pid.iClamp) : Infinity,
        effort !== undefined && effort > 0 ? effort : Infinity,
      );
      const p = a.pid?.p ?? 1;
      const feedForward = a.command === "position" ? mjcfJointDamping(j) / p : 0;
      return [
        {
          name: j.name,
          kind: a.command === "position" ? POSITION : VELOCITY,
          actuator: mjcfNames.actuator(j.name, a.command),
          ratio: i / p,
          bound: clamp / i,
          feedForward,
        },
      ];
    });
    const n = chosen.length;
    this.joints = chosen.map((c) => c.name);
    this.#kind = Uint8Array.from(chosen, (c) => c.kind);
    this.#actuator = Int32Array.from(chosen, (c) => session.id("actuator", c.actuator));
    this.#qpos = Int32Array.from(chosen, (c) => session.jointQposAddress(c.name));
    this.#ratio = Float64Array.from(chosen, (c) => c.ratio);
    this.#feedForward = Float64Array.from(chosen, (c) => c.feedForward);
    this.#bound = Float64Array.from(chosen, (c) => c.bound);
    this.#integral = new Float64Array(n);
    this.#prevTarget = new Float64Array(n);
    this.#prevQ = new Float64Array(n);
  }

  /**
   * Call once per control tick, right after the drive controller has written its targets r
   * into the session's ctrl: integrates the error of the interval that just ended and
   * rewrites each chosen actuator's ctrl as r + (i/p)·I.
   */
  apply(): void {
    const ctrl = this.#session.ctrl;
    const qpos = this.#session.qpos;
    const T = this.#period;
    for (let k = 0; k < this.#actuator.length; k++) {
      const act = this.#actuator[k] as number;
      const q = qpos[this.#qpos[k] as number] as number;
      const target = ctrl[act] as number;
      // Conditional integration for position servos: while the target moves (a rate-limited
      // steering ramp) the tracking lag is not an offset to integrate away; integrating it
      // would overshoot the ramp and swing the joint past its velocity limit.
      const moving = this.#kind[k] === POSITION && target !== this.#prevTarget[k];
      const rate = this.#started ? (target - (this.#prevTarget[k] as number)) / T : 0;
      const prev = this.#prevTarget[k] as number;
      // A position servo whose joint closed its error this period at least at the integral's
      // own rate (i/p) converges without it: integrating that transient winds the term up.
      const closing =
        this.#kind[k] === POSITION &&
        (q - (this.#prevQ[k] as number)) * Math.sign(prev - q) >= (this.#ratio[k] as number) * Math.abs(prev - q) * T;
      if (this.#started && !moving && !closing) {
        const e = this.#kind[k] === POSITION ? (prev - q) * T : prev * T - (q - (this.#prevQ[k] as number));
        const bound = this.#bound[k] as number;
        this.#integral[k] = Math.min(bound, Math.max(-bound, (this.#integral[k] as number) + e));
      }
      this.#prevTarget[k] = target;
      this.#prevQ[k] = q;
      ctrl[act] =
        target + (this.#ratio[k] as number) * (this.#integral[k] as number) + (this.#feedForward[k] as number) * rate;
    }
    this.#started = true;
  }
}
