import type { Geometry } from "./Geometry.js";
import type { InertiaTensor, Inertial } from "./Inertial.js";
import { shapeInertia } from "./inertia.js";
import type { Link, Surface } from "./Link.js";
import type { MeshMassProperties } from "./MeshMassProperties.js";
import { IDENTITY_POSE, transformPoint, type Pose } from "./Pose.js";
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
  /**
   * For a mesh `shape`: its mass properties, computed from the mesh file (with the shape's
   * `scale`) by `meshMassProperties` outside the model, which reads no files. The centre of
   * mass is then the mesh's (placed by `origin`) and the tensor the homogeneous solid's of
   * `mass`, in the mesh's axes. Ignored when `inertia` is given.
   */
  readonly meshMassProperties?: MeshMassProperties;
  readonly surface?: Surface;
  readonly sensors?: readonly Sensor[];
}

/**
 * A link that is one homogeneous solid: the same shape as visual and collision, and the
 * inertia computed from mass and shape (or given), so the tensor is physically valid by
 * construction. A mesh shape needs `inertia` or `meshMassProperties` (RangeError otherwise).
 */
export function solidLink(name: string, options: SolidLinkOptions): Link {
  const origin = options.origin ?? IDENTITY_POSE;
  return {
    name,
    visuals: [
      { origin, geometry: options.shape, ...(options.material === undefined ? {} : { material: options.material }) },
    ],
    collisions: [
      { origin, geometry: options.shape, ...(options.surface === undefined ? {} : { surface: options.surface }) },
    ],
    inertial: inertialOf(options, origin),
    ...(options.sensors === undefined ? {} : { sensors: options.sensors }),
  };
}

function inertialOf(options: SolidLinkOptions, origin: Pose): Inertial {
  const { mass, shape, inertia, meshMassProperties: mesh } = options;
  if (inertia !== undefined || mesh === undefined)
    return { mass, origin, inertia: inertia ?? shapeInertia(mass, shape) };
  if (shape.type !== "mesh") throw new RangeError(`solidLink: meshMassProperties given for a ${shape.type} shape`);
  // link_T_com: the mesh's centre of mass placed by link_T_shape, axes of the shape.
  const perDensity = mesh.unitInertia;
  const density = mass / mesh.volume;
  return {
    mass,
    origin: { xyz: transformPoint(origin, mesh.com), rpy: origin.rpy },
    inertia: {
      ixx: density * perDensity.ixx,
      iyy: density * perDensity.iyy,
      izz: density * perDensity.izz,
      ixy: density * perDensity.ixy,
      ixz: density * perDensity.ixz,
      iyz: density * perDensity.iyz,
    },
  };
}
