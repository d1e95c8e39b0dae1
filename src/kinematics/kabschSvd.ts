import { KABSCH_EPSILON } from "./kabschPlanar.js";
import type { KabschStatus } from "./KabschResult.js";
import { symmetricEigen3Into } from "../util/symmetricEigen3.js";
import { symmetricEigen4Into } from "../util/symmetricEigen4.js";
import type { Vector3 } from "./Vector3.js";

/** A 3-D Kabsch fit Q ≈ R·P + t, from {@link kabschSvd}. */
export type SvdKabschResult =
  | {
      readonly ok: true;
      readonly status: "ok";
      /** Proper rotation R (det +1), row-major 3×3. */
      readonly rotation: readonly number[];
      /** Translation t (m). */
      readonly translation: Vector3;
      /** √(Σ w_i |Q_i − (R P_i + t)|²) (m). */
      readonly residual: number;
    }
  | { readonly ok: false; readonly status: Exclude<KabschStatus, "ok"> };

// Scratch for the allocation-free form (JS is single-threaded; not re-entrant).
const H = new Float64Array(9);
const N = new Float64Array(16);
const EVAL = new Float64Array(4);
const EVEC = new Float64Array(16);
const C = new Float64Array(9);
const CVAL = new Float64Array(3);
const CVEC = new Float64Array(9);
// Scalar result of hornInto (a returned double would be boxed per call).
const SCORE = new Float64Array(1);

/**
 * Weighted Kabsch in 3-D, the SVD form of Sharifi et al. 2018, eqs. 12–13: A = P̃ᵀQ̃ = V S Wᵀ,
 * R = W diag(1, 1, d) Vᵀ with d = sign(det(W Vᵀ)) (here written H = U Σ Vᵀ,
 * R = V diag(1, 1, d) Uᵀ). It is solved by Horn's quaternion method (1987), which gives the
 * same optimal proper rotation: R is the unit quaternion of the largest eigenvalue of the
 * symmetric 4×4 matrix built from H (Jacobi eigen-decomposition). Its eigenvalues are
 * ±s₁ ± s₂ ± s₃, linear in the singular values of H, so near-degenerate sets lose half as
 * many digits as an eigen-decomposition of HᵀH: on points within δ of a line of length L
 * the rotation error is about 1e-16·(L/δ)² (≤ 1e-9 rad for δ/L ≥ 1e-3).
 * `mirrored` is reported when the best reflection (Horn's method on the mirrored set) fits
 * strictly better than the best rotation. Planar (rank-2) sets are fine.
 *
 * Sets whose old points lie on, or too near, one line are `collinear`: a rotation about that
 * line is carried only by the spread off it. With λ₁ ≥ λ₂ the two largest eigenvalues of the
 * weighted centred scatter Σ w p̃ p̃ᵀ (m²), Σw the total weight and M the largest coordinate
 * magnitude of either set (m), double precision (ε = 2.2e-16) predicts a rotation error of
 * about ε·(λ₁/λ₂ + M·√(Σw/λ₂)) rad: the first term is the eigen-solver's (the gap of Horn's
 * matrix is 2(s₂ + s₃), its scale s₁), the second the rounding of the coordinates against the
 * RMS spread off the line. When 16 times that (the terms are orders of magnitude, not bounds)
 * exceeds `KABSCH_EPSILON.rotation` (1e-9 rad) the fit is refused as `collinear` rather than
 * answered with a rotation of unknown accuracy; for five points on a 1 m line placed near the
 * origin that happens at an RMS offset of about 8e-4 m.
 * Use {@link kabschPlanar} for planar odometry.
 *
 * @param p - old points (m).
 * @param q - new points (m), same order and frame.
 * @param weights - optional w_i ≥ 0. Default all 1.
 */
export function kabschSvd(p: readonly Vector3[], q: readonly Vector3[], weights?: readonly number[]): SvdKabschResult {
  if (p.length !== q.length) throw new RangeError(`point sets differ in size: ${p.length} vs ${q.length}`);
  const n = p.length;
  const pf = new Float64Array(3 * n);
  const qf = new Float64Array(3 * n);
  for (let i = 0; i < n; i++) {
    const a = p[i] as Vector3;
    const b = q[i] as Vector3;
    pf.set([a.x, a.y, a.z], 3 * i);
    qf.set([b.x, b.y, b.z], 3 * i);
  }
  const rot = new Float64Array(9);
  const tr = new Float64Array(4);
  const status = kabschSvdInto(rot, tr, pf, qf, weights === undefined ? undefined : Float64Array.from(weights));
  if (status !== "ok") return { ok: false, status };
  return {
    ok: true,
    status,
    rotation: Array.from(rot),
    translation: { x: tr[0] as number, y: tr[1] as number, z: tr[2] as number },
    residual: tr[3] as number,
  };
}

/**
 * Allocation-free {@link kabschSvd}.
 *
 * @param outRotation - out: R, row-major 3×3 (NaN on failure).
 * @param outTranslation - out: [tx, ty, tz (m), residual (m)] (NaN on failure).
 * @param p - old points, interleaved [x0, y0, z0, x1, …] (m).
 * @param q - new points, same layout.
 * @param weights - optional per-point weights ≥ 0.
 * @returns "ok", or why no unique rigid motion exists ("collinear" is a failure in 3-D).
 */
