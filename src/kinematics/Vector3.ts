/** A point or vector in 3-D (m), in a frame stated by the caller (REP-103 axes). */
export interface Vector3 {
  /** x (m). */
  readonly x: number;
  /** y (m). */
  readonly y: number;
  /** z (m). */
  readonly z: number;
}
