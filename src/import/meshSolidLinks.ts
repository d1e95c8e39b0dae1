import type { MeshGeometry } from "../model/Geometry.js";
import type { Inertial } from "../model/Inertial.js";
import { principalMoments } from "../model/inertia.js";
import type { Link } from "../model/Link.js";
import type { MeshMassProperties } from "../model/MeshMassProperties.js";
import { IDENTITY_POSE, type Pose } from "../model/Pose.js";
import type { Robot } from "../model/Robot.js";
import { solidLink } from "../model/solidLink.js";

/**
 * How close a file's inertial must be to the uniform solid of its link's mesh for `robokit
 * import` to write the link as `solidLink` with that mesh (see {@link inertialDeviation}).
 */
export const MESH_SOLID_TOLERANCE = 1e-6;

/** The key of a mesh and its scale in a {@link MeshSolids} map. */
export function meshKey(g: MeshGeometry): string {
  return JSON.stringify([g.uri, g.scale ?? [1, 1, 1]]);
}

/** Mass properties of the meshes the CLI measured (closed meshes only), by {@link meshKey}. */
export type MeshSolids = ReadonlyMap<string, MeshMassProperties>;

/** A link written in solidLink's mesh form, with the properties used and how far its inertial moves. */
export interface MeshSolidLink {
  readonly properties: MeshMassProperties;
  readonly mesh: MeshGeometry;
  /** {@link inertialDeviation} of the solid's inertial from the file's (≤ {@link MESH_SOLID_TOLERANCE}). */
  readonly deviation: number;
}

/**
 * The largest difference between two inertials, each quantity against its own scale: mass
 * relative to `a`'s, centre of mass in metres and orientation in radians (absolute, per
 * component), and each tensor component relative to `a`'s largest principal moment. So 1e-6
 * means: the same mass to 1 ppm, the centre of mass to a micrometre, the frame to a microradian
 * and the tensor to 1 ppm of its largest moment. Infinity when either tensor is not finite.
 */
export function inertialDeviation(a: Inertial, b: Inertial): number {
  const pa = a.origin ?? IDENTITY_POSE;
  const pb = b.origin ?? IDENTITY_POSE;
  const scale = Math.max(...principalMoments(a.inertia).map(Math.abs));
  const keys = ["ixx", "iyy", "izz", "ixy", "ixz", "iyz"] as const;
  const parts = [
    Math.abs(a.mass - b.mass) / Math.abs(a.mass),
    ...[0, 1, 2].map((k) => Math.abs(pa.xyz[k]! - pb.xyz[k]!)),
    ...[0, 1, 2].map((k) => Math.abs(pa.rpy[k]! - pb.rpy[k]!)),
    ...keys.map((k) => (a.inertia[k] === b.inertia[k] ? 0 : Math.abs(a.inertia[k] - b.inertia[k]) / scale)),
  ];
  return parts.every((v) => Number.isFinite(v)) ? Math.max(...parts) : Number.POSITIVE_INFINITY;
}

/**
 * The mesh a link would be written with as solidLink: one unnamed visual and one unnamed
 * collision with the same mesh and origin, no inline material, no sensors, and an inertial with
 * mass. Undefined for any other link (those keep the explicit form).
 */
export function meshSolidCandidate(link: Link): MeshGeometry | undefined {
  const v = link.visuals ?? [];
  const c = link.collisions ?? [];
  const vis = v[0];
  const col = c[0];
  const i = link.inertial;
  if (v.length !== 1 || c.length !== 1 || vis === undefined || col === undefined || i === undefined) return undefined;
  if (link.sensors !== undefined || vis.name !== undefined || col.name !== undefined) return undefined;
  if (vis.inlineMaterial !== undefined || vis.geometry.type !== "mesh" || col.geometry.type !== "mesh")
    return undefined;
  if (JSON.stringify(vis.geometry) !== JSON.stringify(col.geometry)) return undefined;
  const origin = (p: Pose | undefined): string => JSON.stringify(p ?? IDENTITY_POSE);
  if (origin(vis.origin) !== origin(col.origin)) return undefined;
  if (!(i.mass > 0) || !Number.isFinite(i.mass)) return undefined;
  return vis.geometry;
}

/** The distinct meshes (with their scales) of a robot's {@link meshSolidCandidate} links: what the CLI should measure. */
export function meshSolidCandidates(robot: Robot): MeshGeometry[] {
  const out = new Map<string, MeshGeometry>();
  for (const link of robot.links) {
    const g = meshSolidCandidate(link);
    if (g !== undefined && !out.has(meshKey(g))) out.set(meshKey(g), g);
  }
  return [...out.values()];
}

/**
 * The links whose inertial is the uniform solid of their mesh: a {@link meshSolidCandidate}
 * whose mesh was measured as a closed solid, and whose file inertial lies within
 * {@link MESH_SOLID_TOLERANCE} ({@link inertialDeviation}) of what solidLink makes from the
 * mesh and the file's mass. By link name.
 */
export function meshSolidLinks(robot: Robot, solids: MeshSolids): Map<string, MeshSolidLink> {
  const out = new Map<string, MeshSolidLink>();
  for (const link of robot.links) {
    const g = meshSolidCandidate(link);
    const properties = g === undefined ? undefined : solids.get(meshKey(g));
    const file = link.inertial;
    if (g === undefined || properties === undefined || file === undefined) continue;
    if (properties.method !== "closed-mesh" || !(properties.volume > 0)) continue;
    const origin = link.visuals?.[0]?.origin;
    const solid = solidLink(link.name, {
      shape: g,
      mass: file.mass,
      ...(origin === undefined ? {} : { origin }),
      meshMassProperties: properties,
    }).inertial;
    if (solid === undefined) continue;
    const deviation = inertialDeviation(file, solid);
    if (deviation <= MESH_SOLID_TOLERANCE) out.set(link.name, { properties, mesh: g, deviation });
  }
  return out;
}
