import type { InertiaTensor } from "../../model/Inertial.js";
import { boxInertia, combineInertials, cylinderInertia, principalMoments, sphereInertia } from "../../model/inertia.js";
import { rotateVector } from "../../model/Pose.js";
import type { Vec3 } from "../../model/Vector.js";
import { MAX_PLAUSIBLE_MESH_EXTENT, PLAUSIBLE_DENSITY } from "../../parse/mesh/massPlausibility.js";
import type { Finding } from "../../diagnostics/severityPolicy.js";
import type { Rule, RuleContext } from "../RuleContext.js";
import { CollisionMeshCache, MESH_READ_BUDGET } from "./CollisionMeshCache.js";
import type { GeometryBody, GeometryCollision, GeometryPlace, GeometryShape } from "./GeometryBody.js";
import { sdfGeometryBodies } from "./sdfGeometryBodies.js";
import { urdfGeometryBodies } from "./urdfGeometryBodies.js";
import { assertNever } from "../../util/assertNever.js";

/**
 * A principal moment of the file's inertia more than this factor above or below the same moment
 * of the uniform solid of the link's mass and collision shape is a contradiction (calibrated on
 * the robots listed in docs/inertia.md: real links, hollow shells and motors inside, stay within 6×).
 */
export const INERTIA_GEOMETRY_FACTOR = 10;

/**
 * A mesh more than this many times wider than the robot's reference size (its largest joint
 * offset or primitive shape) is likely drawn in millimetres (×1000) or similar.
 */
export const MESH_EXTENT_FACTOR = 100;

/**
 * Lightest plausible link (kg/m³, mass over collision volume). Collision shapes are envelopes of
 * hollow parts: a plastic shell or a rubber ring modelled as a full box or disc comes out well
 * under 100 (Robotino's bumper: 58), but nothing a robot is built of is lighter than rigid foam
 * (about 15); the heaviest is {@link PLAUSIBLE_DENSITY}'s osmium bound.
 */
export const MIN_LINK_DENSITY = 10;

/**
 * How far (m) a centre of mass may lie outside the collision shapes' bounding box: this much,
 * plus a quarter of the box's largest side (links with counterweights or parts not modelled for
 * collision).
 */
export const COM_OUTSIDE_MARGIN = 0.02;

/** A collision shape measured in the link frame, for unit density. */
interface Part {
  /** m³. */
  readonly volume: number;
  /** Centre of volume in the link frame, m. */
  readonly com: Vec3;
  /** Per unit density, about `com`, in the shape's axes (m⁵). */
  readonly unitInertia: InertiaTensor;
  readonly rpy: Vec3;
  /** Bounding box of the shape in the link frame, m. */
  readonly min: Vec3;
  readonly max: Vec3;
  /** false when the volume is a stand-in (an open mesh's bounding box): density and inertia are not judged. */
  readonly exact: boolean;
  /** Said with a finding that depends on the shape's orientation (a COLLADA `<up_axis>` left alone). */
  readonly note?: string;
}

/**
 * Each rigid body's inertial is physically plausible for its collision geometry: the uniform
 * solid of the same mass filling every collision shape of the body (boxes, cylinders and
 * spheres, and meshes when the options give a resolver and a reader), in the body's frame.
 * URDF bodies are links lumped across fixed joints, as Gazebo and MuJoCo simulate them
 * ({@link urdfGeometryBodies}); SDF bodies are links ({@link sdfGeometryBodies}). Warnings, each
 * only when the geometry could be measured in full:
 * - a collision mesh over {@link MAX_PLAUSIBLE_MESH_EXTENT} m or {@link MESH_EXTENT_FACTOR} times
 *   the robot's reference size (drawn in millimetres), or a COLLADA `<unit>` the mesh scale
 *   applies a second time; the other checks are skipped for that body;
 * - a density (mass / collision volume) below {@link MIN_LINK_DENSITY} or above osmium's;
 * - a principal moment beyond {@link INERTIA_GEOMETRY_FACTOR} of the solid's;
 * - a centre of mass outside the collision bounding box by more than {@link COM_OUTSIDE_MARGIN}
 *   plus a quarter of the box's largest side.
 * Bodies without collisions (visual only) are not judged. Meshes are judged as Gazebo loads them
 * (gz-common's ColladaLoader): a COLLADA `<unit meter>` applied, its `<up_axis>` ignored; a
 * finding on a body with a COLLADA mesh declaring another up axis than Z_UP says so.
 */
export const inertiaGeometry: Rule = (ctx) => {
  const bodies = ctx.format === "urdf" ? urdfGeometryBodies(ctx.root) : sdfGeometryBodies(ctx.root);
  const read = ctx.options.readResource;
  const meshes = read === undefined ? undefined : new CollisionMeshCache(read);
  for (const body of bodies) checkBody(ctx, body, meshes);
  if (meshes?.overBudget === true)
    ctx.flag(
      "meshReadBudgetExceeded",
      ctx.root,
      `the collision meshes add up to more than ${MESH_READ_BUDGET / 1024 / 1024} MiB read; the links whose meshes were not read are not judged`,
    );
};

