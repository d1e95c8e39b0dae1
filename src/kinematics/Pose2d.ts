/** A planar pose: position (m) and heading (rad, CCW from +x, in (−π, π]) in a fixed frame such as odom. */
export interface Pose2d {
  /** x (m). */
  readonly x: number;
  /** y (m). */
  readonly y: number;
  /** Heading (rad), wrapped to (−π, π]. */
  readonly theta: number;
}
