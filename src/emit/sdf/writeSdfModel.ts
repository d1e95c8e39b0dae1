import type { Geometry } from "../../model/Geometry.js";
import type { Inertial } from "../../model/Inertial.js";
import { isTreeJoint, jointAxis, type Joint, type JointDynamics, type SdfAxisLimit } from "../../model/Joint.js";
import type { Collision, Link, Surface, Visual } from "../../model/Link.js";
import { linkPoses } from "../../model/linkPoses.js";
import type { Material } from "../../model/Material.js";
import { IDENTITY_POSE, type Pose } from "../../model/Pose.js";
import type { Robot } from "../../model/Robot.js";
import { RobotModelError } from "../../model/RobotModelError.js";
import { sdfReservedNames } from "../../model/sdfReservedNames.js";
import { num, vec, type XmlOutElement } from "../xml/xmlDocument.js";
import { sdfFeatures, type SdfFeatures } from "./sdfFeatures.js";
import { splitCapsule } from "./splitCapsule.js";
import { urdfConventionsForSdf } from "./urdfConventionsForSdf.js";
import { DEFAULT_SDF_VERSION, type SdfVersion } from "./SdfVersion.js";

/** What an extension is told about the file being written. */
export interface SdfContext {
  readonly version: SdfVersion;
  readonly features: SdfFeatures;
  readonly robot: Robot;
}

/**
 * Adds elements to one `<link>` after its inertial, visuals and collisions (e.g. `<sensor>`).
 * Runs once per link, in link order; must itself respect `context.version`.
 */
export type SdfLinkExtension = (linkElement: XmlOutElement, link: Link, context: SdfContext) => void;

/**
 * Adds elements to the `<model>` after every link and joint (e.g. `<plugin>`,
 * `<frame>`). Must itself respect `context.version`.
 */
export type SdfModelExtension = (modelElement: XmlOutElement, robot: Robot, context: SdfContext) => void;

/** Options of {@link writeSdfModel} and `emitSdf`. */
export interface SdfModelOptions {
  /** Default {@link DEFAULT_SDF_VERSION}. */
  readonly version?: SdfVersion;
  readonly linkExtensions?: readonly SdfLinkExtension[];
  readonly modelExtensions?: readonly SdfModelExtension[];
}

import { defaultShapeName, UNLIMITED_POSITION } from "../../model/sdfDefaults.js";
import { assertNever } from "../../util/assertNever.js";

/**
 * Writes the robot as one `<model>` element into `parent` (an `<sdf>` or a `<world>`).
 *
 * Pose convention: for SDF 1.7+ each joint's pose is `relative_to` its parent link and each
 * child link's pose is `relative_to` its parent joint (identity), so the numbers are the
 * URDF origins. SDF 1.6 has no `relative_to`: links get their pose in the model frame
 * (all joints at zero) and joints keep the default frame, the child link's.
 *
 * The SDF-only joints (ball, universal, revolute2, screw, gearbox) are written as they are read:
 * `<axis2>`, `<thread_pitch>` (`<screw_thread_pitch>` = −2π/thread_pitch from 1.10),
 * `<gearbox_ratio>` and `<gearbox_reference_body>`. A plane is `<plane>` with normal and size.
 *
 * Floating and planar joints have no SDF type: the joint is left out and the child link is
 * placed at its zero-position pose, free (see `sdfLosses`). Mimic is written from 1.11.
 * Continuous joints are `revolute` with ±1e16 limits before 1.10 (see `SdfFeatures`).
 */
