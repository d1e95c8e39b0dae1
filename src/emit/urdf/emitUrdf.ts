import type { Geometry } from "../../model/Geometry.js";
import type { Inertial } from "../../model/Inertial.js";
import { isSdfOnlyJoint, jointAxis, type Joint } from "../../model/Joint.js";
import type { Collision, Link, Visual } from "../../model/Link.js";
import { IDENTITY_POSE, type Pose } from "../../model/Pose.js";
import type { Robot } from "../../model/Robot.js";
import type { XmlBlock } from "../../model/XmlBlock.js";
import { generatedBy } from "../xml/generatedBy.js";
import { num, serializeXml, vec, xmlDocument, type XmlOutElement } from "../xml/xmlDocument.js";
import { assertNever } from "../../util/assertNever.js";

/**
 * Adds elements to the `<robot>` element after links and joints (ros2_control,
 * transmissions, `<gazebo>` blocks). Extensions run in the order given.
 */
export type UrdfExtension = (robotElement: XmlOutElement, robot: Robot) => void;

/** Options of {@link emitUrdf}. */
export interface EmitUrdfOptions {
  readonly extensions?: readonly UrdfExtension[];
  /** Recorded in the generated-by comment, e.g. `{ target: "gz" }`. */
  readonly stamp?: Readonly<Record<string, string>>;
}

/**
 * URDF 1.0 (ROS 1 and ROS 2) of a checked robot. Pure and deterministic: declaration order,
 * fixed attribute order, one number formatter, LF, no timestamp.
 *
 * Capsules, which URDF 1.0 lacks, are written as a cylinder plus two spheres. What URDF cannot
 * hold at all is reported by `urdfLosses` (FEATURE_UNSUPPORTED): planes are left out, the
 * SDF-only joints ball, universal, revolute2 and screw are written as fixed joints at their
 * origin (the tree stays whole, the motion is lost) and gearbox joints, which are constraints
 * and no tree edge, are left out.
 */
export function emitUrdf(robot: Robot, options: EmitUrdfOptions = {}): string {
  const doc = xmlDocument(generatedBy("urdf", options.stamp));
  const root = doc.ele("robot", { name: robot.name });
  for (const m of robot.materials ?? []) {
    const el = root.ele("material", { name: m.name });
    el.ele("color", { rgba: vec(m.rgba) });
    if (m.texture !== undefined) el.ele("texture", { filename: m.texture });
  }
  for (const link of robot.links) writeLink(root, link);
  for (const joint of robot.joints ?? []) writeJoint(root, joint);
  for (const link of robot.links) writeFriction(root, link, robot.xmlBlocks ?? []);
  // Extension blocks kept verbatim (robokit import): written back as they came.
  for (const block of robot.xmlBlocks ?? []) if (block.format === "urdf") root.importXml(block.xml);
  for (const extension of options.extensions ?? []) extension(root, robot);
  return serializeXml(doc);
}

function writeLink(parent: XmlOutElement, link: Link): void {
  const el = parent.ele("link", { name: link.name });
  if (link.inertial !== undefined) writeInertial(el, link.inertial);
  for (const v of link.visuals ?? []) writeShape(el, "visual", v);
  for (const c of link.collisions ?? []) writeShape(el, "collision", c);
  // Finished: kept as text from here on, so a large robot never exists as a whole tree.
  el.seal();
}

/**
 * A link's contact parameters as Gazebo reads them from URDF: `<gazebo reference="LINK">` with
 * mu1, mu2, fdir1, kp, kd, which libsdformat applies to every collision of the link (URDF has no
 * per-collision surface). Written from the link's first collision that has a surface; skipped
 * when a kept extension block (robokit import) already gives that link's friction.
 */
