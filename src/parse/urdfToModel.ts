import type { Geometry } from "../model/Geometry.js";
import type { Inertial } from "../model/Inertial.js";
import type { FixedJointLimit, Joint, JointDynamics, JointLimit, Mimic, RateLimit } from "../model/Joint.js";
import type { Collision, Link, Surface, Visual } from "../model/Link.js";
import type { Material } from "../model/Material.js";
import type { Pose } from "../model/Pose.js";
import type { Robot } from "../model/Robot.js";
import type { Rgba, Vec3 } from "../model/Vector.js";
import { mergeCapsules } from "./mergeCapsules.js";
import { optional, withName } from "./optional.js";
import { ModelReadContext } from "./ModelReadContext.js";
import type { ModelReadResult } from "./ModelReadResult.js";
import { LAZY_SUBTREE, readXml } from "./readXml.js";
import { attrNode, child, childrenNamed, type XmlElement } from "./XmlDocument.js";

/**
 * Reads URDF text into the robokit model. Never throws: problems come back as diagnostics
 * with file:line:col, and `robot` is present only when there is no error.
 *
 * Kept: names and declaration order, origins, geometry (a cylinder plus two end spheres, as
 * URDF writers store a capsule, becomes a capsule again), inertials, materials (inline
 * colours become named materials), limits, dynamics, mimic, calibration, safety controller,
 * and `<gazebo reference>` friction and contact (mu1, mu2, fdir1, kp, kd). Other extension
 * blocks (`<transmission>`, `<ros2_control>`, plugins) are not part of the model and are
 * skipped.
 */
export function urdfToModel(text: string, file: string): ModelReadResult {
  // What check_urdf reads, robokit reads (with a warning).
  const { document, diagnostics } = readXml(text, file, { lazyBelow: LAZY_SUBTREE, tolerate: "urdfdom" });
  const ctx = new ModelReadContext(file);
  for (const item of diagnostics) ctx.diagnostics.push(item);
  const root = document.root;
  if (root === undefined) return ctx.finish(undefined);
  if (root.name !== "robot") {
    ctx.report("VERSION_UNSUPPORTED", "error", root, `expected a URDF <robot> root element, found <${root.name}>`);
    return ctx.finish(undefined);
  }
  const result = ctx.finish(new UrdfReader(ctx).robot(root));
  const keep = keptFixedJoints(root);
  return keep.length > 0 ? { ...result, keepFixedJoints: keep } : result;
}

/**
 * Joints named by `<gazebo reference="J">` with `<preserveFixedJoint>` or
 * `<disableFixedJointLumping>` set to true (or 1), which libsdformat does not lump.
 */
function keptFixedJoints(root: XmlElement): string[] {
  const out: string[] = [];
  for (const g of childrenNamed(root, "gazebo")) {
    const ref = attrNode(g, "reference")?.value;
    if (ref === undefined || out.includes(ref)) continue;
    const on = (name: string): boolean => {
      const text = child(g, name)?.text.trim().toLowerCase();
      return text === "true" || text === "1";
    };
    if (on("preserveFixedJoint") || on("disableFixedJointLumping")) out.push(ref);
  }
  return out;
}

class UrdfReader {
  readonly #ctx: ModelReadContext;
  readonly #materials: Material[] = [];
  readonly #materialNames = new Set<string>();

  constructor(ctx: ModelReadContext) {
    this.#ctx = ctx;
  }

  robot(root: XmlElement): Robot | undefined {
    const name = this.#required(root, "name");
    childrenNamed(root, "material").forEach((m) => this.#material(m));
    const surfaces = this.#gazeboSurfaces(root);
    const links = childrenNamed(root, "link").map((l, i) => {
      this.#ctx.source(`/links/${i}`, l);
      return this.#link(l, surfaces.get(attrNode(l, "name")?.value ?? ""));
    });
    const joints = childrenNamed(root, "joint").map((j, i) => {
      this.#ctx.source(`/joints/${i}`, j);
      return this.#joint(j);
    });
    const materialEls = childrenNamed(root, "material");
    this.#materials.forEach((_, i) => {
      const el = materialEls[i];
      if (el !== undefined) this.#ctx.source(`/materials/${i}`, el);
    });
    if (name === undefined || links.some((l) => l === undefined) || joints.some((j) => j === undefined))
      return undefined;
    return {
      name,
      ...(this.#materials.length > 0 ? { materials: this.#materials } : {}),
      links: links as Link[],
      ...(joints.length > 0 ? { joints: joints as Joint[] } : {}),
    };
  }

