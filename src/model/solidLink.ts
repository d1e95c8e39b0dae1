import type { Geometry } from "./Geometry.js";
import type { InertiaTensor } from "./Inertial.js";
import { shapeInertia } from "./inertia.js";
import type { Link, Surface } from "./Link.js";
import { IDENTITY_POSE, type Pose } from "./Pose.js";
import type { Sensor } from "./Sensor.js";

/** Options of {@link solidLink}. */
export interface SolidLinkOptions {
  /** The one shape used for the visual, the collision and (unless `inertia` is given) the tensor. */
  readonly shape: Geometry;
  /** kg. */
  readonly mass: number;
  /** `link_T_shape`; also the centre of mass. Default identity. */
  readonly origin?: Pose;
  /** Material name declared on the robot. */
  readonly material?: string;
  /** Explicit tensor about the centre of mass (kg·m²), e.g. from CAD; default: homogeneous solid. */
  readonly inertia?: InertiaTensor;
  readonly surface?: Surface;
  readonly sensors?: readonly Sensor[];
}

/**
 * A link that is one homogeneous solid: the same shape as visual and collision, and the
 * inertia computed from mass and shape (or given), so the tensor is physically valid by
 * construction.
 */
export function solidLink(name: string, options: SolidLinkOptions): Link {
  const origin = options.origin ?? IDENTITY_POSE;
  return {
    name,
    visuals: [{ origin, geometry: options.shape, ...(options.material === undefined ? {} : { material: options.material }) }],
    collisions: [{ origin, geometry: options.shape, ...(options.surface === undefined ? {} : { surface: options.surface }) }],
    inertial: { mass: options.mass, origin, inertia: options.inertia ?? shapeInertia(options.mass, options.shape) },
    ...(options.sensors === undefined ? {} : { sensors: options.sensors }),
  };
}
