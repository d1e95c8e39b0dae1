import { assertNever } from "../util/assertNever.js";
import type { AckermannDrive, BicycleDrive, DifferentialDrive, MecanumDrive, TricycleDrive } from "./Drive.js";
import { type DriveFrame, driveFrame } from "./driveFrame.js";
import type { Joint } from "./Joint.js";
import type { Robot } from "./Robot.js";
import { rollingRadius } from "./rollingRadius.js";
import type { Vec3 } from "./Vector.js";
import { type Vec2, type WheelLayout, wheelLayout } from "./wheelLayout.js";

/**
 * A driven (or passive) wheel, read from the model at zero joint positions, in the base frame
 * (REP-103: x forward, y left, z up; metres, radians).
 */
export interface DriveWheel {
  readonly joint: string;
  /** Wheel centre projected on the ground plane, in the base frame (m). */
  readonly position: Vec2;
  /** Height of the wheel centre in the base frame (m). */
  readonly height: number;
  /** Rolling radius (m), as {@link rollingRadius} reads it; undefined when the wheel has no round collision. */
  readonly radius?: number;
  /**
   * +1 when a positive joint rate rolls the wheel towards the base's +x (at zero steering),
   * −1 when towards −x, 0 when the axle is parallel to x (the wheel rolls sideways).
   */
  readonly direction: 1 | -1 | 0;
  /** The joint's spin axis in the base frame (unit vector). */
  readonly axis: Vec3;
  /** Maximum joint speed (rad/s), from the joint's limit when it has one. */
  readonly maxSpeed?: number;
}

/** A steering joint of a car-like base, read at zero joint positions in the base frame. */
export interface DriveSteering {
  readonly joint: string;
  /** Where the steering axis meets the ground plane's projection, in the base frame (m). */
  readonly pivot: Vec2;
  /**
   * +1 when a positive joint angle turns the wheel to the left (anticlockwise about the base's
   * +z, as ros2_controllers' steering controllers command), −1 when to the right, 0 when the
   * axis is horizontal.
   */
  readonly direction: 1 | -1 | 0;
  /** Tilt of the steering axis from the base's z (rad, 0 = vertical). */
  readonly tilt: number;
  /** Joint position limits [lower, upper] (rad), for a revolute joint. */
  readonly limits?: readonly [number, number];
  /** Maximum steering rate (rad/s), from the joint's limit when it has one. */
  readonly maxRate?: number;
  /** The wheel the joint steers: the first continuous joint below it, when there is one. */
  readonly wheel?: DriveWheel;
  /** Radius (m) of the steered wheel: its wheel joint's, else the steered link's own round collision. */
  readonly wheelRadius?: number;
}

/** Differential or skid-steer base (diff_drive_controller). */
export interface DifferentialGeometry {
  readonly type: "differential";
  readonly baseLink: string;
  /** Left wheels (+y), in the drive's order. */
  readonly left: readonly DriveWheel[];
  /** Right wheels (−y), in the drive's order. */
  readonly right: readonly DriveWheel[];
  /** Wheel radius (m): the drive's `wheelRadius`, else the mean of the wheels' radii. */
  readonly wheelRadius: number;
  /** Mean left y minus mean right y (m), or the drive's `wheelSeparation`. */
  readonly wheelSeparation: number;
  /** The drive's `wheelSeparationMultiplier` (unitless), else 1; the effective separation is their product. */
  readonly wheelSeparationMultiplier: number;
}

/** Four-mecanum-wheel base (mecanum_drive_controller). */
export interface MecanumGeometry {
  readonly type: "mecanum";
  readonly baseLink: string;
  readonly frontLeft: DriveWheel;
  readonly frontRight: DriveWheel;
  readonly rearLeft: DriveWheel;
  readonly rearRight: DriveWheel;
  /** Wheel radius (m): the drive's `wheelRadius`, else the mean of the wheels' radii. */
  readonly wheelRadius: number;
  /** Centre of the four wheels in the base frame (m); [0, 0] when the base is centred. */
  readonly centre: Vec2;
  /** lx: half the distance between the front and rear axles (m). */
  readonly halfWheelbase: number;
  /** ly: half the distance between the left and right wheels (m). */
  readonly halfTrack: number;
  /** lx + ly (m), or the drive's `sumOfDistances`. */
  readonly sumOfDistances: number;
}

