import { defaultShapeName, UNLIMITED_POSITION } from "../model/sdfDefaults.js";
import type { Geometry } from "../model/Geometry.js";
import type { Inertial } from "../model/Inertial.js";
import type { Joint, JointDynamics, Mimic, SdfAxisLimit } from "../model/Joint.js";
import type { Collision, Link, Surface, Visual } from "../model/Link.js";
import type { Material } from "../model/Material.js";
import { composePoses, IDENTITY_POSE, invertPose, rotateVector, rpyFromQuat, type Pose } from "../model/Pose.js";
import type { Robot } from "../model/Robot.js";
import type { Sensor } from "../model/Sensor.js";
import type { Rgba, Vec3 } from "../model/Vector.js";
import { mergeCapsules } from "./mergeCapsules.js";
import { readSensorElement } from "./readSensorElement.js";
import { ModelReadContext } from "./ModelReadContext.js";
import type { ModelReadResult } from "./ModelReadResult.js";
import { optional, withName } from "./optional.js";
import { LAZY_SUBTREE, readXml } from "./readXml.js";
import { attr, attrNode, child, childrenNamed, type XmlElement } from "./XmlDocument.js";
import { assertNever } from "../util/assertNever.js";

const MODEL_FRAME = "__model__";

/** The SDF joint types the model holds. */
const SDF_JOINT_TYPES = [
  "fixed",
  "revolute",
  "continuous",
  "prismatic",
  "ball",
  "universal",
  "revolute2",
  "screw",
  "gearbox",
] as const;
type SdfJointType = (typeof SDF_JOINT_TYPES)[number];

/**
 * Reads SDF text (one `<model>`, SDF 1.4 to 1.12) into the robokit model. Never throws:
 * problems come back as diagnostics with file:line:col, and `robot` is present only when
 * there is no error.
 *
 * Poses are resolved through the SDF frame graph (`relative_to`, joint frames, `<frame>`,
 * `expressed_in`; 1.6 and older use the legacy defaults: links in the model frame, joints in
 * the child link frame, `use_parent_model_frame`). Each link's robokit frame is its parent
 * joint's frame, as URDF requires, so joint origins are `parent_T_child` and a link's shapes
 * and inertial are re-expressed in it. Numbers are copied unchanged wherever no frame change is
 * needed (robokit's own 1.7+ output).
 *
 * Joint types: fixed, revolute (one with SDF's default ±1e16 limits is read as continuous),
 * continuous and prismatic, and SDF's own ball, universal, revolute2, screw and gearbox (kept
 * with `<axis2>`, `thread_pitch`, `gearbox_ratio` and `gearbox_reference_body`; a gearbox joint
 * is no tree edge). Shapes: box, cylinder, sphere, capsule, mesh and plane.
 *
 * Not representable, so reported: other joint types (error), joints to `world`, nested models and includes, sensors and plugins
 * (left out), unlimited effort or velocity on a limited joint (set to 0). SDF has no named
 * materials: visual colours become materials named `material_<n>`. A link with no parent
 * joint other than the root becomes the child of a floating joint, as in SDF it is free.
 */
export function sdfToModel(text: string, file: string, options: SdfToModelOptions = {}): ModelReadResult {
  // What libsdformat reads, robokit reads (with a warning).
  const { document, diagnostics } = readXml(text, file, { lazyBelow: LAZY_SUBTREE, tolerate: "libsdformat" });
  const ctx = new ModelReadContext(file);
  for (const item of diagnostics) ctx.diagnostics.push(item);
  const root = document.root;
  if (root === undefined) return ctx.finish(undefined);
  const versionText = attr(root, "version") ?? "";
  const match = /^1\.(\d+)$/.exec(versionText.trim());
  if (root.name !== "sdf" || match === null) {
    ctx.report(
      "VERSION_UNSUPPORTED",
      "error",
      root,
      root.name !== "sdf"
        ? `expected an <sdf> root element, found <${root.name}>`
        : `unknown SDF version "${versionText}"`,
    );
    return ctx.finish(undefined);
  }
  const model = chooseModel(root, options.model, ctx);
  if (model === undefined) return ctx.finish(undefined);
  return ctx.finish(new SdfReader(ctx, Number(match[1]) >= 7, options.sensors === true).robot(model));
}

/** Options of {@link sdfToModel}. */
export interface SdfToModelOptions {
  /**
   * Name of the `<model>` to read: a top-level model, or an inline model of a `<world>`.
   * Default: the first top-level model; in a world, the inline model with the most links.
   */
  readonly model?: string;
  /**
   * Also read each link's `<sensor>`s that the model holds (`readSensorElement`), posed in
   * the link frame, e.g. for MJCF, which has no other source of them. Default false: sensors are
   * reported and left out, since robokit writes an SDF's sensors from the model's own.
   */
  readonly sensors?: boolean;
}

/**
 * The `<model>` element to read, or undefined (reported). A file of models gives its first
 * (others are reported); a `<world>` gives the inline model named `wanted`, else the one with
 * the most links when exactly one has that many (a world's included models are not expanded).
 */
