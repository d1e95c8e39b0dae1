/**
 * Eigen-decomposition of a symmetric 4×4 matrix by cyclic Jacobi rotations (at most 32
 * sweeps; quadratic convergence, typically 4–6). Allocation-free. Used by Horn's quaternion
 * method in {@link kabschSvdInto}, where the eigenvalues are linear in the singular values
 * of the cross-covariance (not squared, as in HᵀH).
 *
 * @param a - in: the symmetric matrix, row-major (16 values); destroyed (ends diagonal).
 * @param values - out: eigenvalues, sorted in decreasing order (4 values).
 * @param vectors - out: orthonormal eigenvectors as columns, row-major (16 values), matching `values`.
 */
// perf-sensitive
export function symmetricEigen4Into(a: Float64Array, values: Float64Array, vectors: Float64Array): void {
  const v = vectors;
  v.fill(0);
  v[0] = 1;
  v[5] = 1;
  v[10] = 1;
  v[15] = 1;
  for (let sweep = 0; sweep < 32; sweep++) {
    let off = 0;
    let diag = 0;
    for (let i = 0; i < 4; i++) {
      diag += (a[5 * i] as number) ** 2;
      for (let j = i + 1; j < 4; j++) off += (a[4 * i + j] as number) ** 2;
    }
    if (off <= 1e-34 * diag || off === 0) break;
    for (let p = 0; p < 3; p++) for (let q = p + 1; q < 4; q++) rotate(a, v, p, q);
  }
  for (let i = 0; i < 4; i++) values[i] = a[5 * i] as number;
  // Selection sort of the eigenpairs by decreasing eigenvalue.
  for (let i = 0; i < 3; i++) {
    let k = i;
    for (let j = i + 1; j < 4; j++) if ((values[j] as number) > (values[k] as number)) k = j;
    if (k === i) continue;
    const t = values[i] as number;
    values[i] = values[k] as number;
    values[k] = t;
    for (let r = 0; r < 4; r++) {
      const u = v[4 * r + i] as number;
      v[4 * r + i] = v[4 * r + k] as number;
      v[4 * r + k] = u;
    }
  }
}

/** One Jacobi rotation zeroing a[p][q] (p < q), accumulated into the columns of v. */
function rotate(a: Float64Array, v: Float64Array, p: number, q: number): void {
  const apq = a[4 * p + q] as number;
  if (apq === 0) return;
  const theta = ((a[5 * q] as number) - (a[5 * p] as number)) / (2 * apq);
  const t = (theta >= 0 ? 1 : -1) / (Math.abs(theta) + Math.sqrt(theta * theta + 1));
  const c = 1 / Math.sqrt(t * t + 1);
  const s = t * c;
  for (let k = 0; k < 4; k++) {
    const akp = a[4 * k + p] as number;
    const akq = a[4 * k + q] as number;
    a[4 * k + p] = c * akp - s * akq;
    a[4 * k + q] = s * akp + c * akq;
  }
  for (let k = 0; k < 4; k++) {
    const apk = a[4 * p + k] as number;
    const aqk = a[4 * q + k] as number;
    a[4 * p + k] = c * apk - s * aqk;
    a[4 * q + k] = s * apk + c * aqk;
  }
  for (let k = 0; k < 4; k++) {
    const vkp = v[4 * k + p] as number;
    const vkq = v[4 * k + q] as number;
    v[4 * k + p] = c * vkp - s * vkq;
    v[4 * k + q] = s * vkp + c * vkq;
  }
}
