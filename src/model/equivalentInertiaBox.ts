import { type mat3, quat } from "gl-matrix";

import { symmetricEigen3Into } from "../util/symmetricEigen3.js";
import type { Inertial } from "./Inertial.js";
import { IDENTITY_POSE, rotationFromRpy } from "./Pose.js";
import type { Quat, Vec3 } from "./Vector.js";

/**
 * The uniform-density box with a body's mass and principal moments (RViz's "Mass/Inertia"
 * display, Gazebo's "View > Inertia"): a picture of how the mass is spread.
 */
export interface InertiaBox {
  /** Full side lengths along the box's own x, y, z (m). */
  readonly size: Vec3;
  /** Centre of the box, the centre of mass, in the link frame (m). */
  readonly center: Vec3;
  /** `link_R_box`: the box's axes (the principal axes) in the link frame, quaternion [x, y, z, w]. */
  readonly orientation: Quat;
  /** Principal moments about the box's x, y, z (kg·m²), decreasing. */
  readonly moments: Vec3;
  /**
   * false when the moments break the triangle inequality (no mass distribution has them): the
   * sides that would be imaginary are drawn as 0.
   */
  readonly physical: boolean;
}

/**
 * The box of {@link InertiaBox} for an inertial: with principal moments I1 ≥ I2 ≥ I3 (the
 * eigenvalues of the tensor, in the inertial frame) and mass m, the side along principal axis
 * i is sqrt(6 (Ij + Ik − Ii) / m), since a box of sides a, b, c has Ia = m (b² + c²) / 12. The
 * box sits at the inertial origin, turned into the principal axes (origin rpy, then the
 * eigenvectors). Undefined for a mass that is not positive and finite, or a non-finite tensor.
 */
export function equivalentInertiaBox(inertial: Inertial): InertiaBox | undefined {
  const { mass, inertia: t } = inertial;
  const entries = [t.ixx, t.ixy, t.ixz, t.iyy, t.iyz, t.izz];
  if (!(mass > 0) || !Number.isFinite(mass) || !entries.every(Number.isFinite)) return undefined;
  const values = new Float64Array(3);
  const vectors = new Float64Array(9);
  symmetricEigen3Into(Float64Array.of(t.ixx, t.ixy, t.ixz, t.ixy, t.iyy, t.iyz, t.ixz, t.iyz, t.izz), values, vectors);
  const [i1, i2, i3] = [values[0]!, values[1]!, values[2]!];
  const squares: Vec3 = [(6 * (i2 + i3 - i1)) / mass, (6 * (i1 + i3 - i2)) / mass, (6 * (i1 + i2 - i3)) / mass];
  // Rounding may leave a flat plate's thickness at −1e-17 of the scale: not a broken tensor.
  const tolerance = 1e-9 * Math.max(...squares.map(Math.abs));
  const physical = i3 > 0 && squares.every((s) => s >= -tolerance);
  const origin = inertial.origin ?? IDENTITY_POSE;
  // link_R_box = link_R_inertial · inertial_R_principal (the eigenvectors are its columns).
  const r = rotationFromRpy(origin.rpy);
  // gl-matrix allocates float32 by default: keep the full precision.
  const columnMajor = new Float64Array(9) as unknown as mat3;
  for (let row = 0; row < 3; row++)
    for (let col = 0; col < 3; col++) {
      let s = 0;
      for (let k = 0; k < 3; k++) s += r[row]![k]! * vectors[3 * k + col]!;
      columnMajor[3 * col + row] = s;
    }
  const q = quat.fromMat3(new Float64Array(4) as unknown as quat, columnMajor);
  quat.normalize(q, q);
  return {
    size: squares.map((s) => Math.sqrt(Math.max(0, s))) as unknown as Vec3,
    center: [...origin.xyz],
    orientation: [q[0], q[1], q[2], q[3]],
    moments: [i1, i2, i3],
    physical,
  };
}
