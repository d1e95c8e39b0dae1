import { toPlanarKabschResult, type KabschStatus, type PlanarKabschResult } from "./KabschResult.js";
import type { Vector2 } from "./Vector2.js";
import { canonicalAtan2 } from "../util/wrapAngle.js";

/** Default tolerances of the Kabsch fits. */
export const KABSCH_EPSILON = {
  /** RMS spread (m) at or below which a point set counts as coincident. */
  spread: 1e-9,
  /** Relative tolerance for the mirrored and ambiguous tests. */
  relative: 1e-9,
  /** Minor-to-major RMS spread ratio at or below which the old points count as collinear. */
  collinear: 1e-6,
  /**
   * Rotation error (rad) that double precision may be predicted to cause in a 3-D fit before
   * its old points count as collinear ({@link kabschSvd}); the measured error stays within a
   * few times this.
   */
  rotation: 1e-9,
} as const;

/**
 * Planar weighted Kabsch, closed form (the default for wheel odometry): finds the rotation
 * dθ and translation t minimising Σ w_i |Q_i − (R(dθ) P_i + t)|². With centred points
 * p̃, q̃ and H = Σ w p̃ q̃ᵀ: C = H₀₀ + H₁₁, S = H₀₁ − H₁₀, dθ = atan2(S, C),
 * t = q̄ − R p̄. Because Σw|q̃ − R p̃|² = const − 2(C cos θ + S sin θ), this is the exact
 * minimiser over proper rotations; no SVD, no reflection fix needed. Degenerate input is
 * reported (see {@link KabschStatus}), never answered silently.
 *
 * @param p - old points (m), e.g. wheel contact points in the old body frame.
 * @param q - new points (m), same order, in the same frame.
 * @param weights - optional w_i ≥ 0 (e.g. 0 removes a slipping wheel). Default all 1.
 */
export function kabschPlanar(
  p: readonly Vector2[],
  q: readonly Vector2[],
  weights?: readonly number[],
): PlanarKabschResult {
  if (p.length !== q.length) throw new RangeError(`point sets differ in size: ${p.length} vs ${q.length}`);
  const n = p.length;
  const pf = new Float64Array(2 * n);
  const qf = new Float64Array(2 * n);
  for (let i = 0; i < n; i++) {
    const a = p[i] as Vector2;
    const b = q[i] as Vector2;
    pf[2 * i] = a.x;
    pf[2 * i + 1] = a.y;
    qf[2 * i] = b.x;
    qf[2 * i + 1] = b.y;
  }
  const w = weights === undefined ? undefined : Float64Array.from(weights);
  const out = new Float64Array(4);
  const status = kabschPlanarInto(out, pf, qf, w);
  return toPlanarKabschResult(status, out);
}

/**
 * Allocation-free {@link kabschPlanar}.
 *
 * @param out - out: [dθ (rad), tx (m), ty (m), residual (m)]; all NaN on failure.
 * @param p - old points, interleaved [x0, y0, x1, y1, …] (m).
 * @param q - new points, same layout and length.
 * @param weights - optional per-point weights ≥ 0, length p.length / 2.
 * @returns the status; the result is usable when it is "ok" or "collinear".
 * @throws RangeError on mismatched lengths or a negative / non-finite weight (API misuse).
 */
