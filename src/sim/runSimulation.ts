import type { MainModule } from "mujoco-js";

import { emitMjcf } from "../emit/mjcf/emitMjcf.js";
import { mjcfNames } from "../emit/mjcf/mjcfNames.js";
import { se2LogInto } from "../kinematics/se2Log.js";
import { wrapAngle } from "../util/wrapAngle.js";
import type { Robot } from "../model/Robot.js";
import type { ImuSensor } from "../model/Sensor.js";
import { type DriveFromModel, driveFromModel } from "../kinematics/driveFromModel.js";
import { assertNever } from "../util/assertNever.js";
import { CarLikeDriveController } from "./CarLikeDriveController.js";
import { WheelDriveController } from "./WheelDriveController.js";
import { GaussMarkovNoise } from "../sensors/noise/GaussMarkovNoise.js";
import { commandAtInto } from "./commandAt.js";
import type { DriveController } from "./DriveController.js";
import { limitTwistRateInto } from "../kinematics/limitTwistRateInto.js";
import { MujocoSession } from "./mujoco/MujocoSession.js";
import { OmniDriveController } from "./OmniDriveController.js";
import { yawOfMjQuat } from "./planarPose.js";
import { profileForRun } from "./profileForRun.js";
import { roseAt, unwrapTo } from "./rosePath.js";
import type { RunProfile, Scenario } from "./Scenario.js";
import { scenarioDriveProblem } from "./scenarioDriveProblem.js";
import { scenarioDuration } from "./scenarioDuration.js";
import { simulationLimitProblems } from "./simulationLimits.js";
import type { PoseColumns, SimulationTrace, TwistColumns } from "./SimulationTrace.js";
import { ServoIntegralAction } from "./ServoIntegralAction.js";
import type { SimulationSession } from "./SimulationSession.js";
import { SteeredDriveController } from "./SteeredDriveController.js";

/** Options of {@link runSimulation}. */
export interface SimulationOptions {
  /** The MuJoCo module (`loadMujoco`); injected so this function does no I/O. */
  readonly mujoco: MainModule;
  /** Simulated time (s); default the scenario's, else the profile's natural length. */
  readonly duration?: number;
  /** Controller rate (Hz); default the scenario's, else 100. */
  readonly rate?: number;
  /** Seed of the run (integer): draws the sensor noise and a generated (joystick) profile. Default 1. */
  readonly seed?: number;
  /** Called about once per simulated second with the fraction done, in [0, 1]. */
  readonly onProgress?: (fraction: number, simulatedTime: number) => void;
  /** MJCF to load instead of emitting it from the robot (tests use this to break it). */
  readonly mjcf?: string;
  /**
   * Steered bases: steering error (rad) above which the base waits for its servos (every
   * wheel at 0). Default 0.1; Infinity = never wait (cosine scaling only).
   */
  readonly alignTolerance?: number;
}

/**
 * Drives a robot through a scenario in MuJoCo (mujoco-js) with robokit's kinematics in the
 * loop, and records commands, true and odometry twists and poses, steering angles and
 * wheel rates. Pure apart from the injected MuJoCo module: same robot, scenario and seed
 * give the same trace. A joystick profile is drawn for the run from its seed
 * (`profileForRun`).
 *
 * Geometry comes only from the model ({@link driveFromModel}); the MJCF is {@link emitMjcf}'s.
 * Every `rate` Hz the controller reads the joints, updates odometry, evaluates the
 * command (for a path: feed-forward plus feedback on the odometry pose), limits its rate of
 * change to the profile's acceleration limits (`limitTwistRateInto`) and writes the
 * actuator targets, plus the integral term of the model's joint PIDs
 * (`ServoIntegralAction`); MuJoCo then integrates 1/(rate·timestep) steps.
 *
 * @throws RangeError for a robot without a supported drive, a scenario that commands what the
 *   drive cannot do (`scenarioDriveProblem`), a rate that does not divide
 *   the MJCF step, a non-positive duration, or a run over `SIMULATION_LIMITS`; MjcfLoadError when MuJoCo refuses the model.
 */
