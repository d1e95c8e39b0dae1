import type { DifferentialDriveFromModel, MecanumDriveFromModel } from "../kinematics/driveFromModel.js";
import { driveJoints } from "../kinematics/driveJoints.js";
import { se2ExpInto } from "../kinematics/se2Exp.js";
import { baseMotionFromPointInto, twistAtPointInto } from "../kinematics/shiftTwist.js";
import type { DriveWheel } from "../model/driveGeometry.js";
import { plainMecanumWheels } from "../model/plainMecanumWheels.js";
import type { Robot } from "../model/Robot.js";
import type { DriveController } from "./DriveController.js";
import { type DriveServos, driveServos } from "./driveServos.js";
import type { SimulationSession } from "./SimulationSession.js";

/**
 * Drive of a simulated differential (or skid-steer) or mecanum base, every number from the
 * model ({@link driveFromModel}): inverse kinematics to wheel rates (each side's rate to all
 * its wheels for a skid-steer base, as diff_drive_controller does), signed by each joint's
 * axis and desaturated together (ratios kept) to the wheel joints' velocity limit; odometry
 * from the wheels' rolled angles over the step through the forward kinematics, integrated
 * as a constant twist (exact SE(2) arc) at the drive's kinematic centre and carried to the
 * base frame. A differential base cannot move sideways: it drops vy, as its controller does.
 * A mecanum wheel must carry its rollers as joints (a plain cylinder would roll like an
 * ordinary wheel in the simulator, and the base could not move sideways).
 */
export class WheelDriveController implements DriveController {
  readonly type: "differential" | "mecanum";
  readonly steerJoints: readonly string[] = [];
  readonly wheelJoints: readonly string[];
  readonly #drive: DifferentialDriveFromModel | MecanumDriveFromModel;
  readonly #session: SimulationSession;
  readonly #servos: DriveServos;
  readonly #wheels: readonly DriveWheel[];
  /** Index into the kinematics' output (side or wheel) of each wheel joint. */
  readonly #source: Int32Array;
  readonly #centre: readonly [number, number];
  readonly #rates: Float64Array;
  readonly #prev: Float64Array;
  readonly #travel: Float64Array;
  /** Wheels per kinematics entry (a skid-steer side averages its wheels). */
  readonly #count: Float64Array;
  readonly #twist = new Float64Array(3);
  readonly #arc = new Float64Array(3);

  /**
   * @param robot - the checked model (actuators and joint limits are read from it).
   * @param drive - its drive, from {@link driveFromModel}.
   * @param session - the compiled MJCF of the same robot.
   * @throws RangeError when a wheel is not a velocity servo, or a mecanum wheel has no roller joints ({@link plainMecanumWheels}).
   */
  constructor(robot: Robot, drive: DifferentialDriveFromModel | MecanumDriveFromModel, session: SimulationSession) {
    this.type = drive.type;
    this.#drive = drive;
    this.#session = session;
    this.wheelJoints = driveJoints(drive).wheelJoints;
    this.#servos = driveServos(robot, session, this.wheelJoints, "velocity", `${drive.type} wheels`);
    if (drive.type === "differential") {
      const dg = drive.geometry;
      this.#wheels = [...dg.left, ...dg.right];
      this.#source = Int32Array.from(this.#wheels, (_, i) => (i < dg.left.length ? 0 : 1));
      this.#centre = drive.centre;
      this.#travel = new Float64Array(2);
    } else {
      const mg = drive.geometry;
      this.#wheels = [mg.frontLeft, mg.frontRight, mg.rearLeft, mg.rearRight];
      // The model check warns of plain mecanum wheels; a simulation cannot drive them sideways.
      const plain = plainMecanumWheels(robot, mg)[0];
      if (plain !== undefined) throw new RangeError(plain.message);
      this.#source = Int32Array.of(0, 1, 2, 3);
      this.#centre = [0, 0];
      this.#travel = new Float64Array(4);
    }
    this.#count = new Float64Array(this.#travel.length);
    for (const s of this.#source) this.#count[s] = (this.#count[s] as number) + 1;
    this.#rates = new Float64Array(4);
    this.#prev = new Float64Array(this.#wheels.length);
    const qpos = session.qpos;
    for (let i = 0; i < this.#wheels.length; i++) this.#prev[i] = qpos[this.#servos.qpos[i] as number] as number;
  }

  steeringAnglesInto(out: Float64Array): Float64Array {
    return out;
  }

  wheelRatesInto(out: Float64Array): Float64Array {
    const qvel = this.#session.qvel;
    for (let i = 0; i < this.#wheels.length; i++) out[i] = qvel[this.#servos.dof[i] as number] as number;
    return out;
  }

  command(vx: number, vy: number, omega: number): number {
    const d = this.#drive;
    const u = this.#rates;
    if (d.type === "differential") {
      const t = twistAtPointInto(this.#twist, this.#centre[0], this.#centre[1], vx, vy, omega);
      d.kinematics.toWheelSpeedsInto(u, t[0] as number, omega);
    } else d.kinematics.toWheelSpeedsInto(u, vx, vy, omega);
    const r = d.geometry.wheelRadius;
    let top = 0;
    for (let i = 0; i < this.#wheels.length; i++)
      top = Math.max(top, Math.abs(u[this.#source[i] as number] as number) / r);
    const scale = top > this.#servos.maxRate ? this.#servos.maxRate / top : 1;
    const ctrl = this.#session.ctrl;
    this.#wheels.forEach((w, i) => {
      ctrl[this.#servos.actuator[i] as number] = (w.direction * (u[this.#source[i] as number] as number) * scale) / r;
    });
    return scale;
  }

  odometryStep(out: Float64Array): Float64Array {
    const qpos = this.#session.qpos;
    const travel = this.#travel.fill(0);
    const r = this.#drive.geometry.wheelRadius;
    this.#wheels.forEach((w, i) => {
      const q = qpos[this.#servos.qpos[i] as number] as number;
      const s = this.#source[i] as number;
      travel[s] = (travel[s] as number) + w.direction * (q - (this.#prev[i] as number)) * r;
      this.#prev[i] = q;
    });
    for (let s = 0; s < travel.length; s++) travel[s] = (travel[s] as number) / (this.#count[s] as number);
    const d = this.#drive;
    const t =
      d.type === "differential"
        ? d.kinematics.toChassisVelocityInto(this.#twist, travel[0] as number, travel[1] as number)
        : d.kinematics.toChassisVelocityInto(this.#twist, travel);
    se2ExpInto(this.#arc, t[0] as number, t[1] as number, t[2] as number);
    return baseMotionFromPointInto(
      out,
      this.#centre[0],
      this.#centre[1],
      this.#arc[0] as number,
      this.#arc[1] as number,
      t[2] as number,
    );
  }
}