  #required(el: XmlElement, attribute: string): string | undefined {
    const a = attrNode(el, attribute);
    if (a === undefined) {
      this.#ctx.report("ATTRIBUTE_MISSING", "error", el, `<${el.name}> needs a "${attribute}" attribute`);
      return undefined;
    }
    return a.value;
  }

  #vector<N extends 3 | 4>(el: XmlElement, attribute: string, count: N): (N extends 3 ? Vec3 : Rgba) | undefined {
    const a = attrNode(el, attribute);
    if (a === undefined) return undefined;
    return this.#ctx.sharedNumbers(a.value, count, { element: el, attribute: a }, `<${el.name}> ${attribute}`) as
      | (N extends 3 ? Vec3 : Rgba)
      | undefined;
  }

  #scalar(el: XmlElement, attribute: string, required: boolean): number | undefined {
    const a = attrNode(el, attribute);
    if (a === undefined) {
      if (required) this.#ctx.report("ATTRIBUTE_MISSING", "error", el, `<${el.name}> needs a "${attribute}" attribute`);
      return undefined;
    }
    return this.#ctx.number(a.value, { element: el, attribute: a }, `<${el.name}> ${attribute}`);
  }

  /**
   * A visual's `<material name="">` with a colour or texture inline, which URDF allows: kept on
   * the visual (it names nothing to declare or share). Undefined for any other material.
   */
  #anonymousMaterial(el: XmlElement): { rgba: Rgba; texture?: string } | undefined {
    if (attrNode(el, "name")?.value !== "") return undefined;
    const color = child(el, "color");
    const texture = child(el, "texture");
    if (color === undefined && texture === undefined) return undefined;
    const rgba = (color === undefined ? undefined : this.#vector(color, "rgba", 4)) ?? [1, 1, 1, 1];
    const filename = texture === undefined ? undefined : attrNode(texture, "filename")?.value;
    return filename === undefined ? { rgba } : { rgba, texture: filename };
  }

  /** Declares a top-level material, or an inline one met in a visual (first declaration wins). */
  #material(el: XmlElement): string | undefined {
    const name = this.#required(el, "name");
    if (name === undefined) return undefined;
    const color = child(el, "color");
    const texture = child(el, "texture");
    if (color === undefined && texture === undefined) return name;
    const rgba = color === undefined ? undefined : this.#vector(color, "rgba", 4);
    const filename = texture === undefined ? undefined : attrNode(texture, "filename")?.value;
    if (!this.#materialNames.has(name)) {
      this.#materialNames.add(name);
      this.#materials.push({
        name,
        rgba: rgba ?? [1, 1, 1, 1],
        ...(filename === undefined ? {} : { texture: filename }),
      });
    }
    return name;
  }

  #origin(parent: XmlElement): Pose | undefined {
    const el = child(parent, "origin");
    if (el === undefined) return undefined;
    return { xyz: this.#vector(el, "xyz", 3) ?? [0, 0, 0], rpy: this.#vector(el, "rpy", 3) ?? [0, 0, 0] };
  }

  /** `<gazebo reference="link">` friction and contact parameters, by link name. */
  #gazeboSurfaces(root: XmlElement): Map<string, Surface> {
    const out = new Map<string, Surface>();
    for (const g of childrenNamed(root, "gazebo")) {
      const ref = attrNode(g, "reference")?.value;
      if (ref === undefined) continue;
      // Like libsdformat's URDF reader, a `value` attribute (`<kp value="1e6"/>`) wins over the text.
      // Values that are not numbers (e.g. unexpanded xacro) are left out, as libsdformat passes them on unread.
      const value = (name: string): number | undefined => {
        const el = child(g, name);
        if (el === undefined) return undefined;
        const text = (attrNode(el, "value")?.value ?? el.text).trim();
        const v = Number(text);
        if (text !== "" && Number.isFinite(v)) return v;
        this.#ctx.report(
          "ELEMENT_INVALID",
          "warning",
          el,
          `<gazebo reference="${ref}"> <${name}> [${text}] is not a number; left out`,
        );
        return undefined;
      };
      const fdir = child(g, "fdir1");
      const fdirValues = fdir?.text.trim().split(/\s+/).map(Number);
      const fdirOk = fdirValues !== undefined && fdirValues.length === 3 && fdirValues.every(Number.isFinite);
      if (fdir !== undefined && !fdirOk)
        this.#ctx.report(
          "ELEMENT_INVALID",
          "warning",
          fdir,
          `<gazebo reference="${ref}"> <fdir1> [${fdir.text.trim()}] is not 3 numbers; left out`,
        );
      const fdir1 = fdirOk ? (fdirValues as unknown as Vec3) : undefined;
      const surface: Surface = {
        ...optional("mu", value("mu1")),
        ...optional("mu2", value("mu2")),
        ...(fdir1 === undefined ? {} : { fdir1 }),
        ...optional("kp", value("kp")),
        ...optional("kd", value("kd")),
      };
      if (Object.keys(surface).length > 0) out.set(ref, { ...out.get(ref), ...surface });
    }
    return out;
  }

  #link(el: XmlElement, surface: Surface | undefined): Link | undefined {
    const name = this.#required(el, "name");
    const inertialEl = child(el, "inertial");
    const inertial = inertialEl === undefined ? undefined : this.#inertial(inertialEl);
    const errorsBefore = this.#ctx.errorCount;
    // A visual or collision urdfdom drops (reported as a warning) is left out; one with an error fails the link.
    const visuals = childrenNamed(el, "visual")
      .map((v) => this.#visual(v))
      .filter((v) => v !== undefined);
    const collisions = childrenNamed(el, "collision")
      .map((c) => this.#collision(c, surface))
      .filter((c) => c !== undefined);
    if (name === undefined || this.#ctx.errorCount > errorsBefore) return undefined;
    const mergedVisuals = mergeCapsules(
      visuals as Visual[],
      (a, b) => a.material === b.material && JSON.stringify(a.inlineMaterial) === JSON.stringify(b.inlineMaterial),
      (first, geometry, n) => withName({ ...first, geometry }, n),
    );
    const mergedCollisions = mergeCapsules(
      collisions as Collision[],
      (a, b) => JSON.stringify(a.surface) === JSON.stringify(b.surface),
      (first, geometry, n) => withName({ ...first, geometry }, n),
    );
    return {
      name,
      ...(mergedVisuals.length > 0 ? { visuals: mergedVisuals } : {}),
      ...(mergedCollisions.length > 0 ? { collisions: mergedCollisions } : {}),
      ...(inertial === undefined ? {} : { inertial }),
    };
  }

  #inertial(el: XmlElement): Inertial | undefined {
    const origin = this.#origin(el);
    const massEl = child(el, "mass");
    const inertiaEl = child(el, "inertia");
    if (massEl === undefined || inertiaEl === undefined) {
      this.#ctx.report("ELEMENT_MISSING", "error", el, `<inertial> needs <mass> and <inertia>`);
      return undefined;
    }
    const mass = this.#scalar(massEl, "value", true);
    const keys = ["ixx", "ixy", "ixz", "iyy", "iyz", "izz"] as const;
    // Like urdfdom and libsdformat, a missing product of inertia reads as 0.
    const values = keys.map((k) =>
      k === "ixx" || k === "iyy" || k === "izz" || attrNode(inertiaEl, k) !== undefined
        ? this.#scalar(inertiaEl, k, true)
        : 0,
    );
    if (mass === undefined || values.some((v) => v === undefined)) return undefined;
    const [ixx, ixy, ixz, iyy, iyz, izz] = values as number[];
    return {
      mass,
      ...(origin === undefined ? {} : { origin }),
      inertia: { ixx: ixx!, ixy: ixy!, ixz: ixz!, iyy: iyy!, iyz: iyz!, izz: izz! },
    };
  }

  #geometry(parent: XmlElement): Geometry | undefined {
    const g = child(parent, "geometry");
    const shape = g?.children[0];
    if (g === undefined || shape === undefined) {
      this.#ctx.report(
        "ELEMENT_MISSING",
        "warning",
        g ?? parent,
        `<${parent.name}> has no <geometry> shape; urdfdom drops it, and it is not converted`,
      );
      return undefined;
    }
    switch (shape.name) {
      case "box": {
        const size = this.#vector(shape, "size", 3);
        if (size === undefined) this.#required(shape, "size");
        return size === undefined ? undefined : { type: "box", size };
      }
      case "cylinder":
      case "capsule": {
        const radius = this.#scalar(shape, "radius", true);
        const length = this.#scalar(shape, "length", true);
        return radius === undefined || length === undefined ? undefined : { type: shape.name, radius, length };
      }
      case "sphere": {
        const radius = this.#scalar(shape, "radius", true);
        return radius === undefined ? undefined : { type: "sphere", radius };
      }
      case "mesh": {
        const uri = this.#required(shape, "filename");
        const rawScale = attrNode(shape, "scale")?.value;
        const scaleValues = rawScale?.trim().split(/\s+/).map(Number);
        if (scaleValues !== undefined && (scaleValues.length !== 3 || !scaleValues.every(Number.isFinite))) {
          this.#ctx.report(
            "ATTRIBUTE_INVALID",
            "warning",
            { element: shape, attribute: attrNode(shape, "scale")! },
            `<mesh> scale [${rawScale ?? ""}] is not 3 numbers; urdfdom drops this ${parent.name}, and it is not converted`,
          );
          return undefined;
        }
        const scale = this.#vector(shape, "scale", 3);
        return uri === undefined ? undefined : { type: "mesh", uri, ...(scale === undefined ? {} : { scale }) };
      }
      default:
        this.#ctx.report(
          "ELEMENT_UNRECOGNIZED",
          "warning",
          shape,
          `unknown URDF geometry <${shape.name}> (box, cylinder, sphere, mesh, capsule); urdfdom drops this ${parent.name}, and it is not converted`,
        );
        return undefined;
    }
  }

  #visual(el: XmlElement): Visual | undefined {
    const geometry = this.#geometry(el);
    if (geometry === undefined) return undefined;
    const origin = this.#origin(el);
    const materialEl = child(el, "material");
    const inlineMaterial = materialEl === undefined ? undefined : this.#anonymousMaterial(materialEl);
    const material = materialEl === undefined || inlineMaterial !== undefined ? undefined : this.#material(materialEl);
    const name = attrNode(el, "name")?.value;
    return {
      ...(name === undefined ? {} : { name }),
      ...(origin === undefined ? {} : { origin }),
      geometry,
      ...(material === undefined ? {} : { material }),
      ...(inlineMaterial === undefined ? {} : { inlineMaterial }),
    };
  }

  #collision(el: XmlElement, surface: Surface | undefined): Collision | undefined {
    const geometry = this.#geometry(el);
    if (geometry === undefined) return undefined;
    const origin = this.#origin(el);
    const name = attrNode(el, "name")?.value;
    return {
      ...(name === undefined ? {} : { name }),
      ...(origin === undefined ? {} : { origin }),
      geometry,
      ...(surface === undefined ? {} : { surface }),
    };
  }

  #joint(el: XmlElement): Joint | undefined {
    const name = this.#required(el, "name");
    const type = this.#required(el, "type");
    // Nine children are looked up: read them once (a subtree kept as text is otherwise looked through once per name).
    const children = el.children;
    const childOf = (n: string): XmlElement | undefined => children.find((c) => c.name === n);
    const parentEl = childOf("parent");
    const childEl = childOf("child");
    if (parentEl === undefined || childEl === undefined) {
      this.#ctx.report("ELEMENT_MISSING", "error", el, `joint "${name ?? ""}" needs <parent link> and <child link>`);
      return undefined;
    }
    const parent = this.#required(parentEl, "link");
    const childLink = this.#required(childEl, "link");
    const origin = this.#origin(el);
    const axisEl = childOf("axis");
    const axis = axisEl === undefined ? undefined : this.#vector(axisEl, "xyz", 3);
    const limitEl = childOf("limit");
    const dynamicsEl = childOf("dynamics");
    const dynamics: JointDynamics | undefined =
      dynamicsEl === undefined
        ? undefined
        : {
            ...optional("damping", this.#scalar(dynamicsEl, "damping", false)),
            ...optional("friction", this.#scalar(dynamicsEl, "friction", false)),
          };
    const calibrationEl = childOf("calibration");
    const safetyEl = childOf("safety_controller");
    const mimicEl = childOf("mimic");
    if (name === undefined || type === undefined || parent === undefined || childLink === undefined) return undefined;
    const base = {
      name,
      parent,
      child: childLink,
      ...(origin === undefined ? {} : { origin }),
      ...(dynamics === undefined ? {} : { dynamics }),
      ...(safetyEl === undefined ? {} : this.#safety(safetyEl)),
      ...(calibrationEl === undefined
        ? {}
        : {
            calibration: {
              ...optional("rising", this.#scalar(calibrationEl, "rising", false)),
              ...optional("falling", this.#scalar(calibrationEl, "falling", false)),
            },
          }),
    };
    const withAxis = axis === undefined ? {} : { axis };
    const mimic = mimicEl === undefined ? undefined : this.#mimic(mimicEl);
    const withMimic = mimic === undefined ? {} : { mimic };
    switch (type) {
      case "fixed": {
        // Meaningless on a fixed joint, but written by some tools: kept so the URDF reads back as written.
        const limit = limitEl === undefined ? undefined : this.#fixedLimit(limitEl);
        return { ...base, type, ...withAxis, ...(limit === undefined ? {} : { limit }), ...withMimic };
      }
      case "floating":
        return { ...base, type };
      case "revolute":
      case "prismatic": {
        const limit = limitEl === undefined ? undefined : this.#limit(limitEl);
        if (limitEl === undefined)
          this.#ctx.report("JOINT_LIMIT_MISSING", "error", el, `joint "${name}": a ${type} joint needs <limit>`);
        return limit === undefined ? undefined : { ...base, type, ...withAxis, limit, ...withMimic };
      }
      case "continuous": {
        const limit = limitEl === undefined ? undefined : this.#unboundedLimit(limitEl);
        return { ...base, type, ...withAxis, ...(limit === undefined ? {} : { limit }), ...withMimic };
      }
      case "planar": {
        const limit = limitEl === undefined ? undefined : this.#unboundedLimit(limitEl);
        return { ...base, type, ...withAxis, ...(limit === undefined ? {} : { limit }) };
      }
      default: {
        const a = attrNode(el, "type");
        if (a !== undefined)
          this.#ctx.report(
            "ATTRIBUTE_INVALID",
            "error",
            { element: el, attribute: a },
            `joint "${name}": unknown type "${type}" (fixed, revolute, continuous, prismatic, floating, planar)`,
          );
        return undefined;
      }
    }
  }

  #limit(el: XmlElement): JointLimit | undefined {
    const lower = this.#scalar(el, "lower", false) ?? 0;
    const upper = this.#scalar(el, "upper", false) ?? 0;
    const rate = this.#rateLimit(el);
    return rate === undefined ? undefined : { lower, upper, ...rate };
  }

  #fixedLimit(el: XmlElement): FixedJointLimit {
    return {
      ...optional("lower", this.#scalar(el, "lower", false)),
      ...optional("upper", this.#scalar(el, "upper", false)),
      ...optional("effort", this.#scalar(el, "effort", false)),
      ...optional("velocity", this.#scalar(el, "velocity", false)),
    };
  }

  #rateLimit(el: XmlElement): RateLimit | undefined {
    const effort = this.#scalar(el, "effort", true);
    const velocity = this.#scalar(el, "velocity", true);
    return effort === undefined || velocity === undefined ? undefined : { effort, velocity };
  }

  /** A continuous or planar joint's limit: the rates, and the bounds the file wrote (urdfdom reads them). */
  #unboundedLimit(el: XmlElement): RateLimit | undefined {
    const rate = this.#rateLimit(el);
    if (rate === undefined) return undefined;
    return {
      ...optional("lower", this.#scalar(el, "lower", false)),
      ...optional("upper", this.#scalar(el, "upper", false)),
      ...rate,
    };
  }

  #mimic(el: XmlElement): Mimic | undefined {
    const joint = this.#required(el, "joint");
    if (joint === undefined) return undefined;
    return {
      joint,
      ...optional("multiplier", this.#scalar(el, "multiplier", false)),
      ...optional("offset", this.#scalar(el, "offset", false)),
    };
  }

  #safety(el: XmlElement): { safetyController?: NonNullable<Joint["safetyController"]> } {
    const kVelocity = this.#scalar(el, "k_velocity", true);
    if (kVelocity === undefined) return {};
    return {
      safetyController: {
        ...optional("softLowerLimit", this.#scalar(el, "soft_lower_limit", false)),
        ...optional("softUpperLimit", this.#scalar(el, "soft_upper_limit", false)),
        ...optional("kPosition", this.#scalar(el, "k_position", false)),
        kVelocity,
      },
    };
  }
}