export function runSimulation(robot: Robot, scenario: Scenario, options: SimulationOptions): SimulationTrace {
  const session = MujocoSession.open(options.mujoco, options.mjcf ?? emitMjcf(robot), `mjcf/${robot.name}.xml`);
  try {
    return runSimulationOn(session, robot, scenario, options);
  } finally {
    session.dispose();
  }
}

/**
 * {@link runSimulation}'s closed loop on a physics session that is already open: MuJoCo's,
 * or another engine's behind the same {@link SimulationSession} surface (the tests drive
 * DART this way). The session must hold `robot` with its base link as a body and an actuator
 * per driven joint, named as {@link mjcfNames} names them.
 *
 * @throws RangeError as {@link runSimulation} does.
 */
export function runSimulationOn(
  session: SimulationSession,
  robot: Robot,
  scenario: Scenario,
  options: Omit<SimulationOptions, "mujoco" | "mjcf">,
): SimulationTrace {
  const duration = options.duration ?? scenarioDuration(scenario);
  const rate = options.rate ?? scenario.rate ?? 100;
  if (!(duration > 0) || !Number.isFinite(duration))
    throw new RangeError(`duration must be > 0 s, got ${String(duration)}`);
  if (!(rate > 0) || !Number.isFinite(rate)) throw new RangeError(`rate must be > 0 Hz, got ${String(rate)}`);
  // The run holds a trace row per control step: bounded, whatever the caller passes.
  const [tooMuch] = simulationLimitProblems(duration, rate);
  if (tooMuch !== undefined) throw new RangeError(tooMuch.message);
  const model = driveFromModel(robot);
  if (model.drive === undefined) throw new RangeError(`robot "${robot.name}": ${model.diagnostic.message}`);
  const unfit = scenarioDriveProblem(scenario, model.drive);
  if (unfit !== undefined) throw new RangeError(unfit);
  const substepsReal = 1 / (rate * session.timestep);
  const substeps = Math.round(substepsReal);
  if (substeps < 1 || Math.abs(substepsReal - substeps) > 1e-6) {
    throw new RangeError(
      `controller rate ${String(rate)} Hz must divide the simulation rate ${String(1 / session.timestep)} Hz`,
    );
  }
  const dt = substeps * session.timestep;
  const controller = driveController(robot, model.drive, session, dt, options.alignTolerance);
  const profile = profileForRun(scenario.profile, options.seed ?? 1, duration);
  return drive(
    robot,
    scenario,
    profile,
    options,
    session,
    controller,
    model.drive.type === "steered" || model.drive.type === "omni"
      ? model.drive.layout.baseLink
      : model.drive.geometry.baseLink,
    dt,
    substeps,
    Math.round(duration / dt),
  );
}

/** The closed-loop controller for a drive type. */
function driveController(
  robot: Robot,
  drive: DriveFromModel,
  session: SimulationSession,
  dt: number,
  alignTolerance: number | undefined,
): DriveController {
  switch (drive.type) {
    case "steered":
      return new SteeredDriveController(robot, drive.layout, session, dt, alignTolerance);
    case "omni":
      return new OmniDriveController(robot, drive.layout, session);
    case "differential":
    case "mecanum":
      return new WheelDriveController(robot, drive, session);
    case "ackermann":
    case "bicycle":
    case "tricycle":
      return new CarLikeDriveController(robot, drive, session);
    default:
      return assertNever(drive, "drive");
  }
}

function twistColumns(n: number): TwistColumns {
  return { vx: new Float64Array(n), vy: new Float64Array(n), omega: new Float64Array(n) };
}

function poseColumns(n: number): PoseColumns {
  return { x: new Float64Array(n), y: new Float64Array(n), theta: new Float64Array(n) };
}

