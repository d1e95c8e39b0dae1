import type { CylinderGeometry, Geometry, SphereGeometry } from "../../model/Geometry.js";
import type { Pose } from "../../model/Pose.js";
import { rotateVector } from "../../model/Pose.js";

/** One primitive of a capsule written without a `<capsule>` element. */
export interface CapsulePart {
  readonly geometry: CylinderGeometry | SphereGeometry;
  /** `link_T_part`. */
  readonly origin: Pose;
}

/**
 * A capsule as the union it is: a cylinder of the same radius and length plus one sphere
 * centred on each end of the axis (the shape frame's z). Used for formats and versions
 * without a capsule (URDF 1.0, SDF before 1.8); `origin` is `link_T_capsule`.
 */
export function splitCapsule(radius: number, length: number, origin: Pose): [CapsulePart, CapsulePart, CapsulePart] {
  const z = rotateVector(origin.rpy, [0, 0, 1]);
  const along = (s: number): Pose => ({
    xyz: [origin.xyz[0] + s * z[0], origin.xyz[1] + s * z[1], origin.xyz[2] + s * z[2]],
    rpy: origin.rpy,
  });
  const sphere: Geometry = { type: "sphere", radius };
  return [
    { geometry: { type: "cylinder", radius, length }, origin },
    { geometry: sphere, origin: along(length / 2) },
    { geometry: sphere, origin: along(-length / 2) },
  ];
}
