import { IDENTITY_POSE, type Pose, rpyFromQuat } from "../../model/Pose.js";
import type { Vec3 } from "../../model/Vector.js";
import { attr, child, childrenNamed, type XmlElement } from "../../parse/XmlDocument.js";
import type { GeometryBody, GeometryCollision, GeometryShape } from "./GeometryBody.js";
import { parseNumber, parseNumbers } from "./numbers.js";

/**
 * An SDF document's links for the geometry rule, each a body of its own (libsdformat and gz-sim
 * keep links joined by fixed joints apart). Judged: links with an `<inertial>` (SDF's defaults
 * fill a missing `<mass>` or moment: mass 1 kg, moments 1 kg·m², products 0) in models that are
 * not `<static>`, top-level or inline in a `<world>`, nested models included; included models
 * are judged in their own file. Not judged: `<inertial auto="true">` (libsdformat computes it),
 * and an inertial or collision `<pose relative_to>` another frame (a collision whose pose does
 * so counts as not measurable). The reference size is per top-level model: its largest link or
 * joint offset or primitive shape.
 */
export function sdfGeometryBodies(root: XmlElement): GeometryBody[] {
  const out: GeometryBody[] = [];
  const topModels: XmlElement[] = [];
  for (const c of root.children) {
    if (c.name === "model") topModels.push(c);
    else if (c.name === "world") topModels.push(...childrenNamed(c, "model"));
  }
  for (const model of topModels) {
    if (isStatic(model)) continue;
    const reference = referenceSize(model);
    const visit = (m: XmlElement): void => {
      for (const c of m.children) {
        if (c.name === "model" && !isStatic(c)) visit(c);
        else if (c.name === "link") {
          const body = linkBody(c, reference);
          if (body !== undefined) out.push(body);
        }
      }
    };
    visit(model);
  }
  return out;
}

function isStatic(model: XmlElement): boolean {
  return child(model, "static")?.text.trim() === "true";
}

function linkBody(link: XmlElement, reference: number): GeometryBody | undefined {
  const inertial = child(link, "inertial");
  if (inertial === undefined || attr(inertial, "auto") === "true") return undefined;
  const poseEl = child(inertial, "pose");
  const com = sdfPose(poseEl);
  if (com === undefined) return undefined;
  const massEl = child(inertial, "mass");
  const mass = number(massEl, 1);
  if (mass === undefined || !(mass > 0)) return undefined; // zero, negative or bad: the inertia rule's finding
  const inertiaEl = child(inertial, "inertia");
  const moment = (n: string, d: number): number | undefined =>
    inertiaEl === undefined ? d : number(child(inertiaEl, n), d);
  const [ixx, iyy, izz, ixy, ixz, iyz] = [
    moment("ixx", 1),
    moment("iyy", 1),
    moment("izz", 1),
    moment("ixy", 0),
    moment("ixz", 0),
    moment("iyz", 0),
  ];
  if (ixx === undefined || iyy === undefined || izz === undefined) return undefined;
  if (ixy === undefined || ixz === undefined || iyz === undefined) return undefined;
  const name = attr(link, "name") ?? "";
  const collisions: GeometryCollision[] = childrenNamed(link, "collision").map((collision) => {
    const pose = sdfPose(child(collision, "pose"));
    const geometry = child(collision, "geometry");
    const shape = geometry?.children.length === 1 ? geometry.children[0] : undefined;
    return {
      link: name,
      pose: pose ?? IDENTITY_POSE,
      shape: pose === undefined || shape === undefined ? undefined : shapeOf(shape),
    };
  });
  return {
    name,
    frameNote: "",
    inertial: { mass, origin: com, inertia: { ixx, iyy, izz, ixy, ixz, iyz } },
    massAt: { element: massEl ?? inertial },
    inertiaAt: { element: inertiaEl ?? inertial },
    comAt: { element: poseEl ?? inertial },
    collisions,
    reference,
    format: "SDF",
  };
}

