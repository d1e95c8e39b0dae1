import type { Geometry } from "../../src/model/Geometry.js";
import { linkPoses } from "../../src/model/linkPoses.js";
import { composePoses, IDENTITY_POSE, transformPoint, type Pose } from "../../src/model/Pose.js";
import type { Robot } from "../../src/model/Robot.js";
import type { Vec3 } from "../../src/model/Vector.js";

/** A world-placed primitive (all joints at zero). */
interface Placed {
  readonly link: string;
  readonly pose: Pose;
  readonly geometry: Geometry;
}

/** Axis-aligned bounds [min, max] in the root frame. */
type Aabb = readonly [Vec3, Vec3];

function corners(g: Geometry): Vec3[] {
  const h = ((): Vec3 | undefined => {
    switch (g.type) {
      case "box":
        return [g.size[0] / 2, g.size[1] / 2, g.size[2] / 2];
      case "cylinder":
        return [g.radius, g.radius, g.length / 2];
      case "capsule":
        return [g.radius, g.radius, g.length / 2 + g.radius];
      case "sphere":
        return [g.radius, g.radius, g.radius];
      default:
        return undefined;
    }
  })();
  if (h === undefined) return [];
  const out: Vec3[] = [];
  for (const sx of [-1, 1])
    for (const sy of [-1, 1]) for (const sz of [-1, 1]) out.push([sx * h[0], sy * h[1], sz * h[2]]);
  return out;
}

function aabb(p: Placed): Aabb | undefined {
  if (p.geometry.type === "sphere") {
    const c = transformPoint(p.pose, [0, 0, 0]);
    const r = p.geometry.radius;
    return [
      [c[0] - r, c[1] - r, c[2] - r],
      [c[0] + r, c[1] + r, c[2] + r],
    ];
  }
  const pts = corners(p.geometry).map((c) => transformPoint(p.pose, c));
  if (pts.length === 0) return undefined;
  const min: Vec3 = [
    Math.min(...pts.map((q) => q[0])),
    Math.min(...pts.map((q) => q[1])),
    Math.min(...pts.map((q) => q[2])),
  ];
  const max: Vec3 = [
    Math.max(...pts.map((q) => q[0])),
    Math.max(...pts.map((q) => q[1])),
    Math.max(...pts.map((q) => q[2])),
  ];
  return [min, max];
}

function placed(robot: Robot, kind: "collisions" | "visuals"): Placed[] {
  const poses = linkPoses(robot);
  return robot.links.flatMap((l) =>
    (l[kind] ?? []).map((s) => ({
      link: l.name,
      pose: composePoses(poses.get(l.name) ?? IDENTITY_POSE, s.origin ?? IDENTITY_POSE),
      geometry: s.geometry,
    })),
  );
}

/** Links joined by a joint (parent–child; only fixed joints unless `moving`), which may touch or interpenetrate at the joint. */
function joinedPairs(robot: Robot, moving: boolean): Set<string> {
  const out = new Set<string>();
  for (const j of robot.joints ?? []) {
    if (!moving && j.type !== "fixed") continue;
    out.add(`${j.parent}|${j.child}`);
    out.add(`${j.child}|${j.parent}`);
  }
  return out;
}

/** Penetration depth (m) of two AABBs: the smallest overlap over the three axes (≤ 0: apart or touching). */
function depth(a: Aabb, b: Aabb): number {
  return Math.min(...[0, 1, 2].map((i) => Math.min(a[1][i]!, b[1][i]!) - Math.max(a[0][i]!, b[0][i]!)));
}

/** Exact penetration of two spheres (m). */
function sphereDepth(a: Placed, b: Placed): number {
  if (a.geometry.type !== "sphere" || b.geometry.type !== "sphere") return 0;
  const p = transformPoint(a.pose, [0, 0, 0]);
  const q = transformPoint(b.pose, [0, 0, 0]);
  return a.geometry.radius + b.geometry.radius - Math.hypot(p[0] - q[0], p[1] - q[1], p[2] - q[2]);
}

