import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { formatNumber } from "../util/formatNumber.js";
import {
  type DifferentialGeometry,
  type DriveGeometry,
  type DriveSteering,
  type DriveWheel,
  driveGeometry,
  type MecanumGeometry,
} from "./driveGeometry.js";
import { driveKinematicProblems } from "./driveKinematicProblems.js";
import { plainMecanumWheels } from "./plainMecanumWheels.js";
import type { Robot } from "./Robot.js";
import { assertNever } from "../util/assertNever.js";

/** Positions and radii closer than this (m) are the same. */
const LENGTH_TOLERANCE = 1e-6;
/** A steering axis tilted less than this (rad) from vertical is vertical. */
const TILT_TOLERANCE = 1e-6;

type Report = (severity: "error" | "warning", jsonPath: string, message: string) => void;

/**
 * Checks that a drive's geometry is what the ros2_controllers controller robokit writes for it
 * assumes (diff_drive_controller, mecanum_drive_controller, the steering controllers), naming
 * the joints: a geometry the controller cannot be configured with (no radius to read, a
 * separation, track or wheelbase ≤ 0, which its parameter validation refuses) is an error;
 * one it loads but drives wrongly (wheels off their axle, unequal radii where it takes one,
 * a wheel spinning backwards for a positive rate, left wheels not at +y, a steering axis that
 * turns right for a positive angle, a steered base whose base frame is not the traction axle's
 * centre) is a warning saying what the controller will do; so is a mecanum wheel without
 * roller joints, which a simulator rolls as a plain wheel. A geometry no kinematics can drive
 * ({@link driveKinematicProblems}: a wheel that cannot roll along x, a tilted steering axis,
 * a caster trail, omni wheels off one circle) is an error (FEATURE_UNSUPPORTED), as `ik`,
 * `odom` and `sim` refuse it.
 *
 * Assumes the drive's references and joint types were checked (they resolve and are right).
 */
export function checkDriveGeometry(robot: Robot): Diagnostic[] {
  const out: Diagnostic[] = [];
  const report: Report = (severity, jsonPath, message) =>
    out.push({ code: "DRIVE_GEOMETRY_MISMATCH", severity, message, jsonPath });
  if (robot.drive === undefined) return out;
  let g: DriveGeometry;
  try {
    g = driveGeometry(robot);
  } catch (error) {
    report("error", "/drive", `drive: ${error instanceof Error ? error.message : String(error)}`);
    return out;
  }
  // What no kinematics can drive is an error here as in ik, odom and sim, in the same words.
  for (const p of driveKinematicProblems(g))
    out.push({ code: "FEATURE_UNSUPPORTED", severity: "error", message: `drive: ${p.message}`, jsonPath: p.jsonPath });
  switch (g.type) {
    case "steered":
    case "omni":
      break;
    case "differential":
      differential(g, report);
      break;
    case "mecanum":
      mecanum(g, report);
      plainMecanumWheels(robot, g).forEach((p) => report("warning", p.jsonPath, `drive: ${p.message}`));
      break;
    case "ackermann":
      positive(g.wheelbase, "wheelbase", "the steering joints must be ahead of the traction wheels", report);
      positive(g.tractionTrackWidth, "tractionTrackWidth", "the left traction wheel must be at +y", report);
      positive(g.steeringTrackWidth, "steeringTrackWidth", "the left steering joint must be at +y", report);
      sameAxle(g.traction, "traction", "ackermann_steering_controller", report);
      sameAxleSteering(g.steering, report);
      sameRadius(g.traction, "traction", "ackermann_steering_controller", report);
      g.steering.forEach((s, i) => steering(s, `/drive/steering/${i}`, "ackermann_steering_controller", report));
      g.traction.forEach((w, i) => forward(w, `/drive/traction/${i}`, "ackermann_steering_controller", report));
      axleCentre(g.tractionAxleCentre, g.baseLink, "ackermann_steering_controller", report);
      break;
    case "bicycle":
      positive(g.wheelbase, "wheelbase", "the steering joint must be ahead of the traction wheel", report);
      steering(g.steering, "/drive/steering", "bicycle_steering_controller", report);
      forward(g.traction, "/drive/traction", "bicycle_steering_controller", report);
      axleCentre(g.tractionAxleCentre, g.baseLink, "bicycle_steering_controller", report);
      break;
    case "tricycle":
      positive(g.wheelbase, "wheelbase", "the steering joint must be ahead of the traction wheels", report);
      positive(g.tractionTrackWidth, "tractionTrackWidth", "the left traction wheel must be at +y", report);
      sameAxle(g.traction, "traction", "tricycle_steering_controller", report);
      sameRadius(g.traction, "traction", "tricycle_steering_controller", report);
      steering(g.steering, "/drive/steering", "tricycle_steering_controller", report);
      g.traction.forEach((w, i) => forward(w, `/drive/traction/${i}`, "tricycle_steering_controller", report));
      axleCentre(g.tractionAxleCentre, g.baseLink, "tricycle_steering_controller", report);
      break;
    default:
      assertNever(g, "drive type");
  }
  return out;
}

