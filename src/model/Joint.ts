import type { JointActuator } from "./Actuator.js";
import type { Pose } from "./Pose.js";
import type { Vec3 } from "./Vector.js";
import { assertNever } from "../util/assertNever.js";

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
  /**
   * Position bounds a URDF wrote on a joint that has none (rad or m). urdfdom parses them
   * and its consumers ignore them on continuous and planar joints; kept so an imported file
   * writes back as read. robokit's outputs give them no meaning.
   */
  readonly lower?: number;
  /** See {@link RateLimit.lower}. */
  readonly upper?: number;
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
  /**
   * A `<mimic>` written on a fixed joint. Nothing moves (urdfdom reads it, its consumers find
   * no motion to copy); kept so that a URDF read into the model writes it back. The other
   * outputs leave it out.
   */
  readonly mimic?: Mimic;
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

/**
 * A limit written on an axis of an SDF-only joint (rad or m; N·m or N; rad/s or m/s), each
 * field kept as the file gives it: SDF's defaults (±1e16, −1 = unlimited) apply where absent.
 */
export interface SdfAxisLimit {
  readonly lower?: number;
  readonly upper?: number;
  readonly effort?: number;
  readonly velocity?: number;
}

/** The second axis of a two-axis SDF joint (`<axis2>`), in the joint frame. */
export interface SecondAxis {
  /** Direction in the joint frame; default [0, 0, 1] as in SDF. Need not be unit. */
  readonly xyz?: Vec3;
  readonly limit?: SdfAxisLimit;
  readonly dynamics?: JointDynamics;
}

/**
 * SDF `ball`: rotation about every axis through the joint origin (3 rotational DOF). URDF has
 * no such joint. Not actuated by robokit's kinematics or controllers.
 */
export interface BallJoint extends JointBase {
  readonly type: "ball";
  /** An `<axis>` written on the joint (simulators ignore its direction); kept as given. No default. */
  readonly axis?: Vec3;
}

/**
 * SDF `universal`: rotation about `axis`, then about `second.xyz` (2 rotational DOF, the axes
 * usually orthogonal). URDF has no such joint.
 */
export interface UniversalJoint extends JointBase {
  readonly type: "universal";
  /** First axis in the joint frame; default [0, 0, 1] as in SDF. */
  readonly axis?: Vec3;
  readonly limit?: SdfAxisLimit;
  readonly second?: SecondAxis;
}

/**
 * SDF `revolute2`: two revolute joints in series, about `axis` (attached to the parent) and
 * `second.xyz` (attached to the child). URDF has no such joint.
 */
export interface Revolute2Joint extends JointBase {
  readonly type: "revolute2";
  /** First axis in the joint frame; default [0, 0, 1] as in SDF. */
  readonly axis?: Vec3;
  readonly limit?: SdfAxisLimit;
  readonly second?: SecondAxis;
}

/**
 * SDF `screw`: rotation about `axis` coupled to translation along it. URDF has no such joint.
 */
export interface ScrewJoint extends JointBase {
  readonly type: "screw";
  /** Default [0, 0, 1] as in SDF. */
  readonly axis?: Vec3;
  /**
   * SDF `<thread_pitch>` (rad/m; positive is a left-handed thread, Gazebo Classic's reading).
   * SDF 1.10+ also has `<screw_thread_pitch>` (m/rev, positive right-handed) = −2π / threadPitch.
   */
  readonly threadPitch: number;
  readonly limit?: SdfAxisLimit;
}

/**
 * SDF `gearbox`: a constraint between two revolute motions, θ₂ = −ratio · θ₁, where θ₁ is the
 * angle of `parent` and θ₂ that of `child`, each about its axis relative to `referenceBody`. It is
 * not an edge of the kinematic tree: `child` keeps its own parent joint. URDF has no such joint.
 */
export interface GearboxJoint extends JointBase {
  readonly type: "gearbox";
  /** Input axis (θ₁); default [0, 0, 1] as in SDF. */
  readonly axis?: Vec3;
  readonly limit?: SdfAxisLimit;
  /** Output axis (θ₂). */
  readonly second?: SecondAxis;
  /** `<gearbox_ratio>`, dimensionless. */
  readonly gearboxRatio: number;
  /** `<gearbox_reference_body>`: the link both angles are measured from. */
  readonly gearboxReferenceBody: string;
}

/** Every URDF and SDF joint type, discriminated on `type`.
 *
 * @discriminator type
 */
export type Joint =
  | FixedJoint
  | RevoluteJoint
  | ContinuousJoint
  | PrismaticJoint
  | FloatingJoint
  | PlanarJoint
  | BallJoint
  | UniversalJoint
  | Revolute2Joint
  | ScrewJoint
  | GearboxJoint;

/** The URDF joint types, in URDF order. */
export const JOINT_TYPES = [
  "fixed",
  "revolute",
  "continuous",
  "prismatic",
  "floating",
  "planar",
] as const satisfies readonly Joint["type"][];

/** The joint types SDF has and URDF lacks: they live in the model, SDF writes them, URDF cannot. */
export const SDF_ONLY_JOINT_TYPES = [
  "ball",
  "universal",
  "revolute2",
  "screw",
  "gearbox",
] as const satisfies readonly Joint["type"][];

/** A joint of a type URDF cannot hold. */
export type SdfOnlyJoint = Extract<Joint, { type: (typeof SDF_ONLY_JOINT_TYPES)[number] }>;

/** True for a joint of a type URDF cannot hold (see {@link SDF_ONLY_JOINT_TYPES}). */
export function isSdfOnlyJoint(joint: Joint): joint is SdfOnlyJoint {
  return (SDF_ONLY_JOINT_TYPES as readonly string[]).includes(joint.type);
}

/**
 * True for a joint that is an edge of the kinematic tree (its child's parent joint). A gearbox
 * joint only couples two motions; its child keeps its own parent joint.
 */
export function isTreeJoint(joint: Joint): boolean {
  return joint.type !== "gearbox";
}

/**
 * A joint's (first) axis with the default of its format applied (URDF [1, 0, 0], SDF-only types
 * [0, 0, 1]), or undefined for joints without one (a ball joint's written axis is only kept).
 */
export function jointAxis(joint: Joint): Vec3 | undefined {
  switch (joint.type) {
    case "fixed":
    case "floating":
    case "ball":
      return undefined;
    case "revolute":
    case "continuous":
    case "prismatic":
    case "planar":
      return joint.axis ?? [1, 0, 0];
    case "universal":
    case "revolute2":
    case "screw":
    case "gearbox":
      return joint.axis ?? [0, 0, 1];
    default:
      assertNever(joint, "joint type");
  }
}
