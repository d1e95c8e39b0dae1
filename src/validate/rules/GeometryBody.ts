import type { Inertial } from "../../model/Inertial.js";
import type { Pose } from "../../model/Pose.js";
import type { Vec3 } from "../../model/Vector.js";
import type { XmlElement } from "../../parse/XmlDocument.js";

/** Where a finding about a body is reported: an element, and an attribute of it (URDF) or none (SDF text). */
export interface GeometryPlace {
  readonly element: XmlElement;
  readonly attribute?: string;
}

/**
 * One collision shape as the file describes it, format-free: the primitives robokit measures in
 * closed form, or a mesh URI with its scale and the places to report about it.
 */
export type GeometryShape =
  | { readonly kind: "box"; readonly size: Vec3 }
  | { readonly kind: "cylinder"; readonly radius: number; readonly length: number }
  | { readonly kind: "sphere"; readonly radius: number }
  | {
      readonly kind: "mesh";
      readonly uri: string;
      /** Per-axis factors (the file's `scale`, default 1 1 1). */
      readonly scale: Vec3;
      /** The URI (URDF `filename`, SDF `<uri>`). */
      readonly uriAt: GeometryPlace;
      /** The scale (URDF `scale`, SDF `<scale>`, else the URI's place). */
      readonly scaleAt: GeometryPlace;
    };

/** A collision of a body: its pose in the body's frame and its shape, undefined when robokit cannot measure it. */
export interface GeometryCollision {
  /** The link it belongs to (for messages). */
  readonly link: string;
  /** body_T_shape. */
  readonly pose: Pose;
  readonly shape: GeometryShape | undefined;
}

/**
 * A rigid body whose inertial the geometry rule (inertiaGeometry) compares with its collision
 * shapes: a URDF body (links lumped across fixed joints) or an SDF link. Built from either
 * format by urdfGeometryBodies and sdfGeometryBodies; the rule itself is format-free.
 */
export interface GeometryBody {
  /** As shown in messages: the link, and the links lumped with it. */
  readonly name: string;
  /** Appended to the centre of mass in messages (" in link [x]'s frame" for a lumped body), else "". */
  readonly frameNote: string;
  /** Mass (kg), centre of mass and tensor (kg·m²) in the body's frame. */
  readonly inertial: Inertial;
  /** Principal moments of the tensor (kg·m², ascending), when already known. */
  readonly moments?: Vec3;
  readonly massAt: GeometryPlace;
  readonly inertiaAt: GeometryPlace;
  readonly comAt: GeometryPlace;
  /** Every collision of the body; empty for a visual-only body, which is not judged. */
  readonly collisions: readonly GeometryCollision[];
  /**
   * The robot's reference size (m): its largest joint or link offset or primitive shape; 0 when it
   * has none. A mesh far larger than this was likely drawn in millimetres.
   */
  readonly reference: number;
  /** "URDF" or "SDF", for messages. */
  readonly format: "URDF" | "SDF";
}
