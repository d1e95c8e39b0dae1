import { assertNever } from "../util/assertNever.js";
import { formatNumber, formatVector } from "../util/formatNumber.js";
import type { DriveGeometry, DriveSteering, DriveWheel } from "./driveGeometry.js";
import type { WheelLayout } from "./wheelLayout.js";

/** A drive geometry no kinematics can drive: why, at a JSON pointer into the model. */
export interface DriveKinematicProblem {
  readonly message: string;
  readonly jsonPath: string;
}

/** A steering axis tilted more than this (rad) from the base's z is not vertical. */
const TILT_TOLERANCE = 1e-6;

/**
 * What makes a drive's geometry one that neither robokit's kinematics (`ik`, `odom`, `sim`)
 * nor the ros2_controllers controller robokit writes for it can drive: a driven wheel that
 * does not spin about the base's y (about z it cannot roll the base; about x it rolls
 * sideways); a steering axis that is not vertical; a steered module whose wheel trails its
 * steering axis (a caster); omni wheels off one circle or of unequal radii. The model check
 * reports these as errors, and the kinematics refuse the same robot with the same words.
 */
export function driveKinematicProblems(g: DriveGeometry): DriveKinematicProblem[] {
  const out: DriveKinematicProblem[] = [];
  const rolls = (w: DriveWheel, jsonPath: string): void => {
    if (w.direction === 0) out.push({ message: wheelAxisProblem(w), jsonPath });
  };
  const vertical = (s: DriveSteering, jsonPath: string): void => {
    if (s.direction === 0 || s.tilt > TILT_TOLERANCE)
      out.push({
        message: `steering joint "${s.joint}" turns about an axis ${formatNumber((s.tilt * 180) / Math.PI)}° from the base's z; only vertical steering axes are supported`,
        jsonPath,
      });
  };
  switch (g.type) {
    case "steered":
      return steeredProblems(g);
    case "omni":
      return omniProblems(g);
    case "differential":
      g.left.forEach((w, i) => rolls(w, `/drive/left/${i}`));
      g.right.forEach((w, i) => rolls(w, `/drive/right/${i}`));
      return out;
    case "mecanum":
      for (const key of ["frontLeft", "frontRight", "rearLeft", "rearRight"] as const) rolls(g[key], `/drive/${key}`);
      return out;
    case "ackermann":
      g.traction.forEach((w, i) => rolls(w, `/drive/traction/${i}`));
      g.steering.forEach((s, i) => vertical(s, `/drive/steering/${i}`));
      return out;
    case "bicycle":
      rolls(g.traction, "/drive/traction");
      vertical(g.steering, "/drive/steering");
      return out;
    case "tricycle":
      g.traction.forEach((w, i) => rolls(w, `/drive/traction/${i}`));
      vertical(g.steering, "/drive/steering");
      return out;
    default:
      return assertNever(g, "drive geometry");
  }
}

/** Why a wheel whose axis has no component along the base's y cannot drive it, naming the axis it has. */
function wheelAxisProblem(w: DriveWheel): string {
  const [ax, , az] = w.axis;
  const along = `(${formatVector(w.axis.map((v) => Number(v.toPrecision(6))))} in the base frame)`;
  return Math.abs(az) >= Math.abs(ax)
    ? `wheel joint "${w.joint}" spins about the base's vertical axis ${along}: it cannot roll the base along the ground; a drive wheel spins about the base's y`
    : `wheel joint "${w.joint}" spins about an axis along the base's x ${along}: it would roll sideways; a drive wheel spins about the base's y`;
}

function steeredProblems(layout: Extract<WheelLayout, { type: "steered" }>): DriveKinematicProblem[] {
  if (layout.modules.length === 0) return [{ message: "the steered drive has no modules", jsonPath: "/drive/modules" }];
  const out: DriveKinematicProblem[] = [];
  layout.modules.forEach((m, i) => {
    const trail = m.position[0] - m.pivot[0];
    if (Math.abs(trail) > 1e-6)
      out.push({
        message: `module ${i} ("${m.steerJoint}"): the wheel is ${formatNumber(trail)} m ahead of its steering axis (caster trail); only sideways offsets are supported`,
        jsonPath: `/drive/modules/${i}`,
      });
  });
  return out;
}

function omniProblems(layout: Extract<WheelLayout, { type: "omni" }>): DriveKinematicProblem[] {
  const out: DriveKinematicProblem[] = [];
  const centre = layout.wheels.reduce((sum, w) => sum + w.distance, 0) / Math.max(layout.wheels.length, 1);
  const radius = layout.wheels[0]?.radius ?? 0;
  layout.wheels.forEach((w, i) => {
    if (Math.abs(w.distance - centre) > 1e-6)
      out.push({
        message: `omni wheel "${w.joint}" is ${formatNumber(w.distance)} m from the centre, others ${formatNumber(centre)} m: all wheels must sit on one circle`,
        jsonPath: `/drive/wheels/${i}`,
      });
    if (Math.abs(w.radius - radius) > 1e-9)
      out.push({
        message: `omni wheel "${w.joint}" has radius ${formatNumber(w.radius)} m, others ${formatNumber(radius)} m`,
        jsonPath: `/drive/wheels/${i}`,
      });
  });
  return out;
}