/**
 * Broad phase on primitive collision shapes (exact for two spheres) at zero joint positions: pairs of shapes of
 * different links that no joint joins whose root-frame AABBs interpenetrate by more than
 * `tolerance` (m). Exact for axis-aligned boxes and cylinders (conservative otherwise),
 * so a reported pair is worth a look and an empty list means no overlap.
 *
 * `exemptMovingJoints: false` also checks parent and child of non-fixed joints (a wheel
 * must not spin through its steering post).
 */
export function collisionOverlaps(
  robot: Robot,
  options: { readonly tolerance?: number; readonly exemptMovingJoints?: boolean } = {},
): string[] {
  const tolerance = options.tolerance ?? 1e-4;
  const shapes = placed(robot, "collisions");
  const joined = joinedPairs(robot, options.exemptMovingJoints ?? true);
  const boxes = shapes.map(aabb);
  const out: string[] = [];
  for (let i = 0; i < shapes.length; i++) {
    for (let k = i + 1; k < shapes.length; k++) {
      const a = shapes[i]!;
      const b = shapes[k]!;
      const ba = boxes[i];
      const bb = boxes[k];
      if (a.link === b.link || joined.has(`${a.link}|${b.link}`) || ba === undefined || bb === undefined) continue;
      const d = a.geometry.type === "sphere" && b.geometry.type === "sphere" ? sphereDepth(a, b) : depth(ba, bb);
      if (d > tolerance)
        out.push(
          `${a.link} (${a.geometry.type}) overlaps ${b.link} (${b.geometry.type}) by ${(d * 1000).toFixed(1)} mm`,
        );
    }
  }
  return out;
}

/**
 * Coincident faces (z-fighting in RViz): two visual shapes of different links, both axis-
 * aligned in the root frame, with a face in the same plane, facing the same way, whose
 * extents overlap with positive area. Box faces and cylinder caps (as their square bounds).
 */
export function coincidentFaces(robot: Robot, tolerance = 1e-6): string[] {
  const shapes = placed(robot, "visuals");
  const out: string[] = [];
  const faces = shapes.flatMap((s) => {
    if (s.geometry.type !== "box" && s.geometry.type !== "cylinder") return [];
    if (s.pose.rpy.some((r) => Math.abs(Math.sin(r)) > 1e-9)) return [];
    const box = aabb(s);
    if (box === undefined) return [];
    const axes = s.geometry.type === "box" ? [0, 1, 2] : [2];
    return axes.flatMap((axis) =>
      [-1, 1].map((sign) => ({ s, axis, sign, at: sign < 0 ? box[0][axis]! : box[1][axis]!, box })),
    );
  });
  for (let i = 0; i < faces.length; i++) {
    for (let k = i + 1; k < faces.length; k++) {
      const f = faces[i]!;
      const g = faces[k]!;
      if (f.s.link === g.s.link || f.axis !== g.axis || f.sign !== g.sign || Math.abs(f.at - g.at) > tolerance)
        continue;
      const others = [0, 1, 2].filter((a) => a !== f.axis);
      const area = others.map((a) => Math.min(f.box[1][a]!, g.box[1][a]!) - Math.max(f.box[0][a]!, g.box[0][a]!));
      if (area.every((x) => x > tolerance))
        out.push(
          `${f.s.link} and ${g.s.link} share a face at ${"xyz"[f.axis]} = ${f.at.toFixed(4)} m (facing ${f.sign > 0 ? "+" : "-"}${"xyz"[f.axis]})`,
        );
    }
  }
  return out;
}

/** Gap (m) between the visual AABBs of two links, 0 when they touch or overlap. */
export function visualGap(robot: Robot, a: string, b: string): number {
  const shapes = placed(robot, "visuals");
  let best = Infinity;
  for (const p of shapes.filter((s) => s.link === a)) {
    for (const q of shapes.filter((s) => s.link === b)) {
      const pa = aabb(p);
      const qa = aabb(q);
      if (pa === undefined || qa === undefined) continue;
      const gap = Math.max(0, ...[0, 1, 2].map((i) => Math.max(pa[0][i]! - qa[1][i]!, qa[0][i]! - pa[1][i]!)));
      best = Math.min(best, gap);
    }
  }
  return best;
}