function flagAt(ctx: RuleContext, finding: Finding, at: GeometryPlace, message: string): void {
  ctx.flag(finding, at.element, message, at.attribute);
}

function checkBody(ctx: RuleContext, body: GeometryBody, meshes: CollisionMeshCache | undefined): void {
  const inertial = body.inertial;
  if (!(inertial.mass > 0) || !Number.isFinite(inertial.mass)) return; // the inertia rule's
  if (body.collisions.length === 0) return; // visual only: nothing to compare with
  const parts: Part[] = [];
  for (const collision of body.collisions) {
    const part = measure(ctx, collision, body, meshes);
    if (part === "units") return; // reported; the other numbers would only repeat it
    if (part === undefined) return; // not measurable: judge nothing rather than a part of the body
    parts.push(part);
  }
  const { name, frameNote: frame } = body;
  const notes = [...new Set(parts.flatMap((p) => (p.note === undefined ? [] : [p.note])))];
  const note = notes.length === 0 ? "" : `; ${notes.join("; ")}`;
  const mass = inertial.mass;
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (const p of parts) {
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, p.min[k]!);
      max[k] = Math.max(max[k]!, p.max[k]!);
    }
  }
  const com = inertial.origin?.xyz ?? [0, 0, 0];
  const side = Math.max(max[0] - min[0], max[1] - min[1], max[2] - min[2]);
  const margin = COM_OUTSIDE_MARGIN + side / 4;
  const outside = Math.hypot(...[0, 1, 2].map((k) => Math.max(min[k]! - com[k]!, 0, com[k]! - max[k]!)));
  if (outside > margin) {
    flagAt(
      ctx,
      "comOutsideCollision",
      body.comAt,
      `link [${name}] centre of mass ${com.map(fmt).join(" ")}${frame} lies ${fmt(outside)} m outside its collision shapes' bounding box (${min.map(fmt).join(" ")} to ${max.map(fmt).join(" ")} m; allowed ${fmt(margin)} m)${note}`,
    );
  }
  if (!parts.every((p) => p.exact)) return;
  const volume = parts.reduce((s, p) => s + p.volume, 0);
  const density = mass / volume;
  const low = MIN_LINK_DENSITY;
  const high = PLAUSIBLE_DENSITY[1];
  if (density < low || density > high) {
    const what =
      density < low
        ? density < 1.2
          ? "lighter than air"
          : `lighter than foam (${low} kg/m³)`
        : `denser than osmium (${high} kg/m³)`;
    flagAt(
      ctx,
      "linkDensityImplausible",
      body.massAt,
      `link [${name}] mass ${fmt(mass)} kg over its collision volume ${fmt(volume)} m³ is ${fmt(density)} kg/m³: ${what}`,
    );
  }
  const solid = combineInertials(
    parts.map((p) => ({ mass: p.volume, origin: { xyz: p.com, rpy: p.rpy }, inertia: p.unitInertia })),
  );
  const geometric = principalMoments(solid.inertia).map((v) => (v * mass) / volume) as unknown as Vec3;
  const given = body.moments ?? principalMoments(inertial.inertia);
  // A zero or negative moment is the inertia rule's finding; compare only a physical tensor.
  if (!(given[0] >= 0) || !(given[2] > 0) || !(geometric[2] > 0)) return;
  const ratio = given[2] / geometric[2];
  if (ratio > INERTIA_GEOMETRY_FACTOR || ratio < 1 / INERTIA_GEOMETRY_FACTOR) {
    const direction = ratio < 1 ? "smaller" : "larger";
    flagAt(
      ctx,
      ratio < 1 ? "inertiaTooSmallForGeometry" : "inertiaTooLargeForGeometry",
      body.inertiaAt,
      `link [${name}] largest principal moment ${fmt(given[2])} kg·m² is ${fmt(ratio < 1 ? 1 / ratio : ratio)} times ${direction} than the ${fmt(geometric[2])} kg·m² of a uniform solid of mass ${fmt(mass)} kg filling its collision shapes (principal moments ${given.map(fmt).join(", ")} vs ${geometric.map(fmt).join(", ")}; allowed factor ${INERTIA_GEOMETRY_FACTOR})${note}`,
    );
  }
}

function measure(
  ctx: RuleContext,
  collision: GeometryCollision,
  body: GeometryBody,
  meshes: CollisionMeshCache | undefined,
): Part | "units" | undefined {
  const shape = collision.shape;
  if (shape === undefined) return undefined;
  const { xyz, rpy } = collision.pose;
  switch (shape.kind) {
    case "box": {
      const size = shape.size;
      const v = size[0] * size[1] * size[2];
      return place(
        {
          volume: v,
          com: [0, 0, 0],
          unitInertia: boxInertia(v, size),
          half: [size[0] / 2, size[1] / 2, size[2] / 2],
          exact: true,
        },
        xyz,
        rpy,
      );
    }
    case "cylinder": {
      const { radius: r, length: l } = shape;
      const v = Math.PI * r * r * l;
      return place(
        { volume: v, com: [0, 0, 0], unitInertia: cylinderInertia(v, r, l), half: [r, r, l / 2], exact: true },
        xyz,
        rpy,
      );
    }
    case "sphere": {
      const r = shape.radius;
      const v = (4 / 3) * Math.PI * r * r * r;
      return place(
        { volume: v, com: [0, 0, 0], unitInertia: sphereInertia(v, r), half: [r, r, r], exact: true },
        xyz,
        rpy,
      );
    }
    case "mesh":
      return measureMesh(ctx, shape, collision.link, body, xyz, rpy, meshes);
    default:
      assertNever(shape, "geometry type");
  }
}