/** Fields the three steered-axle bases share. */
interface SteeredAxleGeometry {
  readonly baseLink: string;
  /** Traction wheel radius (m): the drive's `wheelRadius`, else the mean of the traction wheels' radii. */
  readonly wheelRadius: number;
  /** Steering axle x minus traction axle x (m), or the drive's `wheelbase`. */
  readonly wheelbase: number;
  /** Radius (m) of the steered wheels (mean), when they have round collisions. */
  readonly steeredWheelRadius?: number;
  /**
   * Centre of the traction axle in the base frame (m). ros2_controllers' steering controllers
   * take the base frame to be this point, so it is [0, 0] in a model they drive exactly.
   */
  readonly tractionAxleCentre: Vec2;
}

/** Car-like base: two steered front wheels, two driven rear wheels (ackermann_steering_controller). */
export interface AckermannGeometry extends SteeredAxleGeometry {
  readonly type: "ackermann";
  /** [left, right]. */
  readonly steering: readonly [DriveSteering, DriveSteering];
  /** [left, right]. */
  readonly traction: readonly [DriveWheel, DriveWheel];
  /** Left minus right traction wheel y (m), or the drive's `tractionTrackWidth`. */
  readonly tractionTrackWidth: number;
  /** Left minus right steering pivot y (m), or the drive's `steeringTrackWidth`. */
  readonly steeringTrackWidth: number;
}

/** One steered front wheel, one driven rear wheel (bicycle_steering_controller). */
export interface BicycleGeometry extends SteeredAxleGeometry {
  readonly type: "bicycle";
  readonly steering: DriveSteering;
  readonly traction: DriveWheel;
}

/** One steered front wheel, two driven rear wheels (tricycle_steering_controller). */
export interface TricycleGeometry extends SteeredAxleGeometry {
  readonly type: "tricycle";
  readonly steering: DriveSteering;
  /** [left, right]. */
  readonly traction: readonly [DriveWheel, DriveWheel];
  /** Left minus right traction wheel y (m), or the drive's `tractionTrackWidth`. */
  readonly tractionTrackWidth: number;
}

/**
 * Everything the controllers and kinematics need about a robot's drive, read from the model;
 * discriminated on `type`. The steered and omni shapes are {@link WheelLayout}'s.
 */
export type DriveGeometry =
  | WheelLayout
  | DifferentialGeometry
  | MecanumGeometry
  | AckermannGeometry
  | BicycleGeometry
  | TricycleGeometry;

/**
 * Reads a robot's drive geometry from its model, at zero joint positions, in the frame of
 * `baseLink` (default "base_link" when present, else the root link): wheel positions, radii
 * from the wheel links' round collisions, separations and track widths from the joint origins,
 * wheelbases from the axles, spin and steering directions from the joint axes, limits from the
 * joints. The drive's explicit values (`wheelRadius`, `wheelSeparation`, …) override what is
 * read. Pure; it does not judge consistency (checkRobot does).
 *
 * Throws RangeError when the robot declares no drive, a joint or link is missing, or a radius
 * the controllers need can be neither read nor taken from the drive.
 */
export function driveGeometry(robot: Robot, baseLink?: string): DriveGeometry {
  const drive = robot.drive;
  if (drive === undefined) throw new RangeError(`robot "${robot.name}" declares no drive (robot.drive)`);
  switch (drive.type) {
    case "steered":
    case "omni":
      return wheelLayout(robot, baseLink);
    case "differential":
      return differential(robot, drive, driveFrame(robot, baseLink));
    case "mecanum":
      return mecanum(robot, drive, driveFrame(robot, baseLink));
    case "ackermann":
      return ackermann(robot, drive, driveFrame(robot, baseLink));
    case "bicycle":
      return bicycle(robot, drive, driveFrame(robot, baseLink));
    case "tricycle":
      return tricycle(robot, drive, driveFrame(robot, baseLink));
    default:
      return assertNever(drive, "drive type");
  }
}

