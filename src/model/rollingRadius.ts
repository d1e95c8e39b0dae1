import type { Geometry } from "./Geometry.js";
import { jointAxis, type Joint } from "./Joint.js";
import { composePoses, IDENTITY_POSE, invertPose, transformPoint, type Pose } from "./Pose.js";
import type { Robot } from "./Robot.js";
import type { Vec3 } from "./Vector.js";

/**
 * Rolling radius (m) of the wheel a joint spins: the wheel link's first cylinder or sphere
 * collision; when it has none (an omni or mecanum wheel whose rollers alone touch the floor),
 * the rolling envelope of the links it carries: the largest distance from the wheel joint's
 * axis reached by their sphere and capsule collisions, at zero joint positions. Undefined
 * when neither exists. `poses` are {@link linkPoses}' root_T_link.
 */
export function rollingRadius(robot: Robot, wheel: Joint, poses: ReadonlyMap<string, Pose>): number | undefined {
  const linkName = wheel.child;
  const link = robot.links.find((l) => l.name === linkName);
  const round = (g: Geometry): number | undefined =>
    g.type === "cylinder" || g.type === "sphere" ? g.radius : undefined;
  for (const c of link?.collisions ?? []) {
    const r = round(c.geometry);
    if (r !== undefined) return r;
  }
  return rollingEnvelope(robot, wheel, poses);
}

/**
 * Largest distance (m) from the wheel joint's axis (through the wheel link's origin) reached
 * by the sphere and capsule collisions of the links below the wheel link, all joints at
 * zero; undefined when there are none. Exact for these shapes: a ball's farthest point from
 * a line lies at its centre's distance plus its radius, and that distance is convex along a
 * capsule's segment, so its maximum is at an end.
 */
function rollingEnvelope(robot: Robot, wheel: Joint, poses: ReadonlyMap<string, Pose>): number | undefined {
  const root_T_wheel = poses.get(wheel.child);
  if (root_T_wheel === undefined) return undefined;
  const wheel_T_root = invertPose(root_T_wheel);
  const a = jointAxis(wheel) ?? [1, 0, 0];
  const norm = Math.hypot(a[0], a[1], a[2]);
  const fromAxis = (p: Vec3): number => {
    const along = (p[0] * a[0] + p[1] * a[1] + p[2] * a[2]) / norm;
    return Math.sqrt(Math.max(0, p[0] * p[0] + p[1] * p[1] + p[2] * p[2] - along * along));
  };
  const below = new Set<string>();
  const queue = [wheel.child];
  for (let name = queue.pop(); name !== undefined; name = queue.pop()) {
    for (const j of robot.joints ?? []) {
      if (j.parent === name && !below.has(j.child)) {
        below.add(j.child);
        queue.push(j.child);
      }
    }
  }
  let reach: number | undefined;
  for (const l of robot.links) {
    const root_T_link = poses.get(l.name);
    if (!below.has(l.name) || root_T_link === undefined) continue;
    const wheel_T_link = composePoses(wheel_T_root, root_T_link);
    for (const c of l.collisions ?? []) {
      const wheel_T_shape = composePoses(wheel_T_link, c.origin ?? IDENTITY_POSE);
      const g = c.geometry;
      let r: number | undefined;
      if (g.type === "sphere") r = fromAxis(wheel_T_shape.xyz) + g.radius;
      else if (g.type === "capsule") {
        const ends = [
          transformPoint(wheel_T_shape, [0, 0, g.length / 2]),
          transformPoint(wheel_T_shape, [0, 0, -g.length / 2]),
        ];
        r = Math.max(...ends.map(fromAxis)) + g.radius;
      }
      if (r !== undefined) reach = Math.max(reach ?? r, r);
    }
  }
  return reach;
}