// perf-sensitive
export function kabschPlanarInto(
  out: Float64Array,
  p: Float64Array,
  q: Float64Array,
  weights?: Float64Array,
): KabschStatus {
  const n = p.length >> 1;
  if (q.length !== p.length || (p.length & 1) !== 0)
    throw new RangeError("p and q must be interleaved (x, y) arrays of equal length");
  // One pass of weighted sums about a shift (the first point of each set), then centred by
  // the shifted-data formulas: Σw(a−ā)(b−b̄) = Σw a b − (Σw a)(Σw b)/W. The shift keeps the
  // cancellation relative to the spread of the points, not their distance from the origin.
  const ox = p[0] as number;
  const oy = p[1] as number;
  const rx = q[0] as number;
  const ry = q[1] as number;
  let sw = 0;
  let count = 0;
  let sax = 0;
  let say = 0;
  let sbx = 0;
  let sby = 0;
  let hxx = 0;
  let hxy = 0;
  let hyx = 0;
  let hyy = 0;
  let pxx = 0;
  let pyy = 0;
  let pxy = 0;
  let qss = 0;
  if (weights !== undefined && weights.length !== n)
    throw new RangeError(`expected ${n} weights, got ${weights.length}`);
  for (let i = 0; i < n; i++) {
    let w = 1;
    if (weights !== undefined) {
      w = weights[i] as number;
      if (!(w >= 0) || w === Infinity) throw new RangeError(`weight ${i} must be finite and ≥ 0`);
    }
    if (w > 0) count++;
    const ax = (p[2 * i] as number) - ox;
    const ay = (p[2 * i + 1] as number) - oy;
    const bx = (q[2 * i] as number) - rx;
    const by = (q[2 * i + 1] as number) - ry;
    const wax = w * ax;
    const way = w * ay;
    sw += w;
    sax += wax;
    say += way;
    sbx += w * bx;
    sby += w * by;
    hxx += wax * bx;
    hxy += wax * by;
    hyx += way * bx;
    hyy += way * by;
    pxx += wax * ax;
    pyy += way * ay;
    pxy += wax * ay;
    qss += w * (bx * bx + by * by);
  }
  if (count < 2) return fail(out, "too-few-points");
  const inv = 1 / sw;
  const max = sax * inv;
  const may = say * inv;
  const mbx = sbx * inv;
  const mby = sby * inv;
  hxx -= sax * mbx;
  hxy -= sax * mby;
  hyx -= say * mbx;
  hyy -= say * mby;
  pxx -= sax * max;
  pyy -= say * may;
  pxy -= sax * may;
  qss -= sbx * mbx + sby * mby;
  const pxm = ox + max;
  const pym = oy + may;
  const qxm = rx + mbx;
  const qym = ry + mby;
  const pss = pxx + pyy;
  const minSpread = KABSCH_EPSILON.spread * KABSCH_EPSILON.spread * sw;
  if (pss <= minSpread || qss <= minSpread) return fail(out, "coincident");
  const c = hxx + hyy;
  const s = hxy - hyx;
  // Best reflection's score; it beats the best rotation only when det H < 0.
  const cm = hxx - hyy;
  const sm = hxy + hyx;
  const rot = Math.sqrt(c * c + s * s);
  const ref = Math.sqrt(cm * cm + sm * sm);
  const scale = Math.sqrt(pss * qss);
  if (ref - rot > KABSCH_EPSILON.relative * scale) return fail(out, "mirrored");
  if (rot <= KABSCH_EPSILON.relative * scale) return fail(out, "ambiguous");
  // cos and sin of dθ come straight from (C, S); atan2 only for the angle itself.
  const ct = c / rot;
  const st = s / rot;
  const tx = qxm - (ct * pxm - st * pym);
  const ty = qym - (st * pxm + ct * pym);
  // Residual from the centred points: q̃ − R p̃ (no cancellation for small residuals).
  let res = 0;
  for (let i = 0; i < n; i++) {
    const w = weights === undefined ? 1 : (weights[i] as number);
    const ax = (p[2 * i] as number) - pxm;
    const ay = (p[2 * i + 1] as number) - pym;
    const ex = (q[2 * i] as number) - qxm - (ct * ax - st * ay);
    const ey = (q[2 * i + 1] as number) - qym - (st * ax + ct * ay);
    res += w * (ex * ex + ey * ey);
  }
  out[0] = canonicalAtan2(s, c);
  out[1] = tx;
  out[2] = ty;
  out[3] = Math.sqrt(res);
  const collinear = pxx * pyy - pxy * pxy <= KABSCH_EPSILON.collinear * KABSCH_EPSILON.collinear * pss * pss;
  return collinear ? "collinear" : "ok";
}

function fail(out: Float64Array, status: KabschStatus): KabschStatus {
  out[0] = NaN;
  out[1] = NaN;
  out[2] = NaN;
  out[3] = NaN;
  return status;
}