function writeFriction(parent: XmlOutElement, link: Link, blocks: readonly XmlBlock[]): void {
  const surface = (link.collisions ?? []).find((c) => c.surface !== undefined)?.surface;
  if (surface === undefined || Object.keys(surface).length === 0) return;
  const reference = `reference="${link.name}"`;
  if (blocks.some((b) => b.format === "urdf" && b.xml.includes(reference) && /<(mu1|mu2|fdir1|kp|kd)\b/.test(b.xml)))
    return;
  const el = parent.ele("gazebo", { reference: link.name });
  if (surface.mu !== undefined) el.ele("mu1").txt(num(surface.mu));
  if (surface.mu2 !== undefined) el.ele("mu2").txt(num(surface.mu2));
  if (surface.fdir1 !== undefined) el.ele("fdir1").txt(vec(surface.fdir1));
  if (surface.kp !== undefined) el.ele("kp").txt(num(surface.kp));
  if (surface.kd !== undefined) el.ele("kd").txt(num(surface.kd));
}

function writeInertial(parent: XmlOutElement, inertial: Inertial): void {
  const el = parent.ele("inertial");
  writeOrigin(el, inertial.origin ?? IDENTITY_POSE);
  el.ele("mass", { value: num(inertial.mass) });
  const i = inertial.inertia;
  el.ele("inertia", {
    ixx: num(i.ixx),
    ixy: num(i.ixy),
    ixz: num(i.ixz),
    iyy: num(i.iyy),
    iyz: num(i.iyz),
    izz: num(i.izz),
  });
}

function writeShape(parent: XmlOutElement, tag: "visual" | "collision", shape: Visual | Collision): void {
  const origin = shape.origin ?? IDENTITY_POSE;
  const parts = urdfParts(shape.geometry, origin);
  parts.forEach((part, k) => {
    const name = shape.name === undefined ? undefined : parts.length > 1 ? `${shape.name}_${k}` : shape.name;
    const el = parent.ele(tag, name === undefined ? {} : { name });
    writeOrigin(el, part.origin);
    writeGeometry(el.ele("geometry"), part.geometry);
    if (tag === "visual" && "material" in shape && shape.material !== undefined)
      el.ele("material", { name: shape.material });
    else if (tag === "visual" && "inlineMaterial" in shape && shape.inlineMaterial !== undefined) {
      // An anonymous material, written back where the file had it: `<material name="">`.
      const m = el.ele("material", { name: "" });
      m.ele("color", { rgba: vec(shape.inlineMaterial.rgba) });
      if (shape.inlineMaterial.texture !== undefined) m.ele("texture", { filename: shape.inlineMaterial.texture });
    }
  });
}

type UrdfGeometry = Exclude<Geometry, { type: "capsule" } | { type: "plane" }>;

/** URDF 1.0 has no capsule: a cylinder plus a sphere at each end, same frame. No plane: nothing (urdfLosses). */
function urdfParts(geometry: Geometry, origin: Pose): { geometry: UrdfGeometry; origin: Pose }[] {
  if (geometry.type === "plane") return [];
  if (geometry.type !== "capsule") return [{ geometry, origin }];
  const half = geometry.length / 2;
  const along = (dz: number): Pose => ({ xyz: offsetAlongZ(origin, dz), rpy: origin.rpy });
  return [
    { geometry: { type: "cylinder", radius: geometry.radius, length: geometry.length }, origin },
    { geometry: { type: "sphere", radius: geometry.radius }, origin: along(half) },
    { geometry: { type: "sphere", radius: geometry.radius }, origin: along(-half) },
  ];
}

function offsetAlongZ(origin: Pose, dz: number): Pose["xyz"] {
  // z axis of the shape frame in the link frame: third column of R(rpy).
  const [r, p, y] = origin.rpy;
  const zx = Math.cos(y) * Math.sin(p) * Math.cos(r) + Math.sin(y) * Math.sin(r);
  const zy = Math.sin(y) * Math.sin(p) * Math.cos(r) - Math.cos(y) * Math.sin(r);
  const zz = Math.cos(p) * Math.cos(r);
  return [origin.xyz[0] + dz * zx, origin.xyz[1] + dz * zy, origin.xyz[2] + dz * zz];
}

function writeGeometry(el: XmlOutElement, g: UrdfGeometry): void {
  switch (g.type) {
    case "box":
      el.ele("box", { size: vec(g.size) });
      break;
    case "cylinder":
      el.ele("cylinder", { radius: num(g.radius), length: num(g.length) });
      break;
    case "sphere":
      el.ele("sphere", { radius: num(g.radius) });
      break;
    case "mesh":
      el.ele("mesh", g.scale === undefined ? { filename: g.uri } : { filename: g.uri, scale: vec(g.scale) });
      break;
    default:
      assertNever(g, "geometry type");
  }
}

