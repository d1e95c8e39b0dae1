import type { JointActuator } from "./Actuator.js";
import type { Pose } from "./Pose.js";
import type { Vec3 } from "./Vector.js";

/** Position and rate limits of a revolute or prismatic joint (rad or m; N·m or N; rad/s or m/s). */
export interface JointLimit {
  readonly lower: number;
  readonly upper: number;
  /** Maximum effort, ≥ 0. */
  readonly effort: number;
  /** Maximum speed, ≥ 0. */
  readonly velocity: number;
}

/** Rate limits of a joint without position limits (continuous, planar). */
export interface RateLimit {
  readonly effort: number;
  readonly velocity: number;
}

/** Viscous damping (N·m·s/rad or N·s/m) and static friction (N·m or N). */
export interface JointDynamics {
  readonly damping?: number;
  readonly friction?: number;
}

/** `position = multiplier · position(joint) + offset`. */
export interface Mimic {
  readonly joint: string;
  /** Default 1. */
  readonly multiplier?: number;
  /** Default 0 (rad or m). */
  readonly offset?: number;
}

/** URDF `<safety_controller>`. */
export interface SafetyController {
  readonly softLowerLimit?: number;
  readonly softUpperLimit?: number;
  readonly kPosition?: number;
  readonly kVelocity: number;
}

/** URDF `<calibration>` reference positions (rad or m). */
export interface Calibration {
  readonly rising?: number;
  readonly falling?: number;
}

/** Fields every joint has. */
export interface JointBase {
  readonly name: string;
  /** Parent link name. */
  readonly parent: string;
  /** Child link name. */
  readonly child: string;
  /** `parent_T_joint` (= parent_T_child at zero position). Default identity. */
  readonly origin?: Pose;
  readonly dynamics?: JointDynamics;
  readonly safetyController?: SafetyController;
  readonly calibration?: Calibration;
  /** How the joint is driven, if it is. */
  readonly actuator?: JointActuator;
}

/**
 * Limits written on a fixed joint (rad or m; N·m or N; rad/s or m/s). They constrain nothing
 * (urdfdom reads them, and like any `<limit>` requires effort and velocity), but a URDF read into
 * the model writes them back as given.
 */
export interface FixedJointLimit {
  readonly lower?: number;
  readonly upper?: number;
  readonly effort?: number;
  readonly velocity?: number;
}

/** Rigid connection. */
export interface FixedJoint extends JointBase {
  readonly type: "fixed";
  /**
   * An `<axis>` written on a fixed joint, in the joint frame. Nothing moves about it (urdfdom
   * ignores it); kept so that URDF → model → URDF loses nothing. No default.
   */
  readonly axis?: Vec3;
  /** A `<limit>` written on a fixed joint, kept as given (see {@link FixedJointLimit}). */
  readonly limit?: FixedJointLimit;
}

/** Rotation about `axis` within [lower, upper] (rad). */
export interface RevoluteJoint extends JointBase {
  readonly type: "revolute";
  /** Rotation axis in the joint frame; default [1, 0, 0] as in URDF. Need not be unit. */
  readonly axis?: Vec3;
  readonly limit: JointLimit;
  readonly mimic?: Mimic;
}

/** Unlimited rotation about `axis`. */
export interface ContinuousJoint extends JointBase {
  readonly type: "continuous";
  /** Default [1, 0, 0]. */
  readonly axis?: Vec3;
  readonly limit?: RateLimit;
  readonly mimic?: Mimic;
}

/** Translation along `axis` within [lower, upper] (m). */
export interface PrismaticJoint extends JointBase {
  readonly type: "prismatic";
  /** Default [1, 0, 0]. */
  readonly axis?: Vec3;
  readonly limit: JointLimit;
  readonly mimic?: Mimic;
}

/** Six free degrees of freedom. */
export interface FloatingJoint extends JointBase {
  readonly type: "floating";
}

/** Motion in the plane normal to `axis`. */
export interface PlanarJoint extends JointBase {
  readonly type: "planar";
  /** Plane normal; default [1, 0, 0] as in URDF. */
  readonly axis?: Vec3;
  readonly limit?: RateLimit;
}

/** Every URDF joint type, discriminated on `type`.
 *
 * @discriminator type
 */
export type Joint = FixedJoint | RevoluteJoint | ContinuousJoint | PrismaticJoint | FloatingJoint | PlanarJoint;

/** The joint types, in URDF order. */
export const JOINT_TYPES = [
  "fixed",
  "revolute",
  "continuous",
  "prismatic",
  "floating",
  "planar",
] as const satisfies readonly Joint["type"][];

/** A joint's axis with URDF's default applied, or undefined for joints without one. */
export function jointAxis(joint: Joint): Vec3 | undefined {
  switch (joint.type) {
    case "fixed":
    case "floating":
      return undefined;
    case "revolute":
    case "continuous":
    case "prismatic":
    case "planar":
      return joint.axis ?? [1, 0, 0];
  }
}