function differential(robot: Robot, drive: DifferentialDrive, f: DriveFrame): DifferentialGeometry {
  const left = drive.left.map((n) => wheel(robot, f, n));
  const right = drive.right.map((n) => wheel(robot, f, n));
  return {
    type: "differential",
    baseLink: f.base,
    left,
    right,
    wheelRadius: drive.wheelRadius ?? meanRadius(robot, [...left, ...right]),
    wheelSeparation:
      drive.wheelSeparation ?? mean(left.map((w) => w.position[1])) - mean(right.map((w) => w.position[1])),
    wheelSeparationMultiplier: drive.wheelSeparationMultiplier ?? 1,
  };
}

function mecanum(robot: Robot, drive: MecanumDrive, f: DriveFrame): MecanumGeometry {
  const [fl, fr, rl, rr] = [drive.frontLeft, drive.frontRight, drive.rearLeft, drive.rearRight].map((n) =>
    wheel(robot, f, n),
  ) as [DriveWheel, DriveWheel, DriveWheel, DriveWheel];
  const all = [fl, fr, rl, rr];
  const halfWheelbase = (mean([fl, fr].map((w) => w.position[0])) - mean([rl, rr].map((w) => w.position[0]))) / 2;
  const halfTrack = (mean([fl, rl].map((w) => w.position[1])) - mean([fr, rr].map((w) => w.position[1]))) / 2;
  return {
    type: "mecanum",
    baseLink: f.base,
    frontLeft: fl,
    frontRight: fr,
    rearLeft: rl,
    rearRight: rr,
    wheelRadius: drive.wheelRadius ?? meanRadius(robot, all),
    centre: [mean(all.map((w) => w.position[0])), mean(all.map((w) => w.position[1]))],
    halfWheelbase,
    halfTrack,
    sumOfDistances: drive.sumOfDistances ?? halfWheelbase + halfTrack,
  };
}

function ackermann(robot: Robot, drive: AckermannDrive, f: DriveFrame): AckermannGeometry {
  const steering = [steer(robot, f, drive.steering[0]), steer(robot, f, drive.steering[1])] as const;
  const traction = [wheel(robot, f, drive.traction[0]), wheel(robot, f, drive.traction[1])] as const;
  return {
    type: "ackermann",
    ...steeredAxle(robot, f, drive, steering, traction),
    steering,
    traction,
    tractionTrackWidth: drive.tractionTrackWidth ?? traction[0].position[1] - traction[1].position[1],
    steeringTrackWidth: drive.steeringTrackWidth ?? steering[0].pivot[1] - steering[1].pivot[1],
  };
}

function bicycle(robot: Robot, drive: BicycleDrive, f: DriveFrame): BicycleGeometry {
  const steering = steer(robot, f, drive.steering);
  const traction = wheel(robot, f, drive.traction);
  return { type: "bicycle", ...steeredAxle(robot, f, drive, [steering], [traction]), steering, traction };
}

function tricycle(robot: Robot, drive: TricycleDrive, f: DriveFrame): TricycleGeometry {
  const steering = steer(robot, f, drive.steering);
  const traction = [wheel(robot, f, drive.traction[0]), wheel(robot, f, drive.traction[1])] as const;
  return {
    type: "tricycle",
    ...steeredAxle(robot, f, drive, [steering], traction),
    steering,
    traction,
    tractionTrackWidth: drive.tractionTrackWidth ?? traction[0].position[1] - traction[1].position[1],
  };
}