export function writeSdfModel(parent: XmlOutElement, input: Robot, options: SdfModelOptions = {}): XmlOutElement {
  const version = options.version ?? DEFAULT_SDF_VERSION;
  const robot = urdfConventionsForSdf(input);
  const linkNames = new Set(robot.links.map((l) => l.name));
  const reserved = sdfReservedNames(robot, version);
  if (reserved.length > 0) throw new RobotModelError(robot.name, reserved);
  const features = sdfFeatures(version);
  const context: SdfContext = { version, features, robot };
  const model = parent.ele("model", { name: robot.name });
  // Where the robot stands in the world (e.g. a model read from an SDF world).
  if (input.pose !== undefined) writePose(model, input.pose);
  const materials = new Map((robot.materials ?? []).map((m) => [m.name, m] as const));
  const joints = robot.joints ?? [];
  // A gearbox joint is no tree edge: a link's pose follows its tree parent joint.
  const parentJoint = new Map(joints.filter(isTreeJoint).map((j) => [j.child, j] as const));
  // 1.6: poses in the model frame of the original robot (a dropped `world` link is its origin).
  const absolute = features.poseRelativeTo ? undefined : linkPoses(input);

  for (const link of robot.links) {
    const el = model.ele("link", { name: link.name });
    const joint = parentJoint.get(link.name);
    if (absolute !== undefined) {
      writePose(el, absolute.get(link.name) ?? IDENTITY_POSE);
    } else if (joint === undefined) {
      writePose(el, IDENTITY_POSE);
    } else if (!linkNames.has(joint.parent)) {
      // Parent is the world (a dropped URDF `world` link at the model origin): pose in the model frame.
      writePose(el, joint.origin ?? IDENTITY_POSE);
    } else if (isSdfJoint(joint)) {
      writePose(el, IDENTITY_POSE, joint.name);
    } else {
      writePose(el, joint.origin ?? IDENTITY_POSE, joint.parent);
    }
    if (link.inertial !== undefined) writeInertial(el, link.inertial);
    (link.visuals ?? []).forEach((v, k) => writeVisual(el, v, k, materials, features));
    (link.collisions ?? []).forEach((c, k) => writeCollision(el, c, k, features));
    for (const extension of options.linkExtensions ?? []) extension(el, link, context);
    // Finished: kept as text from here on, so a large model never exists as a whole tree.
    el.seal();
  }
  for (const joint of joints)
    if (isSdfJoint(joint))
      writeJoint(model, joint, linkNames.has(joint.parent) ? features : { ...features, poseRelativeTo: false }).seal();
  for (const extension of options.modelExtensions ?? []) extension(model, robot, context);
  return model;
}

type SdfJoint = Exclude<Joint, { type: "floating" } | { type: "planar" }>;

/** True for joint types SDF has (every URDF type except floating and planar). */
export function isSdfJoint(joint: Joint): joint is SdfJoint {
  return joint.type !== "floating" && joint.type !== "planar";
}

function writePose(parent: XmlOutElement, pose: Pose, relativeTo?: string): void {
  const text = `${vec(pose.xyz)} ${vec(pose.rpy)}`;
  parent.ele("pose", relativeTo === undefined ? {} : { relative_to: relativeTo }).txt(text);
}

function leaf(parent: XmlOutElement, name: string, text: string): void {
  parent.ele(name).txt(text);
}

function writeInertial(parent: XmlOutElement, inertial: Inertial): void {
  const el = parent.ele("inertial");
  writePose(el, inertial.origin ?? IDENTITY_POSE);
  leaf(el, "mass", num(inertial.mass));
  const i = inertial.inertia;
  const t = el.ele("inertia");
  leaf(t, "ixx", num(i.ixx));
  leaf(t, "ixy", num(i.ixy));
  leaf(t, "ixz", num(i.ixz));
  leaf(t, "iyy", num(i.iyy));
  leaf(t, "iyz", num(i.iyz));
  leaf(t, "izz", num(i.izz));
}

/** One written shape: the model's own, or one part of a split capsule (suffix `_0`, `_1`, `_2`). */
function shapeParts(
  name: string,
  geometry: Geometry,
  origin: Pose,
  features: SdfFeatures,
): { name: string; geometry: Geometry; origin: Pose }[] {
  if (geometry.type !== "capsule" || features.capsule) return [{ name, geometry, origin }];
  return splitCapsule(geometry.radius, geometry.length, origin).map((p, k) => ({
    name: `${name}_${k}`,
    geometry: p.geometry,
    origin: p.origin,
  }));
}

