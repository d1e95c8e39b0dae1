import type { Vec3 } from "../../model/Vector.js";

/** Parameters of a vineyard block (Sharifi et al. 2018, Fig. 2): rows along +x, stacked along +y. Lengths in m. */
export interface VineyardParams {
  /** Distance between row centre lines (m), > 0. */
  readonly rowSpacing: number;
  /** Distance between plants in a row (m), > 0. */
  readonly plantSpacing: number;
  readonly rowCount: number;
  readonly plantsPerRow: number;
  /** First plant of the first row, in the world frame (m). */
  readonly origin: Vec3;
  /** Trunk radius and height (m); canopy width (across the row) and height (m). */
  readonly trunkRadius: number;
  readonly trunkHeight: number;
  readonly canopyWidth: number;
  readonly canopyHeight: number;
}

/** One static box or cylinder of a world (pose in the world frame, z of the shape's centre). */
export interface StaticShape {
  readonly name: string;
  readonly shape:
    | { readonly type: "box"; readonly size: Vec3 }
    | { readonly type: "cylinder"; readonly radius: number; readonly length: number };
  readonly position: Vec3;
  readonly rgba: readonly [number, number, number, number];
}

/** A static model of a world: shapes that never move. */
export interface StaticObject {
  readonly name: string;
  readonly shapes: readonly StaticShape[];
}

/**
 * The vines of a vineyard as static objects, one per row: per plant a trunk cylinder and a
 * canopy box on top of it, the canopy running along the row. Throws RangeError on a
 * non-positive spacing or count.
 */
export function vineyard(p: VineyardParams): StaticObject[] {
  for (const [name, v] of [
    ["rowSpacing", p.rowSpacing],
    ["plantSpacing", p.plantSpacing],
    ["rowCount", p.rowCount],
    ["plantsPerRow", p.plantsPerRow],
  ] as const) {
    if (!(v > 0) || !Number.isFinite(v)) throw new RangeError(`vineyard: ${name} must be > 0, got ${String(v)}`);
  }
  const trunkColour = [0.35, 0.22, 0.1, 1] as const;
  const leafColour = [0.15, 0.5, 0.12, 1] as const;
  return Array.from({ length: p.rowCount }, (_, r) => ({
    name: `vine_row_${r + 1}`,
    shapes: Array.from({ length: p.plantsPerRow }, (_, k) => {
      const x = p.origin[0] + k * p.plantSpacing;
      const y = p.origin[1] + r * p.rowSpacing;
      return [
        {
          name: `trunk_${k + 1}`,
          shape: { type: "cylinder", radius: p.trunkRadius, length: p.trunkHeight },
          position: [x, y, p.origin[2] + p.trunkHeight / 2],
          rgba: trunkColour,
        },
        {
          name: `canopy_${k + 1}`,
          shape: { type: "box", size: [p.plantSpacing, p.canopyWidth, p.canopyHeight] },
          position: [x, y, p.origin[2] + p.trunkHeight + p.canopyHeight / 2],
          rgba: leafColour,
        },
      ] satisfies StaticShape[];
    }).flat(),
  }));
}