function steeredAxle(
  robot: Robot,
  f: DriveFrame,
  drive: AckermannDrive | BicycleDrive | TricycleDrive,
  steering: readonly DriveSteering[],
  traction: readonly DriveWheel[],
): SteeredAxleGeometry {
  const centre: Vec2 = [mean(traction.map((w) => w.position[0])), mean(traction.map((w) => w.position[1]))];
  const steered = steering.flatMap((s) => (s.wheelRadius === undefined ? [] : [s.wheelRadius]));
  return {
    baseLink: f.base,
    wheelRadius: drive.wheelRadius ?? meanRadius(robot, traction),
    wheelbase: drive.wheelbase ?? mean(steering.map((s) => s.pivot[0])) - centre[0],
    ...(steered.length === steering.length ? { steeredWheelRadius: mean(steered) } : {}),
    tractionAxleCentre: centre,
  };
}

function wheel(robot: Robot, f: DriveFrame, name: string): DriveWheel {
  return wheelOf(robot, f, f.joint(name));
}

function wheelOf(robot: Robot, f: DriveFrame, j: Joint): DriveWheel {
  const c = f.inBase(j.child).xyz;
  const a = f.axisInBase(j);
  // A positive rate moves the wheel centre along a × e_z = (a_y, −a_x) when it rolls.
  const radius = rollingRadius(robot, j, f.poses);
  const maxSpeed = maxRate(j);
  return {
    joint: j.name,
    position: [c[0], c[1]],
    height: c[2],
    ...(radius === undefined ? {} : { radius }),
    direction: sign(a[1]),
    axis: a,
    ...(maxSpeed === undefined ? {} : { maxSpeed }),
  };
}

function steer(robot: Robot, f: DriveFrame, name: string): DriveSteering {
  const j = f.joint(name);
  const at = f.inBase(j.child).xyz;
  const a = f.axisInBase(j);
  const rate = maxRate(j);
  const below = (robot.joints ?? []).find((w) => w.parent === j.child && w.type === "continuous");
  const wheel = below === undefined ? undefined : wheelOf(robot, f, below);
  const wheelRadius = wheel?.radius ?? ownRoundRadius(robot, j.child);
  return {
    joint: j.name,
    pivot: [at[0], at[1]],
    direction: sign(a[2]),
    tilt: Math.acos(Math.min(1, Math.abs(a[2]))),
    ...(j.type === "revolute" ? { limits: [j.limit.lower, j.limit.upper] as const } : {}),
    ...(rate === undefined ? {} : { maxRate: rate }),
    ...(wheel === undefined ? {} : { wheel }),
    ...(wheelRadius === undefined ? {} : { wheelRadius }),
  };
}

/** The first cylinder or sphere collision's radius (m) of a link, if any. */
function ownRoundRadius(robot: Robot, link: string): number | undefined {
  for (const c of robot.links.find((l) => l.name === link)?.collisions ?? [])
    if (c.geometry.type === "cylinder" || c.geometry.type === "sphere") return c.geometry.radius;
  return undefined;
}

function maxRate(j: Joint): number | undefined {
  if (j.type === "revolute" || j.type === "prismatic") return j.limit.velocity;
  if (j.type === "continuous") return j.limit?.velocity;
  return undefined;
}

function meanRadius(robot: Robot, wheels: readonly DriveWheel[]): number {
  const radii: number[] = [];
  for (const w of wheels) {
    if (w.radius === undefined)
      throw new RangeError(
        `robot "${robot.name}": wheel joint "${w.joint}" spins a link with no cylinder or sphere collision (nor rollers with sphere or capsule collisions) to read its radius from; give the drive's wheelRadius`,
      );
    radii.push(w.radius);
  }
  return mean(radii);
}

function mean(values: readonly number[]): number {
  let s = 0;
  for (const v of values) s += v;
  return values.length === 0 ? 0 : s / values.length;
}

/** Sign with a dead band, so that an axis a rounding error off perpendicular reads as 0. */
function sign(v: number): 1 | -1 | 0 {
  return v > 1e-9 ? 1 : v < -1e-9 ? -1 : 0;
}
