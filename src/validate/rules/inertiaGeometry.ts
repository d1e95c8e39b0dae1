import type { InertiaTensor } from "../../model/Inertial.js";
import { boxInertia, combineInertials, cylinderInertia, principalMoments, sphereInertia } from "../../model/inertia.js";
import { composePoses, type Pose, rotateVector } from "../../model/Pose.js";
import type { Vec3 } from "../../model/Vector.js";
import { MAX_PLAUSIBLE_MESH_EXTENT, PLAUSIBLE_DENSITY } from "../../parse/mesh/massPlausibility.js";
import { meshMassProperties } from "../../parse/mesh/meshMassProperties.js";
import { readMesh } from "../../parse/mesh/readMesh.js";
import type { TriangleMesh } from "../../parse/mesh/TriangleMesh.js";
import { attr, child, childrenNamed, type XmlElement } from "../../parse/XmlDocument.js";
import type { Rule, RuleContext } from "../RuleContext.js";
import { parseNumber, parseNumbers } from "./numbers.js";
import { type LumpedBody, urdfLumpedBodies } from "./urdfLumpedInertials.js";

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
}

interface ReadMeshEntry {
  readonly mesh: TriangleMesh;
  /** COLLADA `<unit meter>`, when the file has one. */
  readonly colladaUnit: number | undefined;
}

/**
 * URDF: each rigid body's inertial (links joined by fixed joints lumped, as Gazebo and MuJoCo do)
 * is physically plausible for its collision geometry: the uniform solid of the same mass filling
 * every `<collision>` shape of the body (boxes, cylinders and spheres, and meshes when the options
 * give a resolver and a reader), in the body root's frame. Warnings, each only when the geometry
 * could be measured in full:
 * - a collision mesh over {@link MAX_PLAUSIBLE_MESH_EXTENT} m or {@link MESH_EXTENT_FACTOR} times
 *   the robot's reference size (drawn in millimetres), or a COLLADA `<unit>` the `<mesh scale>`
 *   applies a second time; the other checks are skipped for that link;
 * - a density (mass / collision volume) below {@link MIN_LINK_DENSITY} or above osmium's;
 * - a principal moment beyond {@link INERTIA_GEOMETRY_FACTOR} of the solid's;
 * - a centre of mass outside the collision bounding box by more than {@link COM_OUTSIDE_MARGIN}
 *   plus a quarter of the box's largest side.
 * Links without `<collision>` (visual only) are not judged.
 */
export const inertiaGeometry: Rule = (ctx) => {
  if (ctx.format !== "urdf") return;
  const links = new Map<string, XmlElement>();
  for (const l of childrenNamed(ctx.root, "link"))
    if (!links.has(attr(l, "name") ?? "")) links.set(attr(l, "name") ?? "", l);
  if (![...links.values()].some((l) => child(l, "collision") !== undefined && child(l, "inertial") !== undefined))
    return;
  const reference = referenceSize(ctx.root);
  const meshes = new Map<string, ReadMeshEntry | undefined>();
  // Links joined by fixed joints are one body to Gazebo and MuJoCo: judge each body once.
  const seen = new Set<LumpedBody>();
  for (const body of urdfLumpedBodies(ctx.root).values()) {
    if (seen.has(body)) continue;
    seen.add(body);
    checkBody(ctx, body, links, reference, meshes);
  }
};

