/** A point or vector in the plane of the base frame (REP-103: x forward, y left), in m. */
export interface Vector2 {
  /** x (m), forward. */
  readonly x: number;
  /** y (m), left. */
  readonly y: number;
}
