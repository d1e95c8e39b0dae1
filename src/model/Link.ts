import type { Geometry } from "./Geometry.js";
import type { Inertial } from "./Inertial.js";
import type { Pose } from "./Pose.js";
import type { Sensor } from "./Sensor.js";
import type { Rgba, Vec3 } from "./Vector.js";

/** A visual shape of a link. */
export interface Visual {
  readonly name?: string;
  /** `link_T_visual`. Default identity. */
  readonly origin?: Pose;
  readonly geometry: Geometry;
  /** Name of a material declared in {@link Robot.materials}. */
  readonly material?: string;
  /**
   * A material given inline without a name (URDF `<material name=""><color/></material>`):
   * its colour (RGBA in [0, 1]) and optional texture URI. Used when `material` is absent.
   */
  readonly inlineMaterial?: { readonly rgba: Rgba; readonly texture?: string };
}

/** Contact parameters of a collision (used by SDF `<surface>` and MJCF). */
export interface Surface {
  /** Coulomb friction coefficient along the first friction direction (unitless). */
  readonly mu?: number;
  /** Coulomb friction coefficient along the second direction (unitless). */
  readonly mu2?: number;
  /** First friction direction, in the collision frame (unit vector). */
  readonly fdir1?: Vec3;
  /** Contact stiffness (N/m). */
  readonly kp?: number;
  /** Contact damping (N·s/m). */
  readonly kd?: number;
}

/** A collision shape of a link. */
export interface Collision {
  readonly name?: string;
  /** `link_T_collision`. Default identity. */
  readonly origin?: Pose;
  readonly geometry: Geometry;
  readonly surface?: Surface;
}

/** A rigid body. Its frame is the child frame of its parent joint. */
export interface Link {
  readonly name: string;
  readonly visuals?: readonly Visual[];
  readonly collisions?: readonly Collision[];
  /** Absent for massless frames (base_footprint, sensor frames with no body). */
  readonly inertial?: Inertial;
  /** Sensors attached to this link. */
  readonly sensors?: readonly Sensor[];
}
