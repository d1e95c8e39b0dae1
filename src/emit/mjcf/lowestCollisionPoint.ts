import type { Geometry } from "../../model/Geometry.js";
import { linkPoses } from "../../model/linkPoses.js";
import { composePoses, IDENTITY_POSE, rotationFromRpy } from "../../model/Pose.js";
import type { Robot } from "../../model/Robot.js";
import { assertNever } from "../../util/assertNever.js";

/**
 * Height (m) of the lowest point of any collision shape, in the root link's frame with all
 * joints at zero. MJCF places the root body this far up so the robot starts touching the
 * floor (z = 0) instead of falling onto it or starting inside it. Meshes and planes are skipped (their
 * extent is unknown without the file); returns undefined when no shape is measurable.
 */
export function lowestCollisionPoint(robot: Robot): number | undefined {
  const poses = linkPoses(robot);
  let lowest: number | undefined;
  for (const link of robot.links) {
    const root_T_link = poses.get(link.name);
    if (root_T_link === undefined) continue;
    for (const c of link.collisions ?? []) {
      const root_T_shape = composePoses(root_T_link, c.origin ?? IDENTITY_POSE);
      const r = rotationFromRpy(root_T_shape.rpy);
      const z = root_T_shape.xyz[2] - downwardExtent(c.geometry, [r[2][0], r[2][1], r[2][2]]);
      if (Number.isNaN(z)) continue;
      lowest = lowest === undefined ? z : Math.min(lowest, z);
    }
  }
  return lowest;
}

/**
 * How far a shape reaches below its centre along world −z. `zRow` is the third row of
 * root_R_shape: the world z component of the shape's x, y and z axes.
 */
function downwardExtent(g: Geometry, zRow: readonly [number, number, number]): number {
  const az = Math.min(1, Math.abs(zRow[2]));
  const radial = Math.sqrt(Math.max(0, 1 - az * az));
  switch (g.type) {
    case "box":
      return (Math.abs(zRow[0]) * g.size[0] + Math.abs(zRow[1]) * g.size[1] + Math.abs(zRow[2]) * g.size[2]) / 2;
    case "cylinder":
      return (g.length / 2) * az + g.radius * radial;
    case "capsule":
      return (g.length / 2) * az + g.radius;
    case "sphere":
      return g.radius;
    case "mesh":
    // A plane reaches as far as it is tilted, without bound: it places nothing.
    case "plane":
      return Number.NaN;
    default:
      assertNever(g, "geometry type");
  }
}