function checkBody(
  ctx: RuleContext,
  body: LumpedBody,
  links: ReadonlyMap<string, XmlElement>,
  reference: number,
  meshes: Map<string, ReadMeshEntry | undefined>,
): void {
  const inertial = body.inertial;
  if (inertial === undefined || !(inertial.mass > 0) || !Number.isFinite(inertial.mass)) return; // the inertia rule's
  // Report at the root link's <inertial> when it has mass, else at the heaviest member's.
  const anchorName = body.members.includes(body.root) ? body.root : body.members[0];
  const anchor = anchorName === undefined ? undefined : links.get(anchorName);
  const anchorInertial = anchor === undefined ? undefined : child(anchor, "inertial");
  if (anchorInertial === undefined) return;
  const parts: Part[] = [];
  let collisions = 0;
  for (const [name, pose] of body.poses) {
    const link = links.get(name);
    if (link === undefined) continue;
    for (const collision of childrenNamed(link, "collision")) {
      collisions++;
      const part = measure(ctx, collision, name, pose, reference, meshes);
      if (part === "units") return; // reported; the other numbers would only repeat it
      if (part === undefined) return; // not measurable: judge nothing rather than a part of the body
      parts.push(part);
    }
  }
  if (collisions === 0) return; // visual only: nothing to compare with
  const others = [...body.poses.keys()].filter((n) => n !== anchorName);
  const name = `${anchorName ?? body.root}${others.length > 0 ? ` (with ${others.slice(0, 4).join(", ")}${others.length > 4 ? ", …" : ""}, joined by fixed joints)` : ""}`;
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
  const origin = child(anchorInertial, "origin");
  const frame = others.length > 0 ? ` in link [${body.root}]'s frame` : "";
  if (outside > margin) {
    ctx.flag(
      "comOutsideCollision",
      origin ?? anchorInertial,
      `link [${name}] centre of mass ${com.map(fmt).join(" ")}${frame} lies ${fmt(outside)} m outside its collision shapes' bounding box (${min.map(fmt).join(" ")} to ${max.map(fmt).join(" ")} m; allowed ${fmt(margin)} m)`,
      origin === undefined ? undefined : "xyz",
    );
  }
  if (!parts.every((p) => p.exact)) return;
  const volume = parts.reduce((s, p) => s + p.volume, 0);
  const density = mass / volume;
  const low = MIN_LINK_DENSITY;
  const high = PLAUSIBLE_DENSITY[1];
  const massEl = child(anchorInertial, "mass");
  if (density < low || density > high) {
    const what =
      density < low
        ? density < 1.2
          ? "lighter than air"
          : `lighter than foam (${low} kg/m³)`
        : `denser than osmium (${high} kg/m³)`;
    ctx.flag(
      "linkDensityImplausible",
      massEl ?? anchorInertial,
      `link [${name}] mass ${fmt(mass)} kg over its collision volume ${fmt(volume)} m³ is ${fmt(density)} kg/m³: ${what}`,
      massEl === undefined ? undefined : "value",
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
    ctx.flag(
      ratio < 1 ? "inertiaTooSmallForGeometry" : "inertiaTooLargeForGeometry",
      child(anchorInertial, "inertia") ?? anchorInertial,
      `link [${name}] largest principal moment ${fmt(given[2])} kg·m² is ${fmt(ratio < 1 ? 1 / ratio : ratio)} times ${direction} than the ${fmt(geometric[2])} kg·m² of a uniform solid of mass ${fmt(mass)} kg filling its collision shapes (principal moments ${given.map(fmt).join(", ")} vs ${geometric.map(fmt).join(", ")}; allowed factor ${INERTIA_GEOMETRY_FACTOR})`,
    );
  }
}

function measure(
  ctx: RuleContext,
  collision: XmlElement,
  link: string,
  linkPose: Pose,
  reference: number,
  meshes: Map<string, ReadMeshEntry | undefined>,
): Part | "units" | undefined {
  const origin = child(collision, "origin");
  const localXyz = vec(origin === undefined ? undefined : attr(origin, "xyz"), [0, 0, 0]);
  const localRpy = vec(origin === undefined ? undefined : attr(origin, "rpy"), [0, 0, 0]);
  const geometry = child(collision, "geometry");
  const shape = geometry?.children[0];
  if (localXyz === undefined || localRpy === undefined || shape === undefined || geometry?.children.length !== 1)
    return undefined;
  // The shape's pose in the body's root frame.
  const { xyz, rpy } = composePoses(linkPose, { xyz: localXyz, rpy: localRpy });
  const positive = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v) && v > 0;
  switch (shape.name) {
    case "box": {
      const size = vec(attr(shape, "size"), undefined);
      if (size === undefined || !size.every(positive)) return undefined;
      return place(
        {
          volume: size[0] * size[1] * size[2],
          com: [0, 0, 0],
          unitInertia: boxInertia(size[0] * size[1] * size[2], size),
          half: [size[0] / 2, size[1] / 2, size[2] / 2],
          exact: true,
        },
        xyz,
        rpy,
      );
    }
    case "cylinder": {
      const r = parseNumber(attr(shape, "radius") ?? "");
      const l = parseNumber(attr(shape, "length") ?? "");
      if (!positive(r) || !positive(l)) return undefined;
      const v = Math.PI * r * r * l;
      return place(
        { volume: v, com: [0, 0, 0], unitInertia: cylinderInertia(v, r, l), half: [r, r, l / 2], exact: true },
        xyz,
        rpy,
      );
    }
    case "sphere": {
      const r = parseNumber(attr(shape, "radius") ?? "");
      if (!positive(r)) return undefined;
      const v = (4 / 3) * Math.PI * r * r * r;
      return place(
        { volume: v, com: [0, 0, 0], unitInertia: sphereInertia(v, r), half: [r, r, r], exact: true },
        xyz,
        rpy,
      );
    }
    case "mesh":
      return measureMesh(ctx, shape, link, xyz, rpy, reference, meshes);
    default:
      return undefined;
  }
}

