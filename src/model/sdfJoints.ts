import type {
  BallJoint,
  GearboxJoint,
  JointBase,
  Revolute2Joint,
  ScrewJoint,
  SdfAxisLimit,
  SecondAxis,
  UniversalJoint,
} from "./Joint.js";
import type { Vec3 } from "./Vector.js";

/**
 * An SDF `ball` joint (3 rotational DOF about the joint origin, `parent_T_joint` = `origin`).
 * URDF cannot hold it (emitUrdf writes it as fixed and reports FEATURE_UNSUPPORTED); MJCF
 * writes a ball joint; robokit's kinematics do not drive it.
 *
 * @example b.joint(ballJoint({ name: "caster", parent: "chassis", child: "caster_ball", origin: pose([-0.2, 0, -0.05]) }))
 */
export function ballJoint(frame: JointBase): BallJoint {
  return { ...frame, type: "ball" };
}

/**
 * An SDF `universal` joint: rotation about `axis` (joint frame, default [0, 0, 1]) then about
 * `second.xyz`. URDF cannot hold it; MJCF writes two hinges in one body.
 */
export function universalJoint(frame: JointBase, axis: Vec3, second: SecondAxis, limit?: SdfAxisLimit): UniversalJoint {
  return { ...frame, type: "universal", axis, second, ...(limit === undefined ? {} : { limit }) };
}

/**
 * An SDF `revolute2` joint: two revolutes in series, about `axis` then `second.xyz` (joint
 * frame). URDF cannot hold it; MJCF writes two hinges in one body.
 */
export function revolute2Joint(frame: JointBase, axis: Vec3, second: SecondAxis, limit?: SdfAxisLimit): Revolute2Joint {
  return { ...frame, type: "revolute2", axis, second, ...(limit === undefined ? {} : { limit }) };
}

/**
 * An SDF `screw` joint about `axis` (joint frame). `threadPitch` is SDF's `<thread_pitch>` in
 * rad/m (positive = left-handed thread, as Gazebo Classic reads it). URDF and MJCF cannot hold it.
 */
export function screwJoint(frame: JointBase, axis: Vec3, threadPitch: number, limit?: SdfAxisLimit): ScrewJoint {
  return { ...frame, type: "screw", axis, threadPitch, ...(limit === undefined ? {} : { limit }) };
}

/**
 * An SDF `gearbox` joint: θ(child about `second.xyz`) = −`ratio` · θ(parent about `axis`), both
 * measured from `referenceBody`. A constraint, not a tree edge: `child` keeps its own parent
 * joint. URDF and MJCF cannot hold it.
 */
export function gearboxJoint(
  frame: JointBase,
  referenceBody: string,
  ratio: number,
  axis: Vec3,
  second: SecondAxis,
): GearboxJoint {
  return { ...frame, type: "gearbox", gearboxReferenceBody: referenceBody, gearboxRatio: ratio, axis, second };
}