function shapeOf(shape: XmlElement): GeometryShape | undefined {
  const positive = (v: number | undefined): v is number => v !== undefined && Number.isFinite(v) && v > 0;
  switch (shape.name) {
    case "box": {
      const size = vec(child(shape, "size")?.text, [1, 1, 1]);
      return size?.every(positive) ? { kind: "box", size } : undefined;
    }
    case "cylinder": {
      const radius = number(child(shape, "radius"), 0.5);
      const length = number(child(shape, "length"), 1);
      return positive(radius) && positive(length) ? { kind: "cylinder", radius, length } : undefined;
    }
    case "sphere": {
      const radius = number(child(shape, "radius"), 1);
      return positive(radius) ? { kind: "sphere", radius } : undefined;
    }
    case "mesh": {
      const uriEl = child(shape, "uri");
      const uri = uriEl?.text.trim();
      const scaleEl = child(shape, "scale");
      const scale = vec(scaleEl?.text, [1, 1, 1]);
      // A <submesh> selects part of the file: its solid is not the file's.
      if (uriEl === undefined || uri === undefined || uri === "" || scale === undefined) return undefined;
      if (child(shape, "submesh") !== undefined) return undefined;
      return { kind: "mesh", uri, scale, uriAt: { element: uriEl }, scaleAt: { element: scaleEl ?? uriEl } };
    }
    default:
      return undefined;
  }
}

/**
 * A `<pose>` in its parent's frame (identity when absent), with 1.9's `degrees` and
 * `rotation_format="quat_xyzw"`; undefined when it is relative to another frame or malformed.
 */
function sdfPose(el: XmlElement | undefined): Pose | undefined {
  if (el === undefined || el.text.trim() === "") return el === undefined || noFrame(el) ? IDENTITY_POSE : undefined;
  if (!noFrame(el)) return undefined;
  const quat = attr(el, "rotation_format") === "quat_xyzw";
  const n = parseNumbers(el.text);
  if (n === undefined || n.length !== (quat ? 7 : 6) || !n.every(Number.isFinite)) return undefined;
  const [x, y, z, a, b, c, d] = n as [number, number, number, number, number, number, number?];
  if (quat) return { xyz: [x, y, z], rpy: rpyFromQuat([a, b, c, d ?? 1]) };
  const s = attr(el, "degrees") === "true" ? Math.PI / 180 : 1;
  return { xyz: [x, y, z], rpy: [a * s, b * s, c * s] };
}

/** True when a pose is in its parent's frame: no `relative_to` (1.7) or `frame` (1.5–1.6) naming another. */
function noFrame(el: XmlElement): boolean {
  const other = (attr(el, "relative_to") ?? attr(el, "frame") ?? "").trim();
  return other === "";
}

function number(el: XmlElement | undefined, fallback: number): number | undefined {
  const text = el?.text.trim();
  if (text === undefined || text === "") return fallback;
  const v = parseNumber(text);
  return v !== undefined && Number.isFinite(v) ? v : undefined;
}

function vec(text: string | undefined, fallback: Vec3 | undefined): Vec3 | undefined {
  if (text === undefined || text.trim() === "") return fallback;
  const n = parseNumbers(text);
  if (n === undefined || n.length !== 3 || !n.every(Number.isFinite)) return undefined;
  return [n[0]!, n[1]!, n[2]!];
}

/** A model's reference size (m): its largest link or joint offset, or primitive shape (collision or visual). */
function referenceSize(model: XmlElement): number {
  let size = 0;
  const visit = (m: XmlElement): void => {
    for (const c of m.children) {
      if (c.name === "model") {
        visit(c);
        continue;
      }
      if (c.name !== "link" && c.name !== "joint") continue;
      const p = sdfPose(child(c, "pose"));
      if (p !== undefined) size = Math.max(size, Math.hypot(...p.xyz));
      if (c.name !== "link") continue;
      for (const holder of [...childrenNamed(c, "collision"), ...childrenNamed(c, "visual")]) {
        const shape = child(holder, "geometry")?.children[0];
        const s = shape === undefined || shape.name === "mesh" ? undefined : shapeOf(shape);
        const numbers =
          s === undefined
            ? []
            : s.kind === "box"
              ? s.size
              : s.kind === "cylinder"
                ? [2 * s.radius, s.length]
                : s.kind === "sphere"
                  ? [2 * s.radius]
                  : [];
        for (const v of numbers) size = Math.max(size, v);
      }
    }
  };
  visit(model);
  return size;
}