function writeVisual(
  parent: XmlOutElement,
  visual: Visual,
  index: number,
  materials: ReadonlyMap<string, Material>,
  features: SdfFeatures,
): void {
  const name = visual.name ?? defaultShapeName("visual", index);
  for (const part of shapeParts(name, visual.geometry, visual.origin ?? IDENTITY_POSE, features)) {
    const el = parent.ele("visual", { name: part.name });
    writePose(el, part.origin);
    writeGeometry(el.ele("geometry"), part.geometry);
    const material = visual.material === undefined ? visual.inlineMaterial : materials.get(visual.material);
    if (material !== undefined) writeMaterial(el, material);
  }
}

function writeMaterial(parent: XmlOutElement, material: Omit<Material, "name">): void {
  const el = parent.ele("material");
  leaf(el, "ambient", vec(material.rgba));
  leaf(el, "diffuse", vec(material.rgba));
  if (material.texture !== undefined) leaf(el.ele("pbr").ele("metal"), "albedo_map", material.texture);
}

function writeCollision(parent: XmlOutElement, collision: Collision, index: number, features: SdfFeatures): void {
  const name = collision.name ?? defaultShapeName("collision", index);
  for (const part of shapeParts(name, collision.geometry, collision.origin ?? IDENTITY_POSE, features)) {
    const el = parent.ele("collision", { name: part.name });
    writePose(el, part.origin);
    writeGeometry(el.ele("geometry"), part.geometry);
    if (collision.surface !== undefined) writeSurface(el, collision.surface);
  }
}

function writeSurface(parent: XmlOutElement, s: Surface): void {
  const hasContact = s.kp !== undefined || s.kd !== undefined;
  const hasFriction = s.mu !== undefined || s.mu2 !== undefined || s.fdir1 !== undefined;
  if (!hasContact && !hasFriction) return;
  const el = parent.ele("surface");
  if (hasContact) {
    const ode = el.ele("contact").ele("ode");
    if (s.kp !== undefined) leaf(ode, "kp", num(s.kp));
    if (s.kd !== undefined) leaf(ode, "kd", num(s.kd));
  }
  if (hasFriction) {
    const ode = el.ele("friction").ele("ode");
    if (s.mu !== undefined) leaf(ode, "mu", num(s.mu));
    if (s.mu2 !== undefined) leaf(ode, "mu2", num(s.mu2));
    if (s.fdir1 !== undefined) leaf(ode, "fdir1", vec(s.fdir1));
  }
}

function writeGeometry(el: XmlOutElement, g: Geometry): void {
  switch (g.type) {
    case "box":
      leaf(el.ele("box"), "size", vec(g.size));
      break;
    case "cylinder": {
      const c = el.ele("cylinder");
      leaf(c, "radius", num(g.radius));
      leaf(c, "length", num(g.length));
      break;
    }
    case "sphere":
      leaf(el.ele("sphere"), "radius", num(g.radius));
      break;
    case "capsule": {
      const c = el.ele("capsule");
      leaf(c, "radius", num(g.radius));
      leaf(c, "length", num(g.length));
      break;
    }
    case "mesh": {
      const m = el.ele("mesh");
      leaf(m, "uri", g.uri);
      if (g.scale !== undefined) leaf(m, "scale", vec(g.scale));
      break;
    }
    case "plane": {
      const p = el.ele("plane");
      leaf(p, "normal", vec(g.normal));
      leaf(p, "size", vec(g.size));
      break;
    }
    default:
      assertNever(g, "geometry type");
  }
}