function drive(
  robot: Robot,
  scenario: Scenario,
  profile: RunProfile,
  options: Omit<SimulationOptions, "mujoco" | "mjcf">,
  session: SimulationSession,
  controller: DriveController,
  baseLink: string,
  dt: number,
  substeps: number,
  rows: number,
): SimulationTrace {
  const base = session.id("body", baseLink);
  const gyro = gyroReader(robot, scenario, session, options.seed ?? 1);
  const integral = new ServoIntegralAction(robot, session, dt);
  const trace: SimulationTrace = {
    rows,
    dt,
    time: new Float64Array(rows),
    command: twistColumns(rows),
    trueTwist: twistColumns(rows),
    odomTwist: twistColumns(rows),
    truePose: poseColumns(rows),
    odomPose: poseColumns(rows),
    ...(profile.type === "rose" ? { reference: poseColumns(rows) } : {}),
    steerJoints: controller.steerJoints,
    steering: controller.steerJoints.map(() => new Float64Array(rows)),
    wheelJoints: controller.wheelJoints,
    wheelRates: controller.wheelJoints.map(() => new Float64Array(rows)),
    scale: new Float64Array(rows),
  };
  session.forward();
  // The start frame: the base link's ground pose at t = 0. Every logged pose is in it.
  const start = groundPose(session, base);
  const cs = Math.cos(start[2]);
  const sn = Math.sin(start[2]);
  const truePose = Float64Array.of(0, 0, 0);
  const odom = Float64Array.of(0, 0, 0);
  const cmd = new Float64Array(3);
  const sent = new Float64Array(3); // the command of the previous tick (the robot starts at rest)
  const limited = profile.maxAcceleration !== undefined || profile.maxAngularAcceleration !== undefined;
  const step = new Float64Array(3);
  const log = new Float64Array(3);
  const steer = new Float64Array(controller.steerJoints.length);
  const wheels = new Float64Array(controller.wheelJoints.length);
  let refTheta = 0;
  let nextProgress = 1;
  for (let k = 0; k < rows; k++) {
    const t = k * dt;
    if (profile.type === "commands") {
      commandAtInto(cmd, profile, t);
    } else {
      const r = roseAt(profile, t);
      refTheta = unwrapTo(r.theta, refTheta);
      const gain = profile.trackingGain ?? 1;
      const wx = r.vx + gain * (r.x - (odom[0] as number));
      const wy = r.vy + gain * (r.y - (odom[1] as number));
      const th = odom[2] as number;
      cmd[0] = Math.cos(th) * wx + Math.sin(th) * wy;
      cmd[1] = -Math.sin(th) * wx + Math.cos(th) * wy;
      cmd[2] = r.omega + gain * wrapAngle(refTheta - th);
    }
    // The profile's acceleration limits act on the command itself (the logged one).
    if (limited) limitTwistRateInto(cmd, sent, cmd, dt, profile.maxAcceleration, profile.maxAngularAcceleration);
    sent.set(cmd);
    trace.scale[k] = controller.command(cmd[0] as number, cmd[1] as number, cmd[2] as number);
    integral.apply();
    session.step(substeps);

    // Odometry: the wheels' rigid increment, heading from the gyro when asked.
    controller.odometryStep(step);
    if (gyro !== undefined) step[2] = gyro(dt);
    const th0 = odom[2] as number;
    odom[0] = (odom[0] as number) + Math.cos(th0) * (step[0] as number) - Math.sin(th0) * (step[1] as number);
    odom[1] = (odom[1] as number) + Math.sin(th0) * (step[0] as number) + Math.cos(th0) * (step[1] as number);
    odom[2] = wrapAngle(th0 + (step[2] as number));
    se2LogInto(log, step[0] as number, step[1] as number, step[2] as number);
    trace.odomTwist.vx[k] = (log[0] as number) / dt;
    trace.odomTwist.vy[k] = (log[1] as number) / dt;
    trace.odomTwist.omega[k] = (log[2] as number) / dt;

    // Truth: the base link's ground pose in the start frame, and the twist of the tick.
    const g = groundPose(session, base);
    const gx = cs * ((g[0] as number) - start[0]) + sn * ((g[1] as number) - start[1]);
    const gy = -sn * ((g[0] as number) - start[0]) + cs * ((g[1] as number) - start[1]);
    const gth = wrapAngle((g[2] as number) - start[2]);
    const p0 = truePose[2] as number;
    const ddx = gx - (truePose[0] as number);
    const ddy = gy - (truePose[1] as number);
    se2LogInto(
      log,
      Math.cos(p0) * ddx + Math.sin(p0) * ddy,
      -Math.sin(p0) * ddx + Math.cos(p0) * ddy,
      wrapAngle(gth - p0),
    );
    trace.trueTwist.vx[k] = (log[0] as number) / dt;
    trace.trueTwist.vy[k] = (log[1] as number) / dt;
    trace.trueTwist.omega[k] = (log[2] as number) / dt;
    truePose[0] = gx;
    truePose[1] = gy;
    truePose[2] = gth;

    trace.time[k] = (k + 1) * dt;
    trace.command.vx[k] = cmd[0] as number;
    trace.command.vy[k] = cmd[1] as number;
    trace.command.omega[k] = cmd[2] as number;
    trace.truePose.x[k] = gx;
    trace.truePose.y[k] = gy;
    trace.truePose.theta[k] = gth;
    trace.odomPose.x[k] = odom[0] as number;
    trace.odomPose.y[k] = odom[1] as number;
    trace.odomPose.theta[k] = odom[2] as number;
    if (trace.reference !== undefined && profile.type === "rose") {
      const r = roseAt(profile, (k + 1) * dt);
      trace.reference.x[k] = r.x;
      trace.reference.y[k] = r.y;
      trace.reference.theta[k] = wrapAngle(r.theta);
    }
    controller.steeringAnglesInto(steer);
    controller.wheelRatesInto(wheels);
    trace.steering.forEach((col, i) => (col[k] = steer[i] as number));
    trace.wheelRates.forEach((col, i) => (col[k] = wheels[i] as number));
    if (options.onProgress !== undefined && (k + 1) * dt >= nextProgress) {
      nextProgress += 1;
      options.onProgress((k + 1) / rows, (k + 1) * dt);
    }
  }
  options.onProgress?.(1, rows * dt);
  return trace;
}

