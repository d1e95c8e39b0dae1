import type {
  AckermannDriveFromModel,
  BicycleDriveFromModel,
  TricycleDriveFromModel,
} from "../kinematics/driveFromModel.js";
import { driveJoints } from "../kinematics/driveJoints.js";
import { se2ExpInto } from "../kinematics/se2Exp.js";
import { baseMotionFromPointInto, twistAtPointInto } from "../kinematics/shiftTwist.js";
import type { DriveSteering, DriveWheel } from "../model/driveGeometry.js";
import type { Robot } from "../model/Robot.js";
import type { DriveController } from "./DriveController.js";
import { type DriveServos, driveServos } from "./driveServos.js";
import type { SimulationSession } from "./SimulationSession.js";

/** Steering error (rad) below which the traction wheels run at full speed (ros2_controllers' π/6). */
const FULL_SPEED_ERROR = Math.PI / 6;
/** Steering error (rad) at which the traction speed bottoms out (ros2_controllers' 1.5608). */
const LEAST_SPEED_ERROR = 1.5608;

/** A car-like drive from the model. */
type CarLikeDrive = AckermannDriveFromModel | BicycleDriveFromModel | TricycleDriveFromModel;

/**
 * Drive of a simulated Ackermann, bicycle or tricycle base, as ros2_controllers' steering
 * controllers drive one, every number from the model ({@link driveFromModel}):
 *
 * - The body twist is carried to the traction axle's centre (the kinematics' origin); its
 *   vy, which a car-like base cannot follow, is dropped.
 * - Inverse kinematics give the steering angles (position servos, clamped to the joints'
 *   limits) and the traction rates (velocity servos, signed by each joint's axis,
 *   desaturated together to their velocity limit).
 * - While a steering joint is far from its target, the traction rates are scaled by
 *   cos(e)/cos(π/6) for a steering error e > π/6 (ros2_controllers'
 *   `reduce_wheel_speed_until_steering_reached`), so the base does not roll far on a wrong arc.
 * - Odometry: the traction wheels' rolled angles over the step through the forward
 *   kinematics (the bicycle's with the mean measured steering angle), integrated as a
 *   constant twist (exact SE(2) arc) and carried to the base frame.
 */
export class CarLikeDriveController implements DriveController {
  readonly type: CarLikeDrive["type"];
  readonly steerJoints: readonly string[];
  readonly wheelJoints: readonly string[];
  readonly #drive: CarLikeDrive;
  readonly #session: SimulationSession;
  readonly #steering: readonly DriveSteering[];
  readonly #traction: readonly DriveWheel[];
  readonly #steerServos: DriveServos;
  readonly #wheelServos: DriveServos;
  readonly #ik: Float64Array;
  readonly #twist = new Float64Array(3);
  readonly #arc = new Float64Array(3);
  readonly #prevWheel: Float64Array;
  readonly #prevSteer: Float64Array;
  readonly #rolled: Float64Array;

  /**
   * @param robot - the checked model (actuators and joint limits are read from it).
   * @param drive - its drive, from {@link driveFromModel}.
   * @param session - the compiled MJCF of the same robot.
   * @throws RangeError when a steering joint is not a position servo or a traction wheel not a
   *   velocity servo.
   */
  constructor(robot: Robot, drive: CarLikeDrive, session: SimulationSession) {
    this.type = drive.type;
    this.#drive = drive;
    this.#session = session;
    const joints = driveJoints(drive);
    this.steerJoints = joints.steerJoints;
    this.wheelJoints = joints.wheelJoints;
    this.#steering = drive.type === "ackermann" ? drive.geometry.steering : [drive.geometry.steering];
    this.#traction = drive.type === "bicycle" ? [drive.geometry.traction] : drive.geometry.traction;
    this.#steerServos = driveServos(robot, session, this.steerJoints, "position", `${drive.type} steering joints`);
    this.#wheelServos = driveServos(robot, session, this.wheelJoints, "velocity", `${drive.type} traction wheels`);
    this.#ik = new Float64Array(this.#steering.length + this.#traction.length);
    this.#prevWheel = new Float64Array(this.#traction.length);
    this.#prevSteer = new Float64Array(this.#steering.length);
    this.#rolled = new Float64Array(this.#traction.length);
    this.#readPositions(this.#prevWheel, this.#prevSteer);
  }

