import type { Geometry, MeshGeometry } from "./Geometry.js";
import type { Inertial } from "./Inertial.js";
import { combineInertials, shapeInertia } from "./inertia.js";
import type { Link } from "./Link.js";
import type { MeshMassProperties } from "./MeshMassProperties.js";
import { IDENTITY_POSE, type Pose, rotateVector } from "./Pose.js";
import { assertNever } from "../util/assertNever.js";

/**
 * Measures a mesh shape for {@link geometrySolid}: its unit-density mass properties after its
 * `scale`, in the mesh's axes, or undefined when the mesh cannot be measured (not found, not
 * read, no volume). Injected: the model reads no files.
 */
export type MeshMeasurer = (mesh: MeshGeometry) => MeshMassProperties | undefined;

/** The homogeneous solid filling a link's shapes, with the link's mass. */
export interface GeometrySolid {
  /** Which shapes were measured: the link's collisions, or its visuals when it has none. */
  readonly source: "collision" | "visual";
  /** The link's mass at the solid's centroid (link frame, m); tensor (kg·m²) about it, link axes. */
  readonly inertial: Inertial;
  /** Total volume of the shapes (m³); overlapping shapes count twice. */
  readonly volume: number;
  /** The density the link's mass implies, mass / volume (kg/m³). */
  readonly density: number;
  /** false when an open mesh's bounding box stood in for its volume. */
  readonly exact: boolean;
}

/**
 * The uniform solid of `link`'s mass filling its collision shapes (its visual shapes when it has
 * no collision): boxes, cylinders, spheres and capsules in closed form, meshes through
 * `measureMesh`. This is the body the link's shapes describe, to compare with the inertial the
 * file gives. Undefined when the link has no inertial, no shapes, or a shape that cannot be
 * measured (a part of the geometry would be a wrong picture of the whole).
 */
export function geometrySolid(link: Link, measureMesh: MeshMeasurer): GeometrySolid | undefined {
  const mass = link.inertial?.mass;
  if (mass === undefined || !(mass > 0) || !Number.isFinite(mass)) return undefined;
  const collisions = link.collisions ?? [];
  const source = collisions.length > 0 ? "collision" : "visual";
  const shapes = collisions.length > 0 ? collisions : (link.visuals ?? []);
  if (shapes.length === 0) return undefined;
  // Each part with its volume as its mass: the sum is the unit-density solid.
  const parts: Inertial[] = [];
  let exact = true;
  for (const shape of shapes) {
    const part = unitDensityPart(shape.geometry, shape.origin ?? IDENTITY_POSE, measureMesh);
    if (part === undefined) return undefined;
    if (!part.exact) exact = false;
    parts.push(part.inertial);
  }
  const unit = combineInertials(parts);
  const volume = unit.mass;
  if (!(volume > 0) || !Number.isFinite(volume)) return undefined;
  const density = mass / volume;
  const t = unit.inertia;
  return {
    source,
    inertial: {
      mass,
      origin: unit.origin ?? IDENTITY_POSE,
      inertia: {
        ixx: t.ixx * density,
        ixy: t.ixy * density,
        ixz: t.ixz * density,
        iyy: t.iyy * density,
        iyz: t.iyz * density,
        izz: t.izz * density,
      },
    },
    volume,
    density,
    exact,
  };
}

function unitDensityPart(
  geometry: Geometry,
  origin: Pose,
  measureMesh: MeshMeasurer,
): { readonly inertial: Inertial; readonly exact: boolean } | undefined {
  if (geometry.type === "mesh") {
    const props = measureMesh(geometry);
    if (props === undefined || !(props.volume > 0)) return undefined;
    // The mesh's centroid sits off its frame's origin: place it by the shape's pose.
    const c = rotateVector(origin.rpy, props.com);
    return {
      inertial: {
        mass: props.volume,
        origin: { xyz: [origin.xyz[0] + c[0], origin.xyz[1] + c[1], origin.xyz[2] + c[2]], rpy: origin.rpy },
        inertia: props.unitInertia,
      },
      exact: props.method === "closed-mesh",
    };
  }
  const volume = shapeVolume(geometry);
  if (!(volume > 0) || !Number.isFinite(volume)) return undefined;
  return { inertial: { mass: volume, origin, inertia: shapeInertia(volume, geometry) }, exact: true };
}

function shapeVolume(g: Exclude<Geometry, MeshGeometry>): number {
  switch (g.type) {
    case "box":
      return g.size[0] * g.size[1] * g.size[2];
    case "cylinder":
      return Math.PI * g.radius * g.radius * g.length;
    case "sphere":
      return (4 / 3) * Math.PI * g.radius ** 3;
    case "capsule":
      return Math.PI * g.radius * g.radius * g.length + (4 / 3) * Math.PI * g.radius ** 3;
    case "plane":
      // An infinite half-space in the simulators: no solid to measure, so no box is drawn.
      return 0;
    default:
      assertNever(g, "geometry type");
  }
}
