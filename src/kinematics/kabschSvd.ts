import { KABSCH_EPSILON } from "./kabschPlanar.js";
import type { KabschStatus } from "./KabschResult.js";
import { symmetricEigen3Into } from "../util/symmetricEigen3.js";
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
const B = new Float64Array(9);
const EVAL = new Float64Array(3);
const V = new Float64Array(9);

/**
 * Weighted Kabsch in 3-D, the SVD form of seed 003 eqs. 12–13: A = P̃ᵀQ̃ = V S Wᵀ,
 * R = W diag(1, 1, d) Vᵀ with d = sign(det(W Vᵀ)) (here written H = U Σ Vᵀ,
 * R = V diag(1, 1, d) Uᵀ). The SVD comes from a Jacobi eigen-decomposition of HᵀH, with
 * U built by Gram–Schmidt and completed by a cross product, so planar (rank-2) point sets
 * are handled. Use {@link kabschPlanar} for planar odometry: a 2-D problem padded with
 * z = 0 becomes rank-deficient here when the points are collinear.
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
  if (q.length !== p.length || p.length % 3 !== 0) throw new RangeError("p and q must be interleaved (x, y, z) arrays of equal length");
  if (weights !== undefined && weights.length !== n) throw new RangeError(`expected ${n} weights, got ${weights.length}`);
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
  // B = HᵀH; its eigenvectors are the right singular vectors V of H.
  for (let r = 0; r < 3; r++) {
    for (let c = 0; c < 3; c++) {
      B[3 * r + c] =
        (H[r] as number) * (H[c] as number) + (H[3 + r] as number) * (H[3 + c] as number) + (H[6 + r] as number) * (H[6 + c] as number);
    }
  }
  symmetricEigen3Into(B, EVAL, V);
  const scale = Math.sqrt(pss * qss);
  const s1 = Math.sqrt(Math.max(0, EVAL[0] as number));
  const s2 = Math.sqrt(Math.max(0, EVAL[1] as number));
  if (s1 <= KABSCH_EPSILON.relative * scale) return fail(outRotation, outTranslation, "ambiguous");
  if (s2 <= KABSCH_EPSILON.collinear * s1) return fail(outRotation, outTranslation, "collinear");
  // u1 = H v1 / |H v1|, u2 = Gram–Schmidt of H v2, u3 = u1 × u2.
  let u10 = (H[0] as number) * (V[0] as number) + (H[1] as number) * (V[3] as number) + (H[2] as number) * (V[6] as number);
  let u11 = (H[3] as number) * (V[0] as number) + (H[4] as number) * (V[3] as number) + (H[5] as number) * (V[6] as number);
  let u12 = (H[6] as number) * (V[0] as number) + (H[7] as number) * (V[3] as number) + (H[8] as number) * (V[6] as number);
  let k = 1 / Math.sqrt(u10 * u10 + u11 * u11 + u12 * u12);
  u10 *= k;
  u11 *= k;
  u12 *= k;
  let u20 = (H[0] as number) * (V[1] as number) + (H[1] as number) * (V[4] as number) + (H[2] as number) * (V[7] as number);
  let u21 = (H[3] as number) * (V[1] as number) + (H[4] as number) * (V[4] as number) + (H[5] as number) * (V[7] as number);
  let u22 = (H[6] as number) * (V[1] as number) + (H[7] as number) * (V[4] as number) + (H[8] as number) * (V[7] as number);
  const d = u10 * u20 + u11 * u21 + u12 * u22;
  u20 -= d * u10;
  u21 -= d * u11;
  u22 -= d * u12;
  k = 1 / Math.sqrt(u20 * u20 + u21 * u21 + u22 * u22);
  u20 *= k;
  u21 *= k;
  u22 *= k;
  const u30 = u11 * u22 - u12 * u21;
  const u31 = u12 * u20 - u10 * u22;
  const u32 = u10 * u21 - u11 * u20;
  // Signed third singular value: u3 · (H v3). Negative means a reflection fits better.
  const s3 =
    u30 * ((H[0] as number) * (V[2] as number) + (H[1] as number) * (V[5] as number) + (H[2] as number) * (V[8] as number)) +
    u31 * ((H[3] as number) * (V[2] as number) + (H[4] as number) * (V[5] as number) + (H[5] as number) * (V[8] as number)) +
    u32 * ((H[6] as number) * (V[2] as number) + (H[7] as number) * (V[5] as number) + (H[8] as number) * (V[8] as number));
  if (s3 < -KABSCH_EPSILON.relative * scale) return fail(outRotation, outTranslation, "mirrored");
  // R = V Uᵀ with both bases right-handed (the d-fix of eq. 13 folded into the signs).
  for (let r = 0; r < 3; r++) {
    const v0 = V[3 * r] as number;
    const v1 = V[3 * r + 1] as number;
    const v2 = V[3 * r + 2] as number;
    outRotation[3 * r] = v0 * u10 + v1 * u20 + v2 * u30;
    outRotation[3 * r + 1] = v0 * u11 + v1 * u21 + v2 * u31;
    outRotation[3 * r + 2] = v0 * u12 + v1 * u22 + v2 * u32;
  }
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

function fail(r: Float64Array, t: Float64Array, status: Exclude<KabschStatus, "ok">): Exclude<KabschStatus, "ok"> {
  r.fill(NaN);
  t.fill(NaN);
  return status;
}