  #readPositions(wheels: Float64Array, steering: Float64Array): void {
    const qpos = this.#session.qpos;
    for (let i = 0; i < this.#traction.length; i++) wheels[i] = qpos[this.#wheelServos.qpos[i] as number] as number;
    this.#steering.forEach((s, i) => {
      steering[i] = s.direction * (qpos[this.#steerServos.qpos[i] as number] as number);
    });
  }

  steeringAnglesInto(out: Float64Array): Float64Array {
    const qpos = this.#session.qpos;
    this.#steering.forEach((s, i) => {
      out[i] = s.direction * (qpos[this.#steerServos.qpos[i] as number] as number);
    });
    return out;
  }

  wheelRatesInto(out: Float64Array): Float64Array {
    const qvel = this.#session.qvel;
    for (let i = 0; i < this.#traction.length; i++) out[i] = qvel[this.#wheelServos.dof[i] as number] as number;
    return out;
  }

  command(vx: number, vy: number, omega: number): number {
    const d = this.#drive;
    const t = twistAtPointInto(this.#twist, d.centre[0], d.centre[1], vx, vy, omega);
    const ik = d.kinematics.toWheelSpeedsInto(this.#ik, t[0] as number, omega);
    const nSteer = this.#steering.length;
    const ctrl = this.#session.ctrl;
    const qpos = this.#session.qpos;
    let error = 0;
    this.#steering.forEach((s, i) => {
      const [lo, hi] = s.limits ?? [-Infinity, Infinity];
      const target = Math.min(hi, Math.max(lo, s.direction * (ik[i] as number)));
      ctrl[this.#steerServos.actuator[i] as number] = target;
      error = Math.max(error, Math.abs(target - (qpos[this.#steerServos.qpos[i] as number] as number)));
    });
    let top = 0;
    for (let i = 0; i < this.#traction.length; i++) top = Math.max(top, Math.abs(ik[nSteer + i] as number));
    const limit = top > this.#wheelServos.maxRate ? this.#wheelServos.maxRate / top : 1;
    const steer =
      error <= FULL_SPEED_ERROR ? 1 : Math.cos(Math.min(error, LEAST_SPEED_ERROR)) / Math.cos(FULL_SPEED_ERROR);
    const scale = limit * steer;
    this.#traction.forEach((w, i) => {
      ctrl[this.#wheelServos.actuator[i] as number] = w.direction * (ik[nSteer + i] as number) * scale;
    });
    return scale;
  }

  odometryStep(out: Float64Array): Float64Array {
    const qpos = this.#session.qpos;
    const rolled = this.#rolled;
    this.#traction.forEach((w, i) => {
      const q = qpos[this.#wheelServos.qpos[i] as number] as number;
      rolled[i] = w.direction * (q - (this.#prevWheel[i] as number));
      this.#prevWheel[i] = q;
    });
    const d = this.#drive;
    let t: Float64Array;
    if (d.type === "bicycle") {
      const s = d.geometry.steering;
      const now = s.direction * (qpos[this.#steerServos.qpos[0] as number] as number);
      const mid = 0.5 * (now + (this.#prevSteer[0] as number));
      this.#prevSteer[0] = now;
      t = d.kinematics.toChassisSpeedsInto(this.#twist, mid, rolled[0] as number);
    } else t = d.kinematics.toChassisSpeedsInto(this.#twist, rolled[0] as number, rolled[1] as number);
    se2ExpInto(this.#arc, t[0] as number, t[1] as number, t[2] as number);
    return baseMotionFromPointInto(
      out,
      d.centre[0],
      d.centre[1],
      this.#arc[0] as number,
      this.#arc[1] as number,
      t[2] as number,
    );
  }
}