/** World x, y (m) and yaw (rad) of a body. */
function groundPose(session: SimulationSession, body: number): [number, number, number] {
  const p = session.xpos;
  const q = session.xquat;
  return [
    p[3 * body] as number,
    p[3 * body + 1] as number,
    yawOfMjQuat(q[4 * body] as number, q[4 * body + 1] as number, q[4 * body + 2] as number, q[4 * body + 3] as number),
  ];
}

/**
 * For heading "gyro": a reader returning the heading change over the last tick (rad) from
 * the first IMU's gyro z channel, with the model's gyro z noise (Sharifi et al. 2018, eqs. 1–2).
 */
function gyroReader(
  robot: Robot,
  scenario: Scenario,
  session: SimulationSession,
  seed: number,
): ((dt: number) => number) | undefined {
  if ((scenario.heading ?? "wheels") !== "gyro") return undefined;
  const imu = robot.links.flatMap((l) => l.sensors ?? []).find((s): s is ImuSensor => s.type === "imu");
  if (imu === undefined)
    throw new RangeError(
      `scenario "${scenario.name}" takes its heading from a gyro, but robot "${robot.name}" has no IMU`,
    );
  const channel = session.sensorAddress(mjcfNames.sensorChannel(imu.name, "gyro"));
  const params = imu.angularVelocityNoise?.z;
  const noise = params === undefined ? undefined : new GaussMarkovNoise(params, seed);
  return (dt: number): number => {
    const rate = session.sensordata[channel.address + 2] as number;
    return (noise === undefined ? rate : noise.apply(rate, dt)) * dt;
  };
}
