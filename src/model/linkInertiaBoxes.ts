import { equivalentInertiaBox, type InertiaBox } from "./equivalentInertiaBox.js";
import { type GeometrySolid, geometrySolid, type MeshMeasurer } from "./geometrySolid.js";
import type { Robot } from "./Robot.js";

/** The two inertia boxes of one link: the file's, and its geometry's. */
export interface LinkInertiaBoxes {
  readonly link: string;
  /** kg. */
  readonly mass: number;
  /** The box of the link's own `<inertial>` (link frame). */
  readonly file: InertiaBox;
  /**
   * The box of the uniform solid of the same mass filling the link's collision shapes (visual
   * ones when it has none), link frame; absent when they cannot all be measured.
   */
  readonly geometry?: InertiaBox & Pick<GeometrySolid, "source" | "density" | "volume" | "exact">;
}

/**
 * For every link with an inertial (positive, finite mass and a finite tensor): the equivalent
 * box of its inertial and of its geometry's solid ({@link geometrySolid}, meshes measured by
 * `measureMesh`), in link order. Where the two disagree, the file's mass distribution does not
 * match the shape it draws.
 */
export function linkInertiaBoxes(robot: Robot, measureMesh: MeshMeasurer): LinkInertiaBoxes[] {
  const out: LinkInertiaBoxes[] = [];
  for (const link of robot.links) {
    if (link.inertial === undefined) continue;
    const file = equivalentInertiaBox(link.inertial);
    if (file === undefined) continue;
    const solid = geometrySolid(link, measureMesh);
    const box = solid === undefined ? undefined : equivalentInertiaBox(solid.inertial);
    out.push({
      link: link.name,
      mass: link.inertial.mass,
      file,
      ...(solid === undefined || box === undefined
        ? {}
        : {
            geometry: {
              ...box,
              source: solid.source,
              density: solid.density,
              volume: solid.volume,
              exact: solid.exact,
            },
          }),
    });
  }
  return out;
}