function chooseModel(root: XmlElement, wanted: string | undefined, ctx: ModelReadContext): XmlElement | undefined {
  const nameOf = (e: XmlElement): string => attr(e, "name") ?? "";
  const models = childrenNamed(root, "model");
  const world = child(root, "world");
  if (wanted !== undefined) {
    const all = [...models, ...(world === undefined ? [] : childrenNamed(world, "model"))];
    const found = all.find((m) => nameOf(m) === wanted);
    if (found === undefined)
      ctx.report(
        "FEATURE_UNSUPPORTED",
        "error",
        world ?? root,
        `the file has no ${world === undefined ? "" : "inline "}<model name="${wanted}"> (it has: ${all.map(nameOf).join(", ") || "none"})`,
      );
    return found;
  }
  const first = models[0];
  if (first !== undefined) {
    if (models.length > 1)
      ctx.report(
        "FEATURE_UNSUPPORTED",
        "warning",
        models[1]!,
        "only the first <model> is converted (--model NAME picks another)",
      );
    return first;
  }
  if (world === undefined) {
    ctx.report("FEATURE_UNSUPPORTED", "error", root, "the file has no <model>");
    return undefined;
  }
  const inline = childrenNamed(world, "model");
  const links = (e: XmlElement): number => childrenNamed(e, "link").length;
  // A loop, not Math.max(...spread): a hostile world may hold more models than a call takes arguments.
  const most = inline.reduce((m, e) => Math.max(m, links(e)), 0);
  const largest = inline.filter((m) => links(m) === most);
  const worldName = attr(world, "name") ?? "";
  if (most === 0 || largest.length !== 1) {
    const why =
      most === 0
        ? "it has no inline <model> with links (included models are not expanded)"
        : `its inline models ${largest.map((m) => `"${nameOf(m)}"`).join(", ")} have ${most} links each: --model NAME picks one`;
    ctx.report(
      "FEATURE_UNSUPPORTED",
      "error",
      world,
      `robokit converts one <model>, not a whole <world> "${worldName}": ${why}`,
    );
    return undefined;
  }
  const chosen = largest[0]!;
  const others = inline.filter((m) => m !== chosen).map(nameOf);
  // A warning, not an info: the rest of the file the user gave is left out.
  ctx.report(
    "FEATURE_UNSUPPORTED",
    "warning",
    chosen,
    `reading model "${nameOf(chosen)}" of world "${worldName}", the inline model with the most links (${most})${others.length > 0 ? `; the world's other inline models (${others.join(", ")}) are left out, --model NAME picks one` : ""}; its pose in the world is kept (robot pose), the world's included models and everything else of the world are left out`,
  );
  return chosen;
}

interface FrameInfo {
  readonly element: XmlElement;
  /** The `<pose>` element, if any. */
  readonly pose: XmlElement | undefined;
  /** The frame the pose is relative to when it names none. */
  readonly defaultRelativeTo: string;
}

class SdfReader {
  readonly #ctx: ModelReadContext;
  readonly #frameSemantics: boolean;
  readonly #frames = new Map<string, FrameInfo>();
  readonly #resolved = new Map<string, Pose>();
  readonly #resolving = new Set<string>();
  /** `<pose frame>` attributes (SDF 1.5/1.6) already reported, by the offset of their `<pose>`. */
  readonly #legacyReported = new Set<number>();
  /** Answers of #canonical, by frame. */
  readonly #canonicalOf = new Map<string, string>();
  /** Poses read so far, by the offset of their `<pose>` element: a key that holds no element (and so no subtree) alive. */
  readonly #poses = new Map<number, Pose>();
  readonly #materials: Material[] = [];
  readonly #materialByKey = new Map<string, string>();
  /** Each joint's child link name, read once (a joint's elements may be read again from the text on each visit). */
  readonly #jointChild = new Map<XmlElement, string>();
  /** robokit frame of each link: its parent joint's name, or its own. */
  readonly #linkFrame = new Map<string, string>();

  readonly #readSensors: boolean;

  constructor(ctx: ModelReadContext, frameSemantics: boolean, readSensors = false) {
    this.#ctx = ctx;
    this.#frameSemantics = frameSemantics;
    this.#readSensors = readSensors;
  }

  robot(model: XmlElement): Robot | undefined {
    // Model-wide findings (no links left, e.g. a model made of nested models) point at the <model>.
    this.#ctx.source("", model);
    const name = this.#name(model);
    for (const el of model.children) this.#unsupportedChild(el);
    const linkEls = childrenNamed(model, "link");
    if (linkEls.length === 0 && model.children.some((c) => c.name === "model" || c.name === "include")) {
      this.#ctx.report(
        "FEATURE_UNSUPPORTED",
        "error",
        model,
        `model "${attr(model, "name") ?? ""}" has no links of its own, only nested or included models, which robokit does not convert; convert each nested model's file instead`,
      );
    }
    const jointEls = childrenNamed(model, "joint");
    for (const l of linkEls) this.#addFrame(l, MODEL_FRAME);
    const kept: XmlElement[] = [];
    for (const j of jointEls) {
      const childName = child(j, "child")?.text.trim() ?? "";
      this.#jointChild.set(j, childName);
      this.#addFrame(j, childName);
      if (this.#keepJoint(j)) kept.push(j);
    }
    for (const f of childrenNamed(model, "frame")) {
      const attachedTo = this.#frameSemantics ? (attr(f, "attached_to") ?? "") : "";
      this.#addFrame(f, attachedTo === "" ? MODEL_FRAME : attachedTo);
    }
    const linkNames = new Set(linkEls.map((l) => attr(l, "name") ?? ""));
    for (const j of kept) {
      const c = this.#jointChild.get(j) ?? "";
      // A gearbox joint couples two motions and is no tree edge: its child's frame is its tree joint's.
      if (attr(j, "type") === "gearbox") continue;
      if (linkNames.has(c) && !this.#linkFrame.has(c)) this.#linkFrame.set(c, attr(j, "name") ?? "");
    }
    for (const l of linkEls) {
      const n = attr(l, "name") ?? "";
      if (!this.#linkFrame.has(n)) this.#linkFrame.set(n, n);
    }
    // Read every frame's pose once up front, so a bad one is reported even if nothing needs it.
    for (const info of this.#frames.values()) this.#pose(info.pose, true);
    const links = linkEls.map((l, i) => {
      this.#ctx.source(`/links/${i}`, l);
      return this.#link(l);
    });
    const joints: (Joint | undefined)[] = kept.map((j) => this.#joint(j));
    const keptIndex = new Map(kept.map((j, k) => [j, k] as const));
    jointEls.forEach((j) => {
      const k = keptIndex.get(j);
      if (k !== undefined) this.#ctx.source(`/joints/${k}`, j);
    });
    const freeJoints = this.#freeLinks(linkEls, kept);
    if (name === undefined || links.some((l) => l === undefined) || joints.some((j) => j === undefined))
      return undefined;
    const allJoints = [...(joints as Joint[]), ...freeJoints];
    // The model's own <pose>: where it stands in the world (kept as `pose`, written back by SDF).
    const poseEl = child(model, "pose");
    const pose = poseEl === undefined || poseEl.text.trim() === "" ? undefined : this.#pose(poseEl);
    return {
      name,
      ...(pose === undefined ? {} : { pose }),
      ...(this.#materials.length > 0 ? { materials: this.#materials } : {}),
      links: links as Link[],
      ...(allJoints.length > 0 ? { joints: allJoints } : {}),
    };
  }

  #name(el: XmlElement): string | undefined {
    const n = attr(el, "name");
    if (n === undefined) this.#ctx.report("ATTRIBUTE_MISSING", "error", el, `<${el.name}> needs a "name" attribute`);
    return n;
  }

  #unsupportedChild(el: XmlElement): void {
    switch (el.name) {
      case "model":
        this.#ctx.report(
          "FEATURE_UNSUPPORTED",
          "warning",
          el,
          `nested model "${attr(el, "name") ?? ""}" is not converted`,
        );
        break;
      case "include":
        this.#ctx.report(
          "FEATURE_UNSUPPORTED",
          "warning",
          el,
          "<include> is not resolved; the included model is not converted",
        );
        break;
      case "plugin":
        this.#ctx.report(
          "FEATURE_UNSUPPORTED",
          "info",
          el,
          `plugin "${attr(el, "name") ?? ""}" is not part of the robokit model; left out`,
        );
        break;
      case "frame":
        this.#ctx.report(
          "FEATURE_UNSUPPORTED",
          "info",
          el,
          `frame "${attr(el, "name") ?? ""}" is used to resolve poses but not kept (the model has no bare frames)`,
        );
        break;
      default:
        break;
    }
  }

  #addFrame(el: XmlElement, defaultRelativeTo: string): void {
    const n = attr(el, "name");
    if (n === undefined) return;
    this.#frames.set(n, {
      element: el,
      pose: child(el, "pose"),
      defaultRelativeTo: this.#frameSemantics || el.name === "joint" ? defaultRelativeTo : MODEL_FRAME,
    });
  }

  /** The frame a pose element is relative to (explicit `relative_to`, or the default). */
  #relativeTo(poseEl: XmlElement | undefined, fallback: string): string {
    if (poseEl === undefined) return fallback;
    const relativeTo = attrNode(poseEl, "relative_to");
    const legacy = attrNode(poseEl, "frame");
    // Asked about many times while resolving frames: reported once per <pose>.
    if (legacy !== undefined && legacy.value !== "" && !this.#legacyReported.has(poseEl.offset)) {
      this.#legacyReported.add(poseEl.offset);
      this.#ctx.report(
        "FEATURE_UNSUPPORTED",
        "warning",
        { element: poseEl, attribute: legacy },
        `pose frame="${legacy.value}" (SDF 1.5/1.6) is ignored; the version's default frame is used`,
      );
    }
    return this.#frameSemantics && relativeTo !== undefined && relativeTo.value !== "" ? relativeTo.value : fallback;
  }

  /** The numbers of a `<pose>` (identity when absent), honouring 1.9's rotation_format and degrees. */
  #pose(poseEl: XmlElement | undefined, remember = false): Pose {
    if (poseEl === undefined || poseEl.text.trim() === "") return IDENTITY_POSE;
    const cached = this.#poses.get(poseEl.offset);
    if (cached !== undefined) return cached;
    // Plain "x y z roll pitch yaw" text alone decides the pose: the same text, the same (shared) pose.
    const plain = attr(poseEl, "rotation_format") === undefined && attr(poseEl, "degrees") === undefined;
    const pose = plain ? this.#ctx.shared("pose", poseEl.text, () => this.#readPose(poseEl)) : this.#readPose(poseEl);
    // Frames' poses are read again while resolving others; a shape's is read once.
    if (remember) this.#poses.set(poseEl.offset, pose);
    return pose;
  }

  #readPose(poseEl: XmlElement): Pose {
    // SDF 1.9 pose.sdf: rotation_format="quat_xyzw" is "x y z qx qy qz qw" (w real, last), as
    // libsdformat reads it (RawPose of roll 90° from "0.7071 0 0 0.7071").
    const quat = attr(poseEl, "rotation_format") === "quat_xyzw";
    const values = this.#ctx.numbers(poseEl.text, quat ? 7 : 6, poseEl, "<pose>");
    if (values === undefined) return IDENTITY_POSE;
    const [x, y, z, a, b, c, d] = values as [number, number, number, number, number, number, number?];
    if (quat) return { xyz: [x, y, z], rpy: rpyFromQuat([a, b, c, d!]) };
    const scale = attr(poseEl, "degrees") === "true" ? Math.PI / 180 : 1;
    return { xyz: [x, y, z], rpy: [a * scale, b * scale, c * scale] };
  }

  /** `model_T_frame` through the pose graph; unresolved names and cycles are reported once and read as identity. */
  #resolve(frame: string, at: XmlElement): Pose {
    if (frame === MODEL_FRAME) return IDENTITY_POSE;
    const known = this.#resolved.get(frame);
    if (known !== undefined) return known;
    const info = this.#frames.get(frame);
    if (info === undefined) {
      const named = attrNode(at, "relative_to") ?? attrNode(at, "expressed_in");
      const code = at.name === "xyz" ? "JOINT_AXIS_EXPRESSED_IN_INVALID" : "POSE_RELATIVE_TO_INVALID";
      this.#ctx.report(
        code,
        "error",
        named === undefined ? at : { element: at, attribute: named },
        `frame "${frame}" does not name a link, joint or frame of the model${frame.includes("::") ? " (a nested model's, which robokit does not convert)" : ""}`,
      );
      this.#resolved.set(frame, IDENTITY_POSE);
      return IDENTITY_POSE;
    }
    if (this.#resolving.has(frame)) {
      this.#ctx.report(
        "POSE_RELATIVE_TO_CYCLE",
        "error",
        info.pose ?? info.element,
        `the pose of "${frame}" depends on itself`,
      );
      return IDENTITY_POSE;
    }
    this.#resolving.add(frame);
    const base = this.#relativeTo(info.pose, info.defaultRelativeTo);
    const result =
      base === frame
        ? IDENTITY_POSE
        : composePoses(this.#resolve(base, info.pose ?? info.element), this.#pose(info.pose));
    if (base === frame)
      this.#ctx.report(
        "POSE_RELATIVE_TO_CYCLE",
        "error",
        info.pose ?? info.element,
        `the pose of "${frame}" is relative to itself`,
      );
    this.#resolving.delete(frame);
    this.#resolved.set(frame, result);
    return result;
  }

  /** The frame `frame` is identical to by construction (identity poses), so no arithmetic is needed between them. */
  #canonical(frame: string): string {
    const known = this.#canonicalOf.get(frame);
    if (known !== undefined) return known;
    const seen = new Set<string>();
    let current = frame;
    for (;;) {
      const info = this.#frames.get(current);
      if (info === undefined || seen.has(current)) break;
      seen.add(current);
      const { xyz, rpy } = this.#pose(info.pose);
      if (xyz[0] !== 0 || xyz[1] !== 0 || xyz[2] !== 0 || rpy[0] !== 0 || rpy[1] !== 0 || rpy[2] !== 0) break;
      current = this.#relativeTo(info.pose, info.defaultRelativeTo);
    }
    // Asked for once per shape and joint: the answer is kept for the frame asked about.
    this.#canonicalOf.set(frame, current);
    return current;
  }

  /** `frame_T_element` of a pose element whose default base is `fallback`. */
  #poseIn(frame: string, poseEl: XmlElement | undefined, fallback: string, at: XmlElement): Pose {
    const base = this.#relativeTo(poseEl, fallback);
    const raw = this.#pose(poseEl);
    if (this.#canonical(base) === this.#canonical(frame)) return raw;
    return composePoses(invertPose(this.#resolve(frame, at)), composePoses(this.#resolve(base, at), raw));
  }

  #keepJoint(el: XmlElement): boolean {
    const type = attr(el, "type") ?? "";
    const parent = child(el, "parent")?.text.trim();
    if (parent === "world") {
      this.#ctx.report(
        "FEATURE_UNSUPPORTED",
        "warning",
        el,
        `joint "${attr(el, "name") ?? ""}": a joint to "world" is not part of the robot; left out`,
      );
      return false;
    }
    if (!(SDF_JOINT_TYPES as readonly string[]).includes(type)) {
      const a = attrNode(el, "type");
      const message = `joint "${attr(el, "name") ?? ""}": type "${type}" has no robokit equivalent (${SDF_JOINT_TYPES.join(", ")})`;
      if (a === undefined) this.#ctx.report("ATTRIBUTE_MISSING", "error", el, message);
      else this.#ctx.report("FEATURE_UNSUPPORTED", "error", { element: el, attribute: a }, message);
      return false;
    }
    return true;
  }

  #link(el: XmlElement): Link | undefined {
    const name = this.#name(el);
    if (name === undefined) return undefined;
    const frame = this.#linkFrame.get(name) ?? name;
    const inertialEl = child(el, "inertial");
    const inertial = inertialEl === undefined ? undefined : this.#inertial(inertialEl, name, frame);
    const visuals = childrenNamed(el, "visual").map((v) => this.#visual(v, name, frame));
    const collisions = childrenNamed(el, "collision").map((c) => this.#collision(c, name, frame));
    const sensors: Sensor[] = [];
    for (const s of childrenNamed(el, "sensor")) {
      const read = this.#readSensors ? readSensorElement(s) : undefined;
      if (read !== undefined && "sensor" in read)
        sensors.push({ ...read.sensor, origin: this.#poseIn(frame, child(s, "pose"), name, s) });
      else
        this.#ctx.report(
          "FEATURE_UNSUPPORTED",
          read === undefined ? "info" : "warning",
          s,
          read === undefined
            ? `sensor "${attr(s, "name") ?? ""}" is not converted (robokit sensors are written from the model, not read)`
            : `sensor "${attr(s, "name") ?? ""}": ${read.unsupported}; not carried`,
        );
    }
    if (visuals.some((v) => v === undefined) || collisions.some((c) => c === undefined)) return undefined;
    const mergedVisuals = dropDefaultNames(
      mergeCapsules(
        visuals as Visual[],
        (a, b) => a.material === b.material,
        (first, geometry, n) => withName({ ...first, geometry }, n),
      ),
      "visual",
    );
    const mergedCollisions = dropDefaultNames(
      mergeCapsules(
        collisions as Collision[],
        (a, b) => JSON.stringify(a.surface) === JSON.stringify(b.surface),
        (first, geometry, n) => withName({ ...first, geometry }, n),
      ),
      "collision",
    );
    return {
      name,
      ...(mergedVisuals.length > 0 ? { visuals: mergedVisuals } : {}),
      ...(mergedCollisions.length > 0 ? { collisions: mergedCollisions } : {}),
      ...(inertial === undefined ? {} : { inertial }),
      ...(sensors.length > 0 ? { sensors } : {}),
    };
  }

  #scalarChild(parent: XmlElement | undefined, name: string, fallback: number): number {
    const el = parent === undefined ? undefined : child(parent, name);
    if (el === undefined) return fallback;
    return this.#ctx.number(el.text, el, `<${name}>`) ?? fallback;
  }

  /**
   * A joint limit value. SDF 1.10+ defaults to and may write `inf`/`-inf`; an infinite position
   * limit reads as ±1e16 (no limit) and an infinite effort or velocity as −1 (SDF's "unlimited").
   */
  #limitChild(
    limitEl: XmlElement | undefined,
    name: "lower" | "upper" | "effort" | "velocity",
    fallback: number,
  ): number {
    const el = limitEl === undefined ? undefined : child(limitEl, name);
    const text = el?.text.trim().toLowerCase();
    const sign = text === undefined ? 0 : /^-inf(inity)?$/.test(text) ? -1 : /^\+?inf(inity)?$/.test(text) ? 1 : 0;
    if (sign === 0) return this.#scalarChild(limitEl, name, fallback);
    return name === "lower" || name === "upper" ? sign * UNLIMITED_POSITION : -1;
  }

  /** An SDF colour: r g b [a]; libsdformat reads three numbers with alpha 1. */
  #colour(parent: XmlElement, name: string): Rgba | undefined {
    const el = child(parent, name);
    if (el === undefined) return undefined;
    const three = el.text.trim().split(/\s+/).length === 3;
    const v = this.#ctx.numbers(el.text, three ? 3 : 4, el, `<${name}>`);
    return v === undefined ? undefined : three ? [v[0]!, v[1]!, v[2]!, 1] : (v as unknown as Rgba);
  }

  #vectorChild<N extends 3 | 4>(parent: XmlElement, name: string, count: N): (N extends 3 ? Vec3 : Rgba) | undefined {
    const el = child(parent, name);
    if (el === undefined) return undefined;
    return this.#ctx.sharedNumbers(el.text, count, el, `<${name}>`) as (N extends 3 ? Vec3 : Rgba) | undefined;
  }

  #inertial(el: XmlElement, link: string, frame: string): Inertial {
    const origin = this.#poseIn(frame, child(el, "pose"), link, el);
    const t = child(el, "inertia");
    return {
      mass: this.#scalarChild(el, "mass", 1),
      origin,
      inertia: {
        ixx: this.#scalarChild(t, "ixx", 1),
        ixy: this.#scalarChild(t, "ixy", 0),
        ixz: this.#scalarChild(t, "ixz", 0),
        iyy: this.#scalarChild(t, "iyy", 1),
        iyz: this.#scalarChild(t, "iyz", 0),
        izz: this.#scalarChild(t, "izz", 1),
      },
    };
  }

  #geometry(parent: XmlElement): Geometry | undefined {
    const g = child(parent, "geometry");
    const shape = g?.children[0];
    if (g === undefined || shape === undefined) {
      this.#ctx.report("ELEMENT_MISSING", "error", g ?? parent, `<${parent.name}> needs a <geometry> with one shape`);
      return undefined;
    }
    switch (shape.name) {
      case "box": {
        const size = this.#vectorChild(shape, "size", 3);
        return { type: "box", size: size ?? [1, 1, 1] };
      }
      case "cylinder":
      case "capsule":
        return {
          type: shape.name,
          radius: this.#scalarChild(shape, "radius", shape.name === "cylinder" ? 1 : 0.5),
          length: this.#scalarChild(shape, "length", 1),
        };
      case "sphere":
        return { type: "sphere", radius: this.#scalarChild(shape, "radius", 1) };
      case "mesh": {
        const uri = child(shape, "uri")?.text.trim();
        if (uri === undefined) {
          this.#ctx.report("ELEMENT_MISSING", "error", shape, "<mesh> needs a <uri>");
          return undefined;
        }
        const scale = this.#vectorChild(shape, "scale", 3);
        if (child(shape, "submesh") !== undefined)
          this.#ctx.report("FEATURE_UNSUPPORTED", "warning", shape, "<submesh> is not kept; the whole mesh is used");
        return { type: "mesh", uri, ...(scale === undefined ? {} : { scale }) };
      }
      case "plane": {
        const normal = this.#vectorChild(shape, "normal", 3) ?? [0, 0, 1];
        const sizeEl = child(shape, "size");
        const size = sizeEl === undefined ? undefined : this.#ctx.numbers(sizeEl.text, 2, sizeEl, "<size>");
        return { type: "plane", normal, size: size === undefined ? [1, 1] : [size[0]!, size[1]!] };
      }
      default:
        this.#ctx.report(
          "FEATURE_UNSUPPORTED",
          "error",
          shape,
          `<${shape.name}> geometry has no robokit equivalent (box, cylinder, sphere, capsule, mesh, plane)`,
        );
        return undefined;
    }
  }

  #material(el: XmlElement): string | undefined {
    const rgba = this.#colour(el, "diffuse") ?? this.#colour(el, "ambient");
    const texture = child(child(child(el, "pbr") ?? el, "metal") ?? el, "albedo_map")?.text.trim();
    if (child(el, "script") !== undefined)
      this.#ctx.report("FEATURE_UNSUPPORTED", "info", el, "material <script> (Ogre) is not kept");
    if (rgba === undefined && texture === undefined) return undefined;
    const colour: Rgba = rgba ?? [1, 1, 1, 1];
    // One material per colour and texture: found by key, not by a search of all (a robot may have thousands).
    const key = `${colour.map((v) => (v === 0 ? 0 : v)).join(" ")}|${texture ?? ""}|${texture === undefined ? 0 : 1}`;
    const same = this.#materialByKey.get(key);
    if (same !== undefined) return same;
    const name = `material_${this.#materials.length}`;
    this.#materials.push({ name, rgba: colour, ...(texture === undefined ? {} : { texture }) });
    this.#materialByKey.set(key, name);
    return name;
  }

  #visual(el: XmlElement, link: string, frame: string): Visual | undefined {
    const geometry = this.#geometry(el);
    if (geometry === undefined) return undefined;
    const materialEl = child(el, "material");
    const material = materialEl === undefined ? undefined : this.#material(materialEl);
    const name = attr(el, "name");
    return {
      ...optional("name", name),
      origin: this.#poseIn(frame, child(el, "pose"), link, el),
      geometry,
      ...optional("material", material),
    };
  }

  #collision(el: XmlElement, link: string, frame: string): Collision | undefined {
    const geometry = this.#geometry(el);
    if (geometry === undefined) return undefined;
    const surfaceEl = child(el, "surface");
    const surface = surfaceEl === undefined ? undefined : this.#surface(surfaceEl);
    return {
      ...optional("name", attr(el, "name")),
      origin: this.#poseIn(frame, child(el, "pose"), link, el),
      geometry,
      ...optional("surface", surface),
    };
  }

  #surface(el: XmlElement): Surface | undefined {
    const friction = child(child(el, "friction") ?? el, "ode");
    const contact = child(child(el, "contact") ?? el, "ode");
    const value = (parent: XmlElement | undefined, name: string): number | undefined => {
      const c = parent === undefined ? undefined : child(parent, name);
      return c === undefined ? undefined : this.#ctx.number(c.text, c, `<${name}>`);
    };
    const fdir1 = friction === undefined ? undefined : this.#vectorChild(friction, "fdir1", 3);
    const surface: Surface = {
      ...optional("mu", value(friction, "mu")),
      ...optional("mu2", value(friction, "mu2")),
      ...optional("fdir1", fdir1),
      ...optional("kp", value(contact, "kp")),
      ...optional("kd", value(contact, "kd")),
    };
    return Object.keys(surface).length > 0 ? surface : undefined;
  }

  #joint(el: XmlElement): Joint | undefined {
    const name = this.#name(el);
    const type = attr(el, "type") as SdfJointType;
    // Most children are looked up: read them once (a subtree kept as text is otherwise looked through once per name).
    const children = el.children;
    const childOf = (n: string): XmlElement | undefined => children.find((c) => c.name === n);
    const parentEl = childOf("parent");
    const childEl = childOf("child");
    if (name === undefined || parentEl === undefined || childEl === undefined) {
      if (parentEl === undefined || childEl === undefined)
        this.#ctx.report("ELEMENT_MISSING", "error", el, `joint "${name ?? ""}" needs <parent> and <child>`);
      return undefined;
    }
    const parent = parentEl.text.trim();
    const childLink = childEl.text.trim();
    const parentFrame = this.#linkFrame.get(parent);
    if (parentFrame === undefined) {
      this.#ctx.report(
        "JOINT_PARENT_LINK_INVALID",
        "error",
        parentEl,
        `joint "${name}": parent "${parent}" is not a link of the model${parent.includes("::") ? " (a nested model's, which robokit does not convert)" : ""}`,
      );
      return undefined;
    }
    if (!this.#linkFrame.has(childLink)) {
      this.#ctx.report(
        "JOINT_CHILD_LINK_INVALID",
        "error",
        childEl,
        `joint "${name}": child "${childLink}" is not a link of the model${childLink.includes("::") ? " (a nested model's, which robokit does not convert)" : ""}`,
      );
      return undefined;
    }
    const origin = this.#poseIn(parentFrame, childOf("pose"), childLink, el);
    const base = { name, parent, child: childLink, origin };
    if (type === "fixed") return { ...base, type };
    const axisEl = childOf("axis");
    switch (type) {
      case "ball":
      case "universal":
      case "revolute2":
      case "screw":
      case "gearbox":
        return this.#sdfOnlyJoint(type, base, el, axisEl, childOf);
      case "revolute":
      case "continuous":
      case "prismatic":
        break;
      default:
        assertNever(type, "joint type");
    }
    const axis = axisEl === undefined ? ([0, 0, 1] as Vec3) : this.#axis(axisEl, name);
    const limitEl = axisEl === undefined ? undefined : child(axisEl, "limit");
    const dynamicsEl = axisEl === undefined ? undefined : child(axisEl, "dynamics");
    const dynamics: JointDynamics | undefined =
      dynamicsEl === undefined
        ? undefined
        : {
            damping: this.#scalarChild(dynamicsEl, "damping", 0),
            friction: this.#scalarChild(dynamicsEl, "friction", 0),
          };
    const mimicEl = axisEl === undefined ? undefined : child(axisEl, "mimic");
    const mimic = mimicEl === undefined ? undefined : this.#mimic(mimicEl);
    const common = { ...base, axis, ...optional("dynamics", dynamics), ...optional("mimic", mimic) };
    if (type === "continuous") {
      const effort = this.#limitChild(limitEl, "effort", -1);
      const velocity = this.#limitChild(limitEl, "velocity", -1);
      return { ...common, type, ...(effort >= 0 && velocity >= 0 ? { limit: { effort, velocity } } : {}) };
    }
    const lower = this.#limitChild(limitEl, "lower", -UNLIMITED_POSITION);
    const upper = this.#limitChild(limitEl, "upper", UNLIMITED_POSITION);
    if (type === "revolute" && lower <= -UNLIMITED_POSITION && upper >= UNLIMITED_POSITION) {
      // A revolute joint without position limits is continuous (how URDF converters write it).
      const effort = this.#limitChild(limitEl, "effort", -1);
      const velocity = this.#limitChild(limitEl, "velocity", -1);
      return {
        ...common,
        type: "continuous",
        ...(effort >= 0 && velocity >= 0 ? { limit: { effort, velocity } } : {}),
      };
    }
    const limit = {
      lower,
      upper,
      effort: this.#rate(limitEl, limitEl ?? axisEl ?? el, "effort", name),
      velocity: this.#rate(limitEl, limitEl ?? axisEl ?? el, "velocity", name),
    };
    return { ...common, type, limit };
  }

  /** A joint of a type URDF lacks: every field as the file gives it (axes in the joint frame). */
  #sdfOnlyJoint(
    type: "ball" | "universal" | "revolute2" | "screw" | "gearbox",
    base: { name: string; parent: string; child: string; origin: Pose },
    el: XmlElement,
    axisEl: XmlElement | undefined,
    childOf: (n: string) => XmlElement | undefined,
  ): Joint | undefined {
    const name = base.name;
    const dynamics = this.#dynamics(axisEl);
    const withDynamics = { ...base, ...optional("dynamics", dynamics) };
    if (type === "ball") {
      // A ball joint's <axis> moves nothing; its direction is kept only when written.
      const xyz = axisEl === undefined || child(axisEl, "xyz") === undefined ? undefined : this.#axis(axisEl, name);
      return { ...withDynamics, type, ...optional("axis", xyz) };
    }
    const axis = axisEl === undefined ? ([0, 0, 1] as Vec3) : this.#axis(axisEl, name);
    const limit = this.#axisLimit(axisEl);
    const first = { ...withDynamics, axis, ...optional("limit", limit) };
    if (type === "screw") {
      const legacy = childOf("thread_pitch");
      const modern = childOf("screw_thread_pitch");
      // thread_pitch (rad/m, left-handed positive) is the model's; screw_thread_pitch (m/rev, right-handed) = −2π / it.
      const threadPitch =
        legacy !== undefined
          ? this.#scalarChild(el, "thread_pitch", 1)
          : modern !== undefined
            ? (-2 * Math.PI) / this.#scalarChild(el, "screw_thread_pitch", 1)
            : 1;
      return { ...first, type, threadPitch };
    }
    const axis2El = childOf("axis2");
    const second =
      axis2El === undefined
        ? undefined
        : {
            ...optional("xyz", child(axis2El, "xyz") === undefined ? undefined : this.#axis(axis2El, name)),
            ...optional("limit", this.#axisLimit(axis2El)),
            ...optional("dynamics", this.#dynamics(axis2El)),
          };
    const withSecond = { ...first, ...optional("second", second) };
    if (type === "gearbox") {
      const reference = childOf("gearbox_reference_body")?.text.trim();
      if (reference === undefined || reference === "") {
        this.#ctx.report("ELEMENT_MISSING", "error", el, `gearbox joint "${name}" needs <gearbox_reference_body>`);
        return undefined;
      }
      return {
        ...withSecond,
        type,
        gearboxRatio: this.#scalarChild(el, "gearbox_ratio", 1),
        gearboxReferenceBody: reference,
      };
    }
    return { ...withSecond, type };
  }

  /** `<dynamics>` of an axis: damping and friction (SDF defaults 0), or undefined when absent. */
  #dynamics(axisEl: XmlElement | undefined): JointDynamics | undefined {
    const d = axisEl === undefined ? undefined : child(axisEl, "dynamics");
    return d === undefined
      ? undefined
      : { damping: this.#scalarChild(d, "damping", 0), friction: this.#scalarChild(d, "friction", 0) };
  }

  /** The `<limit>` fields an axis of an SDF-only joint writes, each kept as given (`inf` as in #limitChild). */
  #axisLimit(axisEl: XmlElement | undefined): SdfAxisLimit | undefined {
    const l = axisEl === undefined ? undefined : child(axisEl, "limit");
    if (l === undefined) return undefined;
    const out: { -readonly [K in keyof SdfAxisLimit]: number } = {};
    for (const k of ["lower", "upper", "effort", "velocity"] as const)
      if (child(l, k) !== undefined) out[k] = this.#limitChild(l, k, 0);
    return Object.keys(out).length === 0 ? undefined : out;
  }

  /** A limited joint's effort or velocity; SDF's "unlimited" (negative or absent) has no URDF form and becomes 0. */
  #rate(limitEl: XmlElement | undefined, at: XmlElement, which: "effort" | "velocity", joint: string): number {
    const value = this.#limitChild(limitEl, which, -1);
    if (value >= 0) return value;
    this.#ctx.report(
      "FEATURE_UNSUPPORTED",
      "warning",
      at,
      `joint "${joint}": ${which} is unlimited in SDF; URDF needs a number, 0 is used`,
    );
    return 0;
  }

  /** The axis direction in the joint frame. */
  #axis(axisEl: XmlElement, joint: string): Vec3 {
    const xyzEl = child(axisEl, "xyz");
    const xyz = this.#vectorChild(axisEl, "xyz", 3) ?? [0, 0, 1];
    let expressedIn = joint;
    if (this.#frameSemantics) {
      const e = xyzEl === undefined ? undefined : attr(xyzEl, "expressed_in");
      if (e !== undefined && e !== "") expressedIn = e;
    } else if (child(axisEl, "use_parent_model_frame")?.text.trim() === "true") {
      expressedIn = MODEL_FRAME;
    }
    if (this.#canonical(expressedIn) === this.#canonical(joint)) return xyz;
    const joint_T_e = composePoses(
      invertPose(this.#resolve(joint, axisEl)),
      this.#resolve(expressedIn, xyzEl ?? axisEl),
    );
    return rotateVector(joint_T_e.rpy, xyz);
  }

  #mimic(el: XmlElement): Mimic | undefined {
    const joint = attr(el, "joint");
    if (joint === undefined) {
      this.#ctx.report("ATTRIBUTE_MISSING", "error", el, `<mimic> needs a "joint" attribute`);
      return undefined;
    }
    if ((attr(el, "axis") ?? "axis") !== "axis")
      this.#ctx.report(
        "FEATURE_UNSUPPORTED",
        "error",
        el,
        `mimic of "${joint}" follows axis2, which robokit joints do not have`,
      );
    const multiplier = this.#scalarChild(el, "multiplier", 1);
    const offset = this.#scalarChild(el, "offset", 0) - multiplier * this.#scalarChild(el, "reference", 0);
    return { joint, multiplier, offset };
  }

  /** Links with no parent joint other than the root: free in SDF, floating joints in the model. */
  #freeLinks(linkEls: readonly XmlElement[], kept: readonly XmlElement[]): Joint[] {
    const children = new Set(
      kept.filter((j) => attr(j, "type") !== "gearbox").map((j) => this.#jointChild.get(j) ?? ""),
    );
    const free = linkEls.filter((l) => !children.has(attr(l, "name") ?? ""));
    const root = free[0];
    if (root === undefined) return [];
    const rootName = attr(root, "name") ?? "";
    const used = new Set(kept.map((j) => attr(j, "name") ?? ""));
    return free.slice(1).flatMap((l) => {
      const name = attr(l, "name") ?? "";
      const poseEl = child(l, "pose");
      const target = this.#relativeTo(poseEl, MODEL_FRAME);
      const parent = this.#linkFrame.has(target) && target !== name ? target : rootName;
      let jointName = `${name}_floating_joint`;
      while (used.has(jointName)) jointName = `_${jointName}`;
      used.add(jointName);
      this.#ctx.report(
        "FEATURE_UNSUPPORTED",
        "info",
        l,
        `link "${name}" has no parent joint (free in SDF); it becomes the child of floating joint "${jointName}" from "${parent}"`,
      );
      const origin = this.#poseIn(this.#linkFrame.get(parent) ?? parent, poseEl, MODEL_FRAME, l);
      return [{ name: jointName, type: "floating" as const, parent, child: name, origin }];
    });
  }
}

/** Drops the names the SDF writer made up for unnamed shapes (`visual_<k>`, `collision_<k>`). */
function dropDefaultNames<T extends { readonly name?: string }>(
  shapes: readonly T[],
  tag: "visual" | "collision",
): T[] {
  return shapes.map((s, k) => (s.name === defaultShapeName(tag, k) ? withName(s, undefined) : s));
}