function differential(g: DifferentialGeometry, report: Report): void {
  const c = "diff_drive_controller";
  positive(g.wheelSeparation, "wheelSeparation", "the left wheels must be at +y, the right ones at −y", report);
  const sides = [
    ["left", g.left, 1],
    ["right", g.right, -1],
  ] as const;
  for (const [side, wheels, sign] of sides) {
    wheels.forEach((w, i) => {
      if (sign * w.position[1] <= 0)
        report(
          "warning",
          `/drive/${side}/${i}`,
          `drive: ${side} wheel "${w.joint}" is at y = ${formatNumber(w.position[1])} m; REP-103 puts the ${side} side at ${sign > 0 ? "+" : "−"}y, and ${c} turns the base the other way if the sides are swapped`,
        );
      forward(w, `/drive/${side}/${i}`, c, report);
    });
    const ys = wheels.map((w) => w.position[1]);
    if (Math.max(...ys) - Math.min(...ys) > LENGTH_TOLERANCE)
      report(
        "warning",
        `/drive/${side}`,
        `drive: the ${side} wheels (${names(wheels)}) are not in one line along x (y from ${formatNumber(Math.min(...ys))} to ${formatNumber(Math.max(...ys))} m); ${c} takes one wheel separation and uses their mean`,
      );
  }
  if (g.left.length === 1 && g.right.length === 1) sameAxle([g.left[0]!, g.right[0]!], "left and right", c, report);
  sameRadius([...g.left, ...g.right], "", c, report);
  const all = [...g.left, ...g.right];
  const centre = [0, 1].map((k) => all.reduce((sum, w) => sum + w.position[k]!, 0) / all.length) as [number, number];
  if (Math.hypot(...centre) > LENGTH_TOLERANCE)
    report(
      "warning",
      "/drive",
      `drive: the wheels' centre is at (${formatNumber(centre[0])}, ${formatNumber(centre[1])}) m in "${g.baseLink}", not at its origin; ${c} computes the odometry of the point midway between the wheels and publishes it as "${g.baseLink}" (put "${g.baseLink}" there, e.g. with a fixed joint)`,
    );
}

function mecanum(g: MecanumGeometry, report: Report): void {
  const c = "mecanum_drive_controller";
  positive(
    g.sumOfDistances,
    "sumOfDistances",
    "the front wheels must be ahead of the rear ones, the left at +y",
    report,
  );
  if (!(g.halfWheelbase > 0) || !(g.halfTrack > 0))
    report(
      "warning",
      "/drive",
      `drive: the mecanum wheels are not where their roles say (half wheelbase ${formatNumber(g.halfWheelbase)} m, half track ${formatNumber(g.halfTrack)} m; front must be at +x, left at +y); ${c} drives them as named, so the base moves the wrong way`,
    );
  const wheels = [g.frontLeft, g.frontRight, g.rearLeft, g.rearRight];
  const rectangle =
    Math.abs(g.frontLeft.position[0] - g.frontRight.position[0]) <= LENGTH_TOLERANCE &&
    Math.abs(g.rearLeft.position[0] - g.rearRight.position[0]) <= LENGTH_TOLERANCE &&
    Math.abs(g.frontLeft.position[1] - g.rearLeft.position[1]) <= LENGTH_TOLERANCE &&
    Math.abs(g.frontRight.position[1] - g.rearRight.position[1]) <= LENGTH_TOLERANCE;
  if (!rectangle)
    report(
      "warning",
      "/drive",
      `drive: the mecanum wheels (${names(wheels)}) are not at the corners of a rectangle; ${c} assumes they are and uses the mean half wheelbase and half track`,
    );
  if (Math.hypot(...g.centre) > LENGTH_TOLERANCE)
    report(
      "warning",
      "/drive",
      `drive: the centre of the mecanum wheels is at (${formatNumber(g.centre[0])}, ${formatNumber(g.centre[1])}) m in "${g.baseLink}"; ${c} computes the twist of that centre, so the odometry it publishes as "${g.baseLink}" is off by that offset`,
    );
  const cols = ["frontLeft", "frontRight", "rearLeft", "rearRight"];
  wheels.forEach((w, i) => forward(w, `/drive/${cols[i]}`, c, report));
  sameRadius(wheels, "", c, report);
}