function measureMesh(
  ctx: RuleContext,
  shape: Extract<GeometryShape, { kind: "mesh" }>,
  link: string,
  body: GeometryBody,
  xyz: Vec3,
  rpy: Vec3,
  meshes: CollisionMeshCache | undefined,
): Part | "units" | undefined {
  const resolve = ctx.options.resolveResource;
  const { uri, scale } = shape;
  const reference = body.reference;
  if (resolve === undefined || meshes === undefined) return undefined;
  const found = resolve(uri, ctx.file);
  if (!("file" in found)) return undefined; // meshResources reports it
  const measured = meshes.measure(found.file, uri, scale);
  if (measured === undefined) return undefined;
  const { lo, hi, properties: props, colladaUnit: unit, upAxis } = measured;
  const extent = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  if (!Number.isFinite(extent)) return undefined;
  if (extent > MAX_PLAUSIBLE_MESH_EXTENT || (reference > 0 && extent > MESH_EXTENT_FACTOR * reference)) {
    const against =
      reference > 0
        ? `, ${fmt(extent / reference)} times the robot's largest joint offset or primitive shape (${fmt(reference)} m)`
        : "";
    flagAt(
      ctx,
      "meshUnitsSuspectInRobot",
      shape.uriAt,
      `link [${link}] collision mesh [${uri}] is ${fmt(extent)} m across${against}: likely drawn in millimetres (scale 0.001 makes it ${fmt(extent / 1000)} m)`,
    );
    return "units";
  }
  // A COLLADA file in millimetres is already scaled to metres by its <unit>; a scale of 0.001 on top shrinks it 1000 times.
  if (unit !== undefined && Math.abs(unit - 1) > 1e-6) {
    const s = Math.cbrt(Math.abs(scale[0] * scale[1] * scale[2]));
    if (Math.abs(s - unit) <= 0.01 * unit) {
      flagAt(
        ctx,
        "colladaUnitScaledTwice",
        shape.scaleAt,
        `link [${link}] collision mesh [${uri}] declares <unit meter="${unit}"> and the ${body.format} scales it by ${scale.map(fmt).join(" ")} as well: it comes out ${fmt(extent)} m across`,
      );
      return "units";
    }
  }
  if (props === undefined) return undefined;
  const com = props.com;
  return place(
    {
      volume: props.volume,
      com,
      unitInertia: props.unitInertia,
      half: undefined,
      lo,
      hi,
      exact: props.method === "closed-mesh",
      ...(upAxis === undefined || upAxis === "Z_UP"
        ? {}
        : {
            note: `collision mesh [${uri}] declares <up_axis>${upAxis}</up_axis>, which Gazebo ignores: judged as written, not turned to z-up`,
          }),
    },
    xyz,
    rpy,
  );
}

/** A shape placed at the collision origin: its centre and its bounding box in the link frame. */
function place(
  s: {
    volume: number;
    com: Vec3;
    unitInertia: InertiaTensor;
    half: Vec3 | undefined;
    lo?: Vec3;
    hi?: Vec3;
    exact: boolean;
    note?: string;
  },
  xyz: Vec3,
  rpy: Vec3,
): Part {
  const lo = s.lo ?? ([-s.half![0], -s.half![1], -s.half![2]] as Vec3);
  const hi = s.hi ?? (s.half as Vec3);
  const min: [number, number, number] = [Infinity, Infinity, Infinity];
  const max: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let c = 0; c < 8; c++) {
    const corner: Vec3 = [c & 1 ? hi[0] : lo[0], c & 2 ? hi[1] : lo[1], c & 4 ? hi[2] : lo[2]];
    const r = rotateVector(rpy, corner);
    for (let k = 0; k < 3; k++) {
      min[k] = Math.min(min[k]!, r[k]! + xyz[k]!);
      max[k] = Math.max(max[k]!, r[k]! + xyz[k]!);
    }
  }
  const c = rotateVector(rpy, s.com);
  return {
    volume: s.volume,
    com: [c[0] + xyz[0], c[1] + xyz[1], c[2] + xyz[2]],
    unitInertia: s.unitInertia,
    rpy,
    min,
    max,
    exact: s.exact,
    ...(s.note === undefined ? {} : { note: s.note }),
  };
}

function fmt(v: number): string {
  const r = Number(v.toPrecision(4));
  return Object.is(r, -0) ? "0" : r.toString();
}
