/**
 * Eigen-decomposition of a symmetric 3×3 matrix by cyclic Jacobi rotations (at most 32
 * sweeps; converges quadratically, typically in 4–6). Allocation-free.
 *
 * @param a - in: the symmetric matrix, row-major (9 values); destroyed (ends diagonal).
 * @param values - out: eigenvalues, sorted in decreasing order (3 values).
 * @param vectors - out: eigenvectors as columns, row-major (9 values), matching `values`;
 *   orthonormal, with det = +1.
 */
// perf-sensitive
export function symmetricEigen3Into(a: Float64Array, values: Float64Array, vectors: Float64Array): void {
  const v = vectors;
  v.fill(0);
  v[0] = 1;
  v[4] = 1;
  v[8] = 1;
  for (let sweep = 0; sweep < 32; sweep++) {
    const off = (a[1] as number) ** 2 + (a[2] as number) ** 2 + (a[5] as number) ** 2;
    const diag = (a[0] as number) ** 2 + (a[4] as number) ** 2 + (a[8] as number) ** 2;
    if (off <= 1e-32 * diag || off === 0) break;
    rotate(a, v, 0, 1);
    rotate(a, v, 0, 2);
    rotate(a, v, 1, 2);
  }
  // Sort eigenpairs by decreasing eigenvalue (selection sort over 3 entries).
  values[0] = a[0] as number;
  values[1] = a[4] as number;
  values[2] = a[8] as number;
  for (let i = 0; i < 2; i++) {
    let k = i;
    for (let j = i + 1; j < 3; j++) if ((values[j] as number) > (values[k] as number)) k = j;
    if (k !== i) {
      const t = values[i] as number;
      values[i] = values[k] as number;
      values[k] = t;
      for (let r = 0; r < 3; r++) {
        const u = v[3 * r + i] as number;
        v[3 * r + i] = v[3 * r + k] as number;
        v[3 * r + k] = u;
      }
    }
  }
  // Make the basis right-handed: third column = first × second.
  v[2] = (v[3] as number) * (v[7] as number) - (v[6] as number) * (v[4] as number);
  v[5] = (v[6] as number) * (v[1] as number) - (v[0] as number) * (v[7] as number);
  v[8] = (v[0] as number) * (v[4] as number) - (v[3] as number) * (v[1] as number);
}

/** One Jacobi rotation zeroing a[p][q] (p < q), accumulated into the columns of v. */
function rotate(a: Float64Array, v: Float64Array, p: number, q: number): void {
  const apq = a[3 * p + q] as number;
  if (apq === 0) return;
  const app = a[3 * p + p] as number;
  const aqq = a[3 * q + q] as number;
  const theta = (aqq - app) / (2 * apq);
  const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
  const c = 1 / Math.sqrt(t * t + 1);
  const s = t * c;
  for (let k = 0; k < 3; k++) {
    const akp = a[3 * k + p] as number;
    const akq = a[3 * k + q] as number;
    a[3 * k + p] = c * akp - s * akq;
    a[3 * k + q] = s * akp + c * akq;
  }
  for (let k = 0; k < 3; k++) {
    const apk = a[3 * p + k] as number;
    const aqk = a[3 * q + k] as number;
    a[3 * p + k] = c * apk - s * aqk;
    a[3 * q + k] = s * apk + c * aqk;
  }
  for (let k = 0; k < 3; k++) {
    const vkp = v[3 * k + p] as number;
    const vkq = v[3 * k + q] as number;
    v[3 * k + p] = c * vkp - s * vkq;
    v[3 * k + q] = s * vkp + c * vkq;
  }
}