function writeOrigin(parent: XmlOutElement, origin: Pose): void {
  parent.ele("origin", { xyz: vec(origin.xyz), rpy: vec(origin.rpy) });
}

function writeJoint(parent: XmlOutElement, joint: Joint): void {
  // A gearbox couples two joints and is no tree edge: nothing of it fits URDF (urdfLosses).
  if (joint.type === "gearbox") return;
  const sdfOnly = isSdfOnlyJoint(joint);
  const el = parent.ele("joint", { name: joint.name, type: sdfOnly ? "fixed" : joint.type });
  writeOrigin(el, joint.origin ?? IDENTITY_POSE);
  el.ele("parent", { link: joint.parent });
  el.ele("child", { link: joint.child });
  if (sdfOnly) {
    // Fixed at its origin keeps the tree whole; the motion is lost (urdfLosses says so).
    el.seal();
    return;
  }
  // A fixed joint has no axis of motion (jointAxis), but one written on it is kept.
  const axis = joint.type === "fixed" ? joint.axis : jointAxis(joint);
  if (axis !== undefined) el.ele("axis", { xyz: vec(axis) });
  if (joint.calibration !== undefined) {
    const c = joint.calibration;
    el.ele("calibration", {
      ...(c.rising === undefined ? {} : { rising: num(c.rising) }),
      ...(c.falling === undefined ? {} : { falling: num(c.falling) }),
    });
  }
  if (joint.dynamics !== undefined) {
    el.ele("dynamics", { damping: num(joint.dynamics.damping ?? 0), friction: num(joint.dynamics.friction ?? 0) });
  }
  switch (joint.type) {
    case "revolute":
    case "prismatic":
      el.ele("limit", {
        lower: num(joint.limit.lower),
        upper: num(joint.limit.upper),
        effort: num(joint.limit.effort),
        velocity: num(joint.limit.velocity),
      });
      break;
    case "continuous":
    case "planar":
      if (joint.limit !== undefined) {
        const l = joint.limit;
        // Bounds on a joint without any are meaningless but read by urdfdom: written back as read.
        el.ele("limit", {
          ...(l.lower === undefined ? {} : { lower: num(l.lower) }),
          ...(l.upper === undefined ? {} : { upper: num(l.upper) }),
          effort: num(l.effort),
          velocity: num(l.velocity),
        });
      }
      break;
    case "fixed":
      if (joint.limit !== undefined) {
        const l = joint.limit;
        el.ele("limit", {
          ...(l.lower === undefined ? {} : { lower: num(l.lower) }),
          ...(l.upper === undefined ? {} : { upper: num(l.upper) }),
          ...(l.effort === undefined ? {} : { effort: num(l.effort) }),
          ...(l.velocity === undefined ? {} : { velocity: num(l.velocity) }),
        });
      }
      break;
    case "floating":
      break;
    default:
      assertNever(joint, "joint type");
  }
  // A fixed joint's mimic is kept as read (urdfdom reads it).
  if (
    (joint.type === "revolute" ||
      joint.type === "continuous" ||
      joint.type === "prismatic" ||
      joint.type === "fixed") &&
    joint.mimic !== undefined
  ) {
    el.ele("mimic", {
      joint: joint.mimic.joint,
      multiplier: num(joint.mimic.multiplier ?? 1),
      offset: num(joint.mimic.offset ?? 0),
    });
  }
  if (joint.safetyController !== undefined) {
    const s = joint.safetyController;
    el.ele("safety_controller", {
      ...(s.softLowerLimit === undefined ? {} : { soft_lower_limit: num(s.softLowerLimit) }),
      ...(s.softUpperLimit === undefined ? {} : { soft_upper_limit: num(s.softUpperLimit) }),
      ...(s.kPosition === undefined ? {} : { k_position: num(s.kPosition) }),
      k_velocity: num(s.kVelocity),
    });
  }
  el.seal();
}
