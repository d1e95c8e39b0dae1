import { assertNever } from "../util/assertNever.js";
import type { Geometry } from "./Geometry.js";
import { jointAxis, type Joint } from "./Joint.js";
import { linkPoses } from "./linkPoses.js";
import { composePoses, IDENTITY_POSE, invertPose, rotateVector, transformPoint, type Pose } from "./Pose.js";
import type { Robot } from "./Robot.js";
import type { Vec3 } from "./Vector.js";

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
 * those are model-authoring errors the caller must report.
 */
export function wheelLayout(robot: Robot, baseLink?: string): WheelLayout {
  const drive = robot.drive;
  if (drive === undefined) throw new RangeError(`robot "${robot.name}" declares no drive (robot.drive)`);
  const poses = linkPoses(robot);
  const base = baseLink ?? (poses.has("base_link") ? "base_link" : [...poses.keys()][0]);
  const root_T_base = base === undefined ? undefined : poses.get(base);
  if (base === undefined || root_T_base === undefined)
    throw new RangeError(`robot "${robot.name}": base link "${baseLink ?? "base_link"}" not found`);
  const base_T_root = invertPose(root_T_base);
  const joints = new Map((robot.joints ?? []).map((j) => [j.name, j] as const));
  const inBase = (link: string): Pose => {
    const p = poses.get(link);
    if (p === undefined) throw new RangeError(`robot "${robot.name}": link "${link}" is not connected to the root`);
    return composePoses(base_T_root, p);
  };
  const joint = (name: string): Joint => {
    const j = joints.get(name);
    if (j === undefined) throw new RangeError(`robot "${robot.name}": drive joint "${name}" does not exist`);
    return j;
  };
  /** Direction the wheel centre moves for a positive joint rate, in the base frame: a × e_z. */
  const driveDirection = (j: Joint): Vec2 => {
    const base_T_wheel = inBase(j.child);
    const axis = rotateVector(base_T_wheel.rpy, jointAxis(j) ?? [1, 0, 0]);
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
      throw new RangeError(`robot "${robot.name}": the ${drive.type} drive has no wheel layout of this kind`);
    default:
      return assertNever(drive, "drive type");
  }
}

/**
 * A wheel joint's wheel radius (m): its child link's first cylinder or sphere collision, else
 * the rolling envelope of the rollers it carries (see {@link OmniWheelLayout.radius}).
 * Throws RangeError when there is neither.
 */
export function wheelRadius(robot: Robot, wheel: Joint, poses: ReadonlyMap<string, Pose> = linkPoses(robot)): number {
  const linkName = wheel.child;
  const link = robot.links.find((l) => l.name === linkName);
  const round = (g: Geometry): number | undefined =>
    g.type === "cylinder" || g.type === "sphere" ? g.radius : undefined;
  for (const c of link?.collisions ?? []) {
    const r = round(c.geometry);
    if (r !== undefined) return r;
  }
  const envelope = rollingEnvelope(robot, wheel, poses);
  if (envelope !== undefined) return envelope;
  throw new RangeError(
    `robot "${robot.name}": wheel link "${linkName}" has no cylinder or sphere collision, and the links it carries no sphere or capsule collision, to read its radius from`,
  );
}

/**
 * Largest distance (m) from the wheel joint's axis (through the wheel link's origin) reached
 * by the sphere and capsule collisions of the links below the wheel link, all joints at
 * zero; undefined when there are none. Exact for these shapes: a ball's farthest point from
 * a line lies at its centre's distance plus its radius, and that distance is convex along a
 * capsule's segment, so its maximum is at an end.
 */
function rollingEnvelope(robot: Robot, wheel: Joint, poses: ReadonlyMap<string, Pose>): number | undefined {
  const root_T_wheel = poses.get(wheel.child);
  if (root_T_wheel === undefined) return undefined;
  const wheel_T_root = invertPose(root_T_wheel);
  const a = jointAxis(wheel) ?? [1, 0, 0];
  const norm = Math.hypot(a[0], a[1], a[2]);
  const fromAxis = (p: Vec3): number => {
    const along = (p[0] * a[0] + p[1] * a[1] + p[2] * a[2]) / norm;
    return Math.sqrt(Math.max(0, p[0] * p[0] + p[1] * p[1] + p[2] * p[2] - along * along));
  };
  const below = new Set<string>();
  const queue = [wheel.child];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    for (const j of robot.joints ?? []) {
      if (j.parent === name && !below.has(j.child)) {
        below.add(j.child);
        queue.push(j.child);
      }
    }
  }
  let reach: number | undefined;
  for (const l of robot.links) {
    const root_T_link = poses.get(l.name);
    if (!below.has(l.name) || root_T_link === undefined) continue;
    const wheel_T_link = composePoses(wheel_T_root, root_T_link);
    for (const c of l.collisions ?? []) {
      const wheel_T_shape = composePoses(wheel_T_link, c.origin ?? IDENTITY_POSE);
      const g = c.geometry;
      let r: number | undefined;
      if (g.type === "sphere") r = fromAxis(wheel_T_shape.xyz) + g.radius;
      else if (g.type === "capsule") {
        const ends = [
          transformPoint(wheel_T_shape, [0, 0, g.length / 2]),
          transformPoint(wheel_T_shape, [0, 0, -g.length / 2]),
        ];
        r = Math.max(...ends.map(fromAxis)) + g.radius;
      }
      if (r !== undefined) reach = Math.max(reach ?? r, r);
    }
  }
  return reach;
}