// perf-sensitive
export function kabschSvdInto(
  outRotation: Float64Array,
  outTranslation: Float64Array,
  p: Float64Array,
  q: Float64Array,
  weights?: Float64Array,
): KabschStatus {
  const n = (p.length / 3) | 0;
  if (q.length !== p.length || p.length % 3 !== 0)
    throw new RangeError("p and q must be interleaved (x, y, z) arrays of equal length");
  if (weights !== undefined && weights.length !== n)
    throw new RangeError(`expected ${n} weights, got ${weights.length}`);
  let sw = 0;
  let count = 0;
  let p0 = 0;
  let p1 = 0;
  let p2 = 0;
  let q0 = 0;
  let q1 = 0;
  let q2 = 0;
  for (let i = 0; i < n; i++) {
    const w = weights === undefined ? 1 : (weights[i] as number);
    if (!(w >= 0) || !Number.isFinite(w)) throw new RangeError(`weight ${i} must be finite and ≥ 0`);
    if (w > 0) count++;
    sw += w;
    p0 += w * (p[3 * i] as number);
    p1 += w * (p[3 * i + 1] as number);
    p2 += w * (p[3 * i + 2] as number);
    q0 += w * (q[3 * i] as number);
    q1 += w * (q[3 * i + 1] as number);
    q2 += w * (q[3 * i + 2] as number);
  }
  if (count < 2) return fail(outRotation, outTranslation, "too-few-points");
  p0 /= sw;
  p1 /= sw;
  p2 /= sw;
  q0 /= sw;
  q1 /= sw;
  q2 /= sw;
  H.fill(0);
  let pss = 0;
  let qss = 0;
  for (let i = 0; i < n; i++) {
    const w = weights === undefined ? 1 : (weights[i] as number);
    const a0 = (p[3 * i] as number) - p0;
    const a1 = (p[3 * i + 1] as number) - p1;
    const a2 = (p[3 * i + 2] as number) - p2;
    const b0 = (q[3 * i] as number) - q0;
    const b1 = (q[3 * i + 1] as number) - q1;
    const b2 = (q[3 * i + 2] as number) - q2;
    H[0] = (H[0] as number) + w * a0 * b0;
    H[1] = (H[1] as number) + w * a0 * b1;
    H[2] = (H[2] as number) + w * a0 * b2;
    H[3] = (H[3] as number) + w * a1 * b0;
    H[4] = (H[4] as number) + w * a1 * b1;
    H[5] = (H[5] as number) + w * a1 * b2;
    H[6] = (H[6] as number) + w * a2 * b0;
    H[7] = (H[7] as number) + w * a2 * b1;
    H[8] = (H[8] as number) + w * a2 * b2;
    pss += w * (a0 * a0 + a1 * a1 + a2 * a2);
    qss += w * (b0 * b0 + b1 * b1 + b2 * b2);
  }
  const minSpread = KABSCH_EPSILON.spread * KABSCH_EPSILON.spread * sw;
  if (pss <= minSpread || qss <= minSpread) return fail(outRotation, outTranslation, "coincident");
  const scale = Math.sqrt(pss * qss);
  let hf = 0;
  for (let i = 0; i < 9; i++) hf += (H[i] as number) ** 2;
  if (Math.sqrt(hf) <= KABSCH_EPSILON.relative * scale) return fail(outRotation, outTranslation, "ambiguous");
  if (predictedRotationError(p, q, weights, n, p0, p1, p2, sw) > KABSCH_EPSILON.rotation) {
    return fail(outRotation, outTranslation, "collinear");
  }
  // Best reflection: Horn's method on the z-mirrored old points (H with its third row negated).
  hornInto(H, outRotation, -1);
  const bestMirror = SCORE[0] as number;
  hornInto(H, outRotation, 1);
  const best = SCORE[0] as number;
  if (bestMirror - best > KABSCH_EPSILON.relative * scale) return fail(outRotation, outTranslation, "mirrored");
  const R = outRotation;
  const t0 = q0 - ((R[0] as number) * p0 + (R[1] as number) * p1 + (R[2] as number) * p2);
  const t1 = q1 - ((R[3] as number) * p0 + (R[4] as number) * p1 + (R[5] as number) * p2);
  const t2 = q2 - ((R[6] as number) * p0 + (R[7] as number) * p1 + (R[8] as number) * p2);
  let res = 0;
  for (let i = 0; i < n; i++) {
    const w = weights === undefined ? 1 : (weights[i] as number);
    const x = p[3 * i] as number;
    const y = p[3 * i + 1] as number;
    const z = p[3 * i + 2] as number;
    const e0 = (q[3 * i] as number) - ((R[0] as number) * x + (R[1] as number) * y + (R[2] as number) * z + t0);
    const e1 = (q[3 * i + 1] as number) - ((R[3] as number) * x + (R[4] as number) * y + (R[5] as number) * z + t1);
    const e2 = (q[3 * i + 2] as number) - ((R[6] as number) * x + (R[7] as number) * y + (R[8] as number) * z + t2);
    res += w * (e0 * e0 + e1 * e1 + e2 * e2);
  }
  outTranslation[0] = t0;
  outTranslation[1] = t1;
  outTranslation[2] = t2;
  outTranslation[3] = Math.sqrt(res);
  return "ok";
}

