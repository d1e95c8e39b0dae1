/**
 * SDF's default position limit (rad or m): a revolute joint limited to ±this is continuous.
 * Written for URDF continuous joints in SDF before 1.10, and recognised by the SDF reader.
 */
export const UNLIMITED_POSITION = 1e16;

/** Name given to the n-th (0-based) unnamed visual or collision of a link; the readers drop it again. */
export function defaultShapeName(tag: "visual" | "collision", index: number): string {
  return `${tag}_${index}`;
}
