import type { Pose } from "./Pose.js";

/**
 * A symmetric inertia tensor (kg·m²) about the centre of mass, expressed in the inertial
 * frame (the `origin` of the {@link Inertial}). Products of inertia use the URDF sign
 * convention (ixy = −∫xy dm).
 */
export interface InertiaTensor {
  readonly ixx: number;
  readonly ixy: number;
  readonly ixz: number;
  readonly iyy: number;
  readonly iyz: number;
  readonly izz: number;
}

/** Mass properties of a link. */
export interface Inertial {
  /** kg, > 0. */
  readonly mass: number;
  /** `link_T_inertial`: centre of mass and the frame the tensor is expressed in. Default identity. */
  readonly origin?: Pose;
  readonly inertia: InertiaTensor;
}