function writeJoint(parent: XmlOutElement, joint: SdfJoint, features: SdfFeatures): XmlOutElement {
  const asRevolute = joint.type === "continuous" && !features.continuousJoint;
  const el = parent.ele("joint", { name: joint.name, type: asRevolute ? "revolute" : joint.type });
  leaf(el, "parent", joint.parent);
  leaf(el, "child", joint.child);
  // 1.6: the joint frame defaults to the child link frame, which is the URDF joint frame.
  if (features.poseRelativeTo) writePose(el, joint.origin ?? IDENTITY_POSE, joint.parent);
  switch (joint.type) {
    case "ball":
      // Only what the file had: an axis on a ball joint is kept, never made up.
      if (joint.axis !== undefined || joint.dynamics !== undefined) {
        const a = el.ele("axis");
        if (joint.axis !== undefined) leaf(a, "xyz", vec(joint.axis));
        writeDynamics(a, joint.dynamics);
      }
      return el;
    case "screw":
      if (features.screwThreadPitch) leaf(el, "screw_thread_pitch", num((-2 * Math.PI) / joint.threadPitch));
      else leaf(el, "thread_pitch", num(joint.threadPitch));
      break;
    case "gearbox":
      leaf(el, "gearbox_reference_body", joint.gearboxReferenceBody);
      leaf(el, "gearbox_ratio", num(joint.gearboxRatio));
      break;
    case "fixed":
    case "revolute":
    case "continuous":
    case "prismatic":
    case "universal":
    case "revolute2":
      break;
    default:
      assertNever(joint, "joint type");
  }
  const axis = jointAxis(joint);
  if (axis === undefined) return el;
  const a = el.ele("axis");
  // The axis is expressed in the joint frame by default in every version, as in URDF.
  leaf(a, "xyz", vec(axis));
  switch (joint.type) {
    case "revolute":
    case "prismatic": {
      const l = a.ele("limit");
      leaf(l, "lower", num(joint.limit.lower));
      leaf(l, "upper", num(joint.limit.upper));
      leaf(l, "effort", num(joint.limit.effort));
      leaf(l, "velocity", num(joint.limit.velocity));
      break;
    }
    case "continuous":
      if (joint.limit !== undefined || asRevolute) {
        const l = a.ele("limit");
        if (asRevolute) {
          leaf(l, "lower", num(-UNLIMITED_POSITION));
          leaf(l, "upper", num(UNLIMITED_POSITION));
        }
        if (joint.limit !== undefined) {
          leaf(l, "effort", num(joint.limit.effort));
          leaf(l, "velocity", num(joint.limit.velocity));
        }
      }
      break;
    case "universal":
    case "revolute2":
    case "screw":
    case "gearbox":
      writeAxisLimit(a, joint.limit);
      break;
    case "fixed":
      break;
    default:
      assertNever(joint, "joint type");
  }
  writeDynamics(a, joint.dynamics);
  if (
    features.axisMimic &&
    (joint.type === "revolute" || joint.type === "continuous" || joint.type === "prismatic") &&
    joint.mimic !== undefined
  ) {
    const m = a.ele("mimic", { joint: joint.mimic.joint });
    leaf(m, "multiplier", num(joint.mimic.multiplier ?? 1));
    leaf(m, "offset", num(joint.mimic.offset ?? 0));
    leaf(m, "reference", num(0));
  }
  if (
    (joint.type === "universal" || joint.type === "revolute2" || joint.type === "gearbox") &&
    joint.second !== undefined
  ) {
    const a2 = el.ele("axis2");
    if (joint.second.xyz !== undefined) leaf(a2, "xyz", vec(joint.second.xyz));
    writeAxisLimit(a2, joint.second.limit);
    writeDynamics(a2, joint.second.dynamics);
  }
  return el;
}

function writeDynamics(axis: XmlOutElement, dynamics: JointDynamics | undefined): void {
  if (dynamics === undefined) return;
  const d = axis.ele("dynamics");
  leaf(d, "damping", num(dynamics.damping ?? 0));
  leaf(d, "friction", num(dynamics.friction ?? 0));
}

/** An SDF-only joint's limit: the fields the model has, in the spec's order. */
function writeAxisLimit(axis: XmlOutElement, limit: SdfAxisLimit | undefined): void {
  if (limit === undefined) return;
  const l = axis.ele("limit");
  for (const k of ["lower", "upper", "effort", "velocity"] as const) {
    const v = limit[k];
    if (v !== undefined) leaf(l, k, num(v));
  }
}