/**
 * Horn's method: the best rotation for the cross-covariance H (rows: old-point components,
 * scaled by `zSign` on z to test the mirror image), written into `r` (row-major, the
 * mirror's z column sign folded back in); the score tr(R·H) it achieves goes to SCORE[0].
 */
// perf-sensitive
function hornInto(h: Float64Array, r: Float64Array, zSign: number): void {
  const sxx = h[0] as number;
  const sxy = h[1] as number;
  const sxz = h[2] as number;
  const syx = h[3] as number;
  const syy = h[4] as number;
  const syz = h[5] as number;
  const szx = zSign * (h[6] as number);
  const szy = zSign * (h[7] as number);
  const szz = zSign * (h[8] as number);
  N[0] = sxx + syy + szz;
  N[1] = syz - szy;
  N[2] = szx - sxz;
  N[3] = sxy - syx;
  N[5] = sxx - syy - szz;
  N[6] = sxy + syx;
  N[7] = szx + sxz;
  N[10] = -sxx + syy - szz;
  N[11] = syz + szy;
  N[15] = -sxx - syy + szz;
  N[4] = N[1] as number;
  N[8] = N[2] as number;
  N[12] = N[3] as number;
  N[9] = N[6] as number;
  N[13] = N[7] as number;
  N[14] = N[11] as number;
  symmetricEigen4Into(N, EVAL, EVEC);
  const w = EVEC[0] as number;
  const x = EVEC[4] as number;
  const y = EVEC[8] as number;
  const z = EVEC[12] as number;
  const k = 1 / (w * w + x * x + y * y + z * z);
  r[0] = (w * w + x * x - y * y - z * z) * k;
  r[1] = 2 * (x * y - w * z) * k;
  r[2] = 2 * (x * z + w * y) * k * zSign;
  r[3] = 2 * (x * y + w * z) * k;
  r[4] = (w * w - x * x + y * y - z * z) * k;
  r[5] = 2 * (y * z - w * x) * k * zSign;
  r[6] = 2 * (x * z - w * y) * k;
  r[7] = 2 * (y * z + w * x) * k;
  r[8] = (w * w - x * x - y * y + z * z) * k * zSign;
  SCORE[0] = EVAL[0] as number;
}

/**
 * The rotation error (rad) double precision is predicted to cause for these old points (see
 * {@link kabschSvd}): ε·(λ₁/λ₂ + M·√(Σw/λ₂)), Infinity when λ₂ is 0.
 */
function predictedRotationError(
  p: Float64Array,
  q: Float64Array,
  weights: Float64Array | undefined,
  n: number,
  c0: number,
  c1: number,
  c2: number,
  sw: number,
): number {
  C.fill(0);
  let m = 0;
  for (let i = 0; i < n; i++) {
    const w = weights === undefined ? 1 : (weights[i] as number);
    const x = p[3 * i] as number;
    const y = p[3 * i + 1] as number;
    const z = p[3 * i + 2] as number;
    if (w > 0) {
      m = Math.max(m, Math.abs(x), Math.abs(y), Math.abs(z));
      m = Math.max(m, Math.abs(q[3 * i] as number), Math.abs(q[3 * i + 1] as number), Math.abs(q[3 * i + 2] as number));
    }
    const a0 = x - c0;
    const a1 = y - c1;
    const a2 = z - c2;
    C[0] = (C[0] as number) + w * a0 * a0;
    C[1] = (C[1] as number) + w * a0 * a1;
    C[2] = (C[2] as number) + w * a0 * a2;
    C[4] = (C[4] as number) + w * a1 * a1;
    C[5] = (C[5] as number) + w * a1 * a2;
    C[8] = (C[8] as number) + w * a2 * a2;
  }
  C[3] = C[1] as number;
  C[6] = C[2] as number;
  C[7] = C[5] as number;
  symmetricEigen3Into(C, CVAL, CVEC);
  const l1 = CVAL[0] as number;
  const l2 = CVAL[1] as number;
  if (!(l2 > 0)) return Infinity;
  return ROUNDING_MARGIN * Number.EPSILON * (l1 / l2 + m * Math.sqrt(sw / l2));
}

/**
 * The estimate's terms are orders of magnitude, not bounds: the eigen-solver rounds to a small
 * multiple of ε·s₁. Random near-collinear sets (three points on a line, one 1e-3 m off it) came
 * within 9× of the bare estimate, so the refusal uses 16× it: a rotation returned is within
 * `KABSCH_EPSILON.rotation`.
 */
const ROUNDING_MARGIN = 16;

function fail(r: Float64Array, t: Float64Array, status: Exclude<KabschStatus, "ok">): Exclude<KabschStatus, "ok"> {
  r.fill(NaN);
  t.fill(NaN);
  return status;
}
