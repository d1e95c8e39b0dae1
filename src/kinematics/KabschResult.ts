import type { Vector2 } from "./Vector2.js";

/**
 * Outcome code of a Kabsch fit (the allocation-free forms return it directly).
 * Valid fits:
 * - `ok`: the rigid motion is unique.
 * - `collinear`: the old points lie on one line. In the plane the rotation is still
 *   unique (valid result); the 3-D fit reports it as a failure, since a rotation about
 *   that line cannot be observed, and also when the points are merely so near one line
 *   that double precision cannot resolve that rotation to 1e-9 rad (see kabschSvd).
 * Failures (outputs are set to NaN):
 * - `too-few-points`: fewer than two points with positive weight.
 * - `coincident`: the old or new points have no spread (all at one place).
 * - `mirrored`: a reflection fits the points strictly better than any rotation
 *   (the new set is a mirror image of the old one); no rigid motion explains it.
 * - `ambiguous`: every rotation fits equally well (cross-covariance ~0).
 * - `not-converged`: an iterative fit ({@link KabschWheelOdometry}) ran out of iterations;
 *   its output holds the last iterate.
 */
export type KabschStatus =
  | "ok"
  | "collinear"
  | "too-few-points"
  | "coincident"
  | "mirrored"
  | "ambiguous"
  | "not-converged";

/** Whether a {@link KabschStatus} carries a usable rigid motion. */
export function isKabschValid(status: KabschStatus): boolean {
  return status === "ok" || status === "collinear";
}

/** A planar Kabsch fit Q ≈ R(dθ)·P + t. */
export type PlanarKabschResult =
  | {
      readonly ok: true;
      /** `ok`, or `collinear` (old points on one line; the planar fit is still unique). */
      readonly status: "ok" | "collinear";
      /** Rotation (rad), CCW positive, in (−π, π]. */
      readonly dtheta: number;
      /** Translation t (m): where the frame origin of P moves, in P's frame. */
      readonly translation: Vector2;
      /** √(Σ w_i |Q_i − (R P_i + t)|²) (m). */
      readonly residual: number;
    }
  | { readonly ok: false; readonly status: Exclude<KabschStatus, "ok" | "collinear"> };

/**
 * The ergonomic result of an allocation-free planar fit: `out` is [dθ (rad), tx (m), ty (m),
 * residual (m)] as the `...Into` forms write it.
 */
export function toPlanarKabschResult(status: KabschStatus, out: Float64Array): PlanarKabschResult {
  if (status === "ok" || status === "collinear") {
    return {
      ok: true,
      status,
      dtheta: out[0] as number,
      translation: { x: out[1] as number, y: out[2] as number },
      residual: out[3] as number,
    };
  }
  return { ok: false, status };
}
