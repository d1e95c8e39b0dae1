import type { Rgba } from "./Vector.js";

/** A named material, declared once on the robot and referenced by name from visuals. */
export interface Material {
  readonly name: string;
  /** RGBA in [0, 1]. */
  readonly rgba: Rgba;
  /** Optional texture file URI. */
  readonly texture?: string;
}