function measureMesh(
  ctx: RuleContext,
  shape: XmlElement,
  link: string,
  xyz: Vec3,
  rpy: Vec3,
  reference: number,
  meshes: Map<string, ReadMeshEntry | undefined>,
): Part | "units" | undefined {
  const resolve = ctx.options.resolveResource;
  const read = ctx.options.readResource;
  const uri = attr(shape, "filename")?.trim();
  const scale = vec(attr(shape, "scale"), [1, 1, 1]);
  if (resolve === undefined || read === undefined || uri === undefined || uri === "" || scale === undefined)
    return undefined;
  const found = resolve(uri, ctx.file);
  if (!("file" in found)) return undefined; // meshResources reports it
  let entry = meshes.get(found.file);
  if (!meshes.has(found.file)) {
    const bytes = read(found.file);
    const result = "bytes" in bytes ? readMesh(bytes.bytes, found.file) : undefined;
    entry =
      result?.mesh === undefined
        ? undefined
        : {
            mesh: result.mesh,
            colladaUnit: result.format === "collada" ? colladaUnit(bytes as { bytes: Uint8Array }) : undefined,
          };
    meshes.set(found.file, entry);
  }
  if (entry === undefined) return undefined;
  const { mesh, colladaUnit: unit } = entry;
  const lo: [number, number, number] = [Infinity, Infinity, Infinity];
  const hi: [number, number, number] = [-Infinity, -Infinity, -Infinity];
  for (let i = 0; i < mesh.positions.length; i += 3) {
    for (let k = 0; k < 3; k++) {
      const v = mesh.positions[i + k]! * scale[k]!;
      lo[k] = Math.min(lo[k]!, v);
      hi[k] = Math.max(hi[k]!, v);
    }
  }
  const extent = Math.max(hi[0] - lo[0], hi[1] - lo[1], hi[2] - lo[2]);
  if (!Number.isFinite(extent)) return undefined;
  if (extent > MAX_PLAUSIBLE_MESH_EXTENT || (reference > 0 && extent > MESH_EXTENT_FACTOR * reference)) {
    const against =
      reference > 0
        ? `, ${fmt(extent / reference)} times the robot's largest joint offset or primitive shape (${fmt(reference)} m)`
        : "";
    ctx.flag(
      "meshUnitsSuspectInRobot",
      shape,
      `link [${link}] collision mesh [${uri}] is ${fmt(extent)} m across${against}: likely drawn in millimetres (scale 0.001 makes it ${fmt(extent / 1000)} m)`,
      "filename",
    );
    return "units";
  }
  // A COLLADA file in millimetres is already scaled to metres by its <unit>; a scale of 0.001 on top shrinks it 1000 times.
  if (unit !== undefined && Math.abs(unit - 1) > 1e-6) {
    const s = Math.cbrt(Math.abs(scale[0] * scale[1] * scale[2]));
    if (Math.abs(s - unit) <= 0.01 * unit) {
      ctx.flag(
        "colladaUnitScaledTwice",
        shape,
        `link [${link}] collision mesh [${uri}] declares <unit meter="${unit}"> and the URDF scales it by ${scale.map(fmt).join(" ")} as well: it comes out ${fmt(extent)} m across`,
        "scale",
      );
      return "units";
    }
  }
  const props = meshMassProperties(mesh, uri, { scale }).properties;
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
  };
}

/** The robot's reference size (m): its largest joint offset or primitive shape (collision or visual); 0 when it has none. */
function referenceSize(root: XmlElement): number {
  let size = 0;
  for (const joint of childrenNamed(root, "joint")) {
    const origin = child(joint, "origin");
    const xyz = vec(origin === undefined ? undefined : attr(origin, "xyz"), [0, 0, 0]);
    if (xyz !== undefined) size = Math.max(size, Math.hypot(...xyz));
  }
  for (const link of childrenNamed(root, "link")) {
    for (const holder of [...childrenNamed(link, "collision"), ...childrenNamed(link, "visual")]) {
      const shape = child(holder, "geometry")?.children[0];
      if (shape === undefined) continue;
      const numbers =
        shape.name === "box"
          ? (vec(attr(shape, "size"), undefined) ?? [])
          : shape.name === "cylinder"
            ? [2 * (parseNumber(attr(shape, "radius") ?? "") ?? 0), parseNumber(attr(shape, "length") ?? "") ?? 0]
            : shape.name === "sphere"
              ? [2 * (parseNumber(attr(shape, "radius") ?? "") ?? 0)]
              : [];
      for (const n of numbers) if (Number.isFinite(n)) size = Math.max(size, n);
    }
  }
  return size;
}

/** A COLLADA file's `<unit meter>` (read from the first 64 KiB, where `<asset>` sits). */
function colladaUnit(file: { bytes: Uint8Array }): number | undefined {
  const head = new TextDecoder("utf-8").decode(file.bytes.subarray(0, 65_536));
  const m = /<unit\b[^>]*\bmeter\s*=\s*["']([^"']+)["']/.exec(head);
  const v = m === null ? undefined : Number(m[1]);
  return v !== undefined && Number.isFinite(v) && v > 0 ? v : undefined;
}

function vec(text: string | undefined, fallback: Vec3 | undefined): Vec3 | undefined {
  if (text === undefined || text.trim() === "") return fallback;
  const n = parseNumbers(text);
  if (n === undefined || n.length !== 3 || !n.every(Number.isFinite)) return undefined;
  return [n[0]!, n[1]!, n[2]!];
}

function fmt(v: number): string {
  const r = Number(v.toPrecision(4));
  return Object.is(r, -0) ? "0" : r.toString();
}
