import type { Joint } from "../../model/Joint.js";
import type { Robot } from "../../model/Robot.js";
import { type JointLoad, jointLoadInertia } from "./jointLoadInertia.js";
import { mjcfJointDamping } from "./mjcfJointDamping.js";
import { MJCF_PHYSICS } from "./mjcfPhysics.js";
import { assertNever } from "../../util/assertNever.js";

/**
 * Speed error, as a share of the joint's velocity limit, at which a derived velocity servo
 * gives its full effort: kv = effort / (0.02 · velocity). A skid-steer wheel scrubbing at a
 * quarter of its effort then runs 0.5 % of its top speed slow (MuJoCo's servos have no
 * integral term unless the model's `pid.i` gives one).
 */
export const SERVO_SPEED_ERROR_AT_FULL_EFFORT = 0.02;

/**
 * Control period (s) a derived servo is sized for: `robokit sim`'s default rate (100 Hz), and
 * controller_manager's usual one. A servo whose load takes longer than this to reach a new
 * speed (time constant (I + armature)/kv) lags its controller.
 */
export const SERVO_CONTROL_PERIOD = 0.01;

/**
 * Smallest ratio of a differential base's wheel inertia (the joint's own plus armature) to
 * kv·h (h the MJCF timestep). MuJoCo's implicit integrator applies a velocity servo's gain as
 * the extra inertia kv·h in its step, but its contact solver sizes the friction impulses with
 * the joint's inertia alone: with a light wheel (inertia ≪ kv·h) the solver takes the wheel for
 * free to spin and grips with a fraction of the friction Coulomb's law gives, so a skid-steer
 * base turned at 0.21 of its command (Coulomb: 0.59). At 4, the two inertias agree within
 * 20 % and the base turns at 0.49–0.57 (docs/simulation.md, "Why a skid-steer base turned
 * slowly"). Only a differential drive's wheels get the floor: such a base turns by dragging
 * something sideways (its other wheels, casters, its chassis), so its wheels push through
 * sliding contacts; steered, omni, mecanum and car-like bases roll their wheels along their
 * paths.
 */
export const SERVO_ARMATURE_RATIO = 4;

/** The MuJoCo servo robokit writes for one actuated joint. */
export interface MjcfServoGains {
  /** The joint's command interface. */
  readonly command: "position" | "velocity" | "effort";
  /**
   * The actuator's gain: kp (N·m/rad, N/m) of a position servo, kv (N·m·s/rad, N·s/m) of a
   * velocity servo; 0 for a motor.
   */
  readonly gain: number;
  /** True when `gain` was derived from the model, false when it is the model's `pid.p`. */
  readonly derived: boolean;
  /**
   * Armature written on the joint (kg·m², kg for prismatic): the model's `actuator.armature`
   * (rotor inertia reflected at the joint), raised for a differential drive's wheel to
   * {@link SERVO_ARMATURE_RATIO}·kv·h less the joint's own inertia.
   */
  readonly armature: number;
  /** The model's own armature (kg·m², kg), 0 when it gives none. */
  readonly modelArmature: number;
  /** What the servo moves ({@link jointLoadInertia}). */
  readonly load: JointLoad;
}

/**
 * The gains and armature of every actuated joint's MuJoCo actuator, from the model: the
 * model's `pid.p` when it gives one, otherwise derived (pure; h = `MJCF_PHYSICS.timestep`).
 *
 * - Velocity servo: kv = effort / (0.02 · velocity) ({@link SERVO_SPEED_ERROR_AT_FULL_EFFORT}),
 *   at least the load's inertia over the control period ({@link SERVO_CONTROL_PERIOD}) so the
 *   wheel reaches a new speed within one period; without both limits, that inertia bound alone.
 *   A wheel's load is its own inertia about the axle plus its share of the robot's mass at
 *   its rim, m·r².
 * - Position servo: critically damped against the joint's damping b (`mjcfJointDamping`, at
 *   least effort ÷ velocity), kp = b² / (4·I) with I the inertia of everything the joint
 *   turns about its axis plus the model's armature, at most (I + h·b) / h², the stiffest
 *   spring MuJoCo's explicit step follows (ω·h = 1); MuJoCo's default 1 when b or I is 0.
 * - Motor: no gain.
 */
export function mjcfServoGains(robot: Robot): Map<string, MjcfServoGains> {
  const loads = jointLoadInertia(robot);
  const drive = robot.drive;
  const scrubbing = new Set(drive?.type === "differential" ? [...drive.left, ...drive.right] : []);
  const out = new Map<string, MjcfServoGains>();
  for (const j of robot.joints ?? []) {
    const a = j.actuator;
    const load = loads.get(j.name);
    if (a === undefined || load === undefined) continue;
    const modelArmature = a.armature ?? 0;
    const common = { command: a.command, modelArmature, load };
    switch (a.command) {
      case "velocity": {
        const derived = a.pid?.p === undefined;
        const gain = a.pid?.p ?? derivedVelocityGain(j, load, modelArmature);
        const floor = scrubbing.has(j.name)
          ? SERVO_ARMATURE_RATIO * gain * MJCF_PHYSICS.timestep - load.axisInertia
          : 0;
        out.set(j.name, { ...common, gain, derived, armature: Math.max(modelArmature, floor) });
        break;
      }
      case "position": {
        const b = mjcfJointDamping(j);
        const inertia = load.axisInertia + modelArmature;
        const derivable = a.pid?.p === undefined && b > 0 && inertia > 0;
        // Critically damped, but no stiffer than MuJoCo's explicit step follows (ω·h ≤ 1, with
        // the implicit damping's h·b counted as inertia): a very light joint gets an overdamped servo.
        const h = MJCF_PHYSICS.timestep;
        const gain = a.pid?.p ?? (derivable ? Math.min((b * b) / (4 * inertia), (inertia + h * b) / (h * h)) : 1);
        out.set(j.name, { ...common, gain, derived: derivable, armature: modelArmature });
        break;
      }
      case "effort":
        out.set(j.name, { ...common, gain: 0, derived: false, armature: modelArmature });
        break;
      default:
        assertNever(a.command, "command interface");
    }
  }
  return out;
}

/** The inertia (kg·m², kg) a velocity servo accelerates: the joint's own, plus a wheel's share of the base. */
export function servoLoadInertia(load: JointLoad, armature: number): number {
  const w = load.wheel;
  return load.axisInertia + armature + (w === undefined ? 0 : w.massShare * w.radius * w.radius);
}

function derivedVelocityGain(j: Joint, load: JointLoad, armature: number): number {
  const limit = j.type === "continuous" || j.type === "revolute" || j.type === "prismatic" ? j.limit : undefined;
  const effort = limit?.effort ?? 0;
  const velocity = limit?.velocity ?? 0;
  const inertial = servoLoadInertia(load, armature) / SERVO_CONTROL_PERIOD;
  return effort > 0 && velocity > 0
    ? Math.max(effort / (SERVO_SPEED_ERROR_AT_FULL_EFFORT * velocity), inertial)
    : Math.max(inertial, 1);
}
