import { mjcfNames } from "../emit/mjcf/mjcfNames.js";
import { driveFromModel } from "../kinematics/driveFromModel.js";
import type { OmniDriveKinematics } from "../kinematics/OmniDriveKinematics.js";
import { se2ExpInto } from "../kinematics/se2Exp.js";
import type { Robot } from "../model/Robot.js";
import type { WheelLayout } from "../model/wheelLayout.js";
import type { DriveController } from "./DriveController.js";
import type { SimulationSession } from "./SimulationSession.js";

/**
 * Drive of a simulated omni-wheel base (Robotino) with every number read from the model's
 * {@link wheelLayout}: inverse kinematics ({@link OmniDriveKinematics}, CCW convention)
 * to wheel rates, multiplied by each wheel's direction sign and desaturated together to the
 * joints' velocity limit; odometry by the forward kinematics of the rolled wheel angles
 * over the step, integrated as a constant twist (exact SE(2) arc).
 */
export class OmniDriveController implements DriveController {
  readonly type = "omni" as const;
  readonly steerJoints: readonly string[] = [];
  readonly wheelJoints: readonly string[];
  readonly #session: SimulationSession;
  readonly #n: number;
  readonly #kinematics: OmniDriveKinematics;
  readonly #wheelSign: Float64Array;
  readonly #maxRate: number;
  readonly #qpos: Int32Array;
  readonly #dof: Int32Array;
  readonly #actuator: Int32Array;
  readonly #rates: Float64Array;
  readonly #prev: Float64Array;
  readonly #twist = new Float64Array(3);

  /**
   * @param robot - the checked model (actuators and joint limits are read from it).
   * @param layout - its omni wheel layout.
   * @param session - the compiled MJCF of the same robot.
   * @throws RangeError when a wheel is not a velocity servo, or wheels differ in radius or
   *   distance from the centre (the omni kinematics assume one circle).
   */
  constructor(robot: Robot, layout: Extract<WheelLayout, { type: "omni" }>, session: SimulationSession) {
    const wheels = layout.wheels;
    const n = wheels.length;
    this.#n = n;
    this.#session = session;
    this.wheelJoints = wheels.map((w) => w.joint);
    // The same kinematics, built by the same checks (one circle, one radius), as `robokit ik`.
    const model = driveFromModel(robot);
    if (model.drive?.type !== "omni")
      throw new RangeError(model.diagnostic?.message ?? `robot "${robot.name}" has no omni drive`);
    this.#kinematics = model.drive.kinematics;
    const joints = new Map((robot.joints ?? []).map((j) => [j.name, j] as const));
    let maxRate = Infinity;
    this.#wheelSign = new Float64Array(n);
    this.#qpos = new Int32Array(n);
    this.#dof = new Int32Array(n);
    this.#actuator = new Int32Array(n);
    wheels.forEach((w, i) => {
      const j = joints.get(w.joint);
      if (j?.actuator?.command !== "velocity") {
        throw new RangeError(
          `robokit sim drives omni wheels with velocity servos: joint "${w.joint}" has ${j?.actuator === undefined ? "no actuator" : `a ${j.actuator.command} actuator`}`,
        );
      }
      if (j.type === "continuous" && j.limit !== undefined && j.limit.velocity > 0)
        maxRate = Math.min(maxRate, j.limit.velocity);
      this.#wheelSign[i] = w.wheelDirection;
      this.#qpos[i] = session.jointQposAddress(w.joint);
      this.#dof[i] = session.jointDofAddress(w.joint);
      this.#actuator[i] = session.id("actuator", mjcfNames.actuator(w.joint, "velocity"));
    });
    this.#maxRate = maxRate;
    this.#rates = new Float64Array(n);
    this.#prev = new Float64Array(n);
    const qpos = session.qpos;
    for (let i = 0; i < n; i++) this.#prev[i] = qpos[this.#qpos[i] as number] as number;
  }

  steeringAnglesInto(out: Float64Array): Float64Array {
    return out;
  }

  wheelRatesInto(out: Float64Array): Float64Array {
    const qvel = this.#session.qvel;
    for (let i = 0; i < this.#n; i++) out[i] = qvel[this.#dof[i] as number] as number;
    return out;
  }

  command(vx: number, vy: number, omega: number): number {
    const rates = this.#kinematics.toWheelSpeedsInto(this.#rates, vx, vy, omega, "rad/s");
    let top = 0;
    for (let i = 0; i < this.#n; i++) top = Math.max(top, Math.abs(rates[i] as number));
    const scale = top > this.#maxRate ? this.#maxRate / top : 1;
    const ctrl = this.#session.ctrl;
    for (let i = 0; i < this.#n; i++)
      ctrl[this.#actuator[i] as number] = (this.#wheelSign[i] as number) * (rates[i] as number) * scale;
    return scale;
  }

  odometryStep(out: Float64Array): Float64Array {
    const qpos = this.#session.qpos;
    const rolled = this.#rates;
    for (let i = 0; i < this.#n; i++) {
      const phi = qpos[this.#qpos[i] as number] as number;
      rolled[i] = (this.#wheelSign[i] as number) * (phi - (this.#prev[i] as number));
      this.#prev[i] = phi;
    }
    // FK of the rolled angles (rad) is the twist integrated over the step (m, m, rad).
    const t = this.#kinematics.toChassisVelocityInto(this.#twist, rolled, "rad/s");
    return se2ExpInto(out, t[0] as number, t[1] as number, t[2] as number);
  }
}