function positive(value: number, field: string, why: string, report: Report): void {
  if (!(value > 0))
    report(
      "error",
      "/drive",
      `drive: ${field} reads ${formatNumber(value)} m from the joint origins; ros2_controllers refuses a value ≤ 0 (${why}, or set drive.${field})`,
    );
}

/** A wheel that spins backwards for a positive rate (one that cannot roll along x is an error of its own). */
function forward(w: DriveWheel, path: string, controller: string, report: Report): void {
  if (w.direction !== -1) return;
  report(
    "warning",
    path,
    `drive: wheel joint "${w.joint}" rolls towards −x for a positive rate (its axis points to −y in the base frame); ${controller} commands a positive rate to go forward, so this wheel pushes backwards (flip the joint's axis)`,
  );
}

/** A steering joint that turns right for a positive angle (one that is not vertical is an error of its own). */
function steering(s: DriveSteering, path: string, controller: string, report: Report): void {
  if (s.direction === -1 && s.tilt <= TILT_TOLERANCE)
    report(
      "warning",
      path,
      `drive: steering joint "${s.joint}" turns the wheel to the right for a positive angle (its axis points to −z); ${controller} commands positive angles to turn left, so the base turns the wrong way (flip the joint's axis)`,
    );
}

function sameAxle(wheels: readonly DriveWheel[], what: string, controller: string, report: Report): void {
  const xs = wheels.map((w) => w.position[0]);
  if (Math.max(...xs) - Math.min(...xs) > LENGTH_TOLERANCE)
    report(
      "warning",
      "/drive",
      `drive: the ${what} wheels (${names(wheels)}) are not on one axle (x from ${formatNumber(Math.min(...xs))} to ${formatNumber(Math.max(...xs))} m); ${controller} assumes they are`,
    );
}

function sameAxleSteering(steering: readonly DriveSteering[], report: Report): void {
  const xs = steering.map((s) => s.pivot[0]);
  if (Math.max(...xs) - Math.min(...xs) > LENGTH_TOLERANCE)
    report(
      "warning",
      "/drive/steering",
      `drive: the steering joints (${steering.map((s) => `"${s.joint}"`).join(", ")}) are not on one axle (x from ${formatNumber(Math.min(...xs))} to ${formatNumber(Math.max(...xs))} m); ackermann_steering_controller assumes they are and uses their mean`,
    );
}

function sameRadius(wheels: readonly DriveWheel[], what: string, controller: string, report: Report): void {
  const radii = wheels.flatMap((w) => (w.radius === undefined ? [] : [w.radius]));
  if (radii.length < 2 || Math.max(...radii) - Math.min(...radii) <= LENGTH_TOLERANCE) return;
  report(
    "warning",
    "/drive",
    `drive: the ${what === "" ? "" : `${what} `}wheels (${names(wheels)}) have radii from ${formatNumber(Math.min(...radii))} to ${formatNumber(Math.max(...radii))} m; ${controller} takes one radius and uses their mean, so the base drifts`,
  );
}

function axleCentre(centre: readonly [number, number], base: string, controller: string, report: Report): void {
  if (Math.hypot(centre[0], centre[1]) <= LENGTH_TOLERANCE) return;
  report(
    "warning",
    "/drive",
    `drive: the traction axle's centre is at (${formatNumber(centre[0])}, ${formatNumber(centre[1])}) m in "${base}", not at its origin; ${controller} takes the base frame to be the traction axle's centre, so it publishes that point's odometry as "${base}" and turns about it (put "${base}" at the traction axle's centre, e.g. with a fixed joint)`,
  );
}

function names(wheels: readonly DriveWheel[]): string {
  return wheels.map((w) => `"${w.joint}"`).join(", ");
}
