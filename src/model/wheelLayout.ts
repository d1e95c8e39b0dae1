import { assertNever } from "../util/assertNever.js";
import { driveFrame } from "./driveFrame.js";
import type { Joint } from "./Joint.js";
import type { Pose } from "./Pose.js";
import type { Robot } from "./Robot.js";
import { rollingRadius } from "./rollingRadius.js";

/** A planar point or direction in the base frame (m), REP-103: x forward, y left. */
export type Vec2 = readonly [number, number];

/** Geometry of one steered module, read from the model at zero joint positions. */
export interface SteeredModuleLayout {
  readonly steerJoint: string;
  readonly wheelJoint: string;
  /** Steering axis location in the base frame (m). */
  readonly pivot: Vec2;
  /** Wheel centre (= contact point, projected on the ground plane) in the base frame (m). */
  readonly position: Vec2;
  /** Wheel radius (m), read as for {@link OmniWheelLayout.radius}. */
  readonly radius: number;
  /** Steering joint limits (rad), when the steering joint is revolute. */
  readonly steerLimits?: readonly [number, number];
  /** Maximum wheel joint speed (rad/s), when the wheel joint has a limit. */
  readonly maxWheelSpeed?: number;
  /** +1 when a positive wheel-joint rate drives the module along +x at zero steering, else −1. */
  readonly wheelDirection: 1 | -1;
}

/** Geometry of one omni wheel, read from the model at zero joint positions. */
export interface OmniWheelLayout {
  readonly joint: string;
  /** Wheel centre in the base frame (m). */
  readonly position: Vec2;
  /** Angle α of the wheel centre about the base z, atan2(y, x) (rad). */
  readonly angle: number;
  /** Distance R of the wheel centre from the base origin (m). */
  readonly distance: number;
  /**
   * Wheel radius r (m): the wheel link's first cylinder or sphere collision; when the wheel
   * link has none (an omni wheel whose rollers alone touch the floor), the rolling envelope
   * of the links it carries: the largest distance from the wheel joint's axis reached by
   * their sphere and capsule collisions, at zero joint positions.
   */
  readonly radius: number;
  /**
   * +1 when a positive wheel-joint rate pushes the base along the CCW tangent
   * (−sin α, cos α), else −1.
   */
  readonly wheelDirection: 1 | -1;
}

/** Drive geometry derived from the model; discriminated on `type`. */
export type WheelLayout =
  | { readonly type: "steered"; readonly baseLink: string; readonly modules: readonly SteeredModuleLayout[] }
  | {
      readonly type: "omni";
      readonly baseLink: string;
      readonly gearRatio: number;
      readonly wheels: readonly OmniWheelLayout[];
    };

/**
 * Reads the drive geometry (wheel positions, radii, directions, limits) from a checked
 * model, in the frame of `baseLink` (default "base_link" when present, else the root).
 * Throws RangeError when the robot declares no drive or a wheel has no round collision:
 * those are model-authoring errors the caller must report. Covers the steered and omni
 * drives; {@link driveGeometry} reads every drive type.
 */
export function wheelLayout(robot: Robot, baseLink?: string): WheelLayout {
  const drive = robot.drive;
  if (drive === undefined) throw new RangeError(`robot "${robot.name}" declares no drive (robot.drive)`);
  const { base, poses, inBase, joint, axisInBase } = driveFrame(robot, baseLink);
  /** Direction the wheel centre moves for a positive joint rate, in the base frame: a × e_z. */
  const driveDirection = (j: Joint): Vec2 => {
    const axis = axisInBase(j);
    return [axis[1], -axis[0]];
  };
  switch (drive.type) {
    case "steered":
      return {
        type: "steered",
        baseLink: base,
        modules: drive.modules.map((m) => {
          const steer = joint(m.steer);
          const wheel = joint(m.wheel);
          const pivot = inBase(steer.child).xyz;
          const centre = inBase(wheel.child).xyz;
          const dir = driveDirection(wheel);
          const layout: SteeredModuleLayout = {
            steerJoint: steer.name,
            wheelJoint: wheel.name,
            pivot: [pivot[0], pivot[1]],
            position: [centre[0], centre[1]],
            radius: wheelRadius(robot, wheel, poses),
            wheelDirection: dir[0] >= 0 ? 1 : -1,
            ...(steer.type === "revolute" ? { steerLimits: [steer.limit.lower, steer.limit.upper] as const } : {}),
            ...(wheel.type === "continuous" && wheel.limit !== undefined
              ? { maxWheelSpeed: wheel.limit.velocity }
              : {}),
          };
          return layout;
        }),
      };
    case "omni":
      return {
        type: "omni",
        baseLink: base,
        gearRatio: drive.gearRatio ?? 1,
        wheels: drive.wheels.map((name) => {
          const j = joint(name);
          const c = inBase(j.child).xyz;
          const angle = Math.atan2(c[1], c[0]);
          const dir = driveDirection(j);
          const tangent = -Math.sin(angle) * dir[0] + Math.cos(angle) * dir[1];
          return {
            joint: name,
            position: [c[0], c[1]],
            angle,
            distance: Math.hypot(c[0], c[1]),
            radius: wheelRadius(robot, j, poses),
            wheelDirection: tangent >= 0 ? 1 : -1,
          };
        }),
      };
    case "differential":
    case "mecanum":
    case "ackermann":
    case "bicycle":
    case "tricycle":
      throw new RangeError(
        `robot "${robot.name}": the ${drive.type} drive has no wheel layout of this kind; read it with driveGeometry`,
      );
    default:
      return assertNever(drive, "drive type");
  }
}

function wheelRadius(robot: Robot, wheel: Joint, poses: ReadonlyMap<string, Pose>): number {
  const r = rollingRadius(robot, wheel, poses);
  if (r !== undefined) return r;
  throw new RangeError(
    `robot "${robot.name}": wheel link "${wheel.child}" has no cylinder or sphere collision, and the links it carries no sphere or capsule collision, to read its radius from`,
  );
}
