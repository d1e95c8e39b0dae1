import type { InertiaTensor } from "../../src/model/Inertial.js";

/**
 * The solid box of the same mass and principal moments as an inertia tensor: side lengths (m)
 * along the principal axes, and those axes (columns, in the inertial frame). Moments that
 * break the triangle inequality give a zero side rather than NaN.
 */
export function equivalentBox(mass: number, t: InertiaTensor): { size: [number, number, number]; axes: number[][] } {
  // URDF stores ixy = −∫xy dm as the matrix entry, so the tensor is [[ixx, ixy, ixz], …].
  const { values, vectors } = jacobiEigen([
    [t.ixx, t.ixy, t.ixz],
    [t.ixy, t.iyy, t.iyz],
    [t.ixz, t.iyz, t.izz],
  ]);
  const [a = 0, b = 0, c = 0] = values;
  const side = (x: number): number => Math.sqrt(Math.max(0, (6 / mass) * x));
  return { size: [side(b + c - a), side(a + c - b), side(a + b - c)], axes: vectors };
}

/** Eigenvalues and eigenvectors (columns) of a symmetric 3×3 matrix by cyclic Jacobi rotations. */
function jacobiEigen(m: number[][]): { values: number[]; vectors: number[][] } {
  const a = m.map((r) => [...r]);
  const v = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  const at = (i: number, j: number): number => a[i]?.[j] ?? 0;
  for (let sweep = 0; sweep < 50; sweep++) {
    const off = at(0, 1) ** 2 + at(0, 2) ** 2 + at(1, 2) ** 2;
    if (off < 1e-30) break;
    for (const [p, q] of [
      [0, 1],
      [0, 2],
      [1, 2],
    ] as const) {
      const apq = at(p, q);
      if (Math.abs(apq) < 1e-300) continue;
      const theta = (at(q, q) - at(p, p)) / (2 * apq);
      const t = Math.sign(theta || 1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
      const c = 1 / Math.sqrt(t * t + 1);
      const s = t * c;
      for (let k = 0; k < 3; k++) {
        const akp = at(k, p),
          akq = at(k, q);
        a[k]![p] = c * akp - s * akq;
        a[k]![q] = s * akp + c * akq;
      }
      for (let k = 0; k < 3; k++) {
        const apk = at(p, k),
          aqk = at(q, k);
        a[p]![k] = c * apk - s * aqk;
        a[q]![k] = s * apk + c * aqk;
      }
      for (let k = 0; k < 3; k++) {
        const vkp = v[k]![p]!,
          vkq = v[k]![q]!;
        v[k]![p] = c * vkp - s * vkq;
        v[k]![q] = s * vkp + c * vkq;
      }
    }
  }
  return { values: [at(0, 0), at(1, 1), at(2, 2)], vectors: v };
}
