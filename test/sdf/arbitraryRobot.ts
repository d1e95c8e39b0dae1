import fc from "fast-check";

import type { Geometry } from "../../src/model/Geometry.js";
import type { Joint } from "../../src/model/Joint.js";
import type { Collision, Link, Visual } from "../../src/model/Link.js";
import type { Pose } from "../../src/model/Pose.js";
import type { Robot } from "../../src/model/Robot.js";
import type { Vec3 } from "../../src/model/Vector.js";

/** Which joint types and shapes a generated robot may use. */
export interface ArbitraryRobotOptions {
  readonly jointTypes?: readonly Joint["type"][];
  readonly geometries?: readonly Geometry["type"][];
  /** Allow mimic joints (default true). */
  readonly mimic?: boolean;
  readonly maxLinks?: number;
}

const ALL_JOINTS: readonly Joint["type"][] = ["fixed", "revolute", "continuous", "prismatic", "floating", "planar"];
const ALL_SHAPES: readonly Geometry["type"][] = ["box", "cylinder", "sphere", "capsule", "mesh"];
/** The joint types and shapes SDF has and URDF lacks (opt in through the options; gearbox is no tree edge). */
export const SDF_ONLY_JOINTS: readonly Joint["type"][] = ["ball", "universal", "revolute2", "screw"];
export const SDF_ONLY_SHAPES: readonly Geometry["type"][] = ["plane"];

// Decimal-exact numbers (k / 1000 is the double nearest the printed decimal), so text round trips are exact.
const milli = (lo: number, hi: number): fc.Arbitrary<number> => fc.integer({ min: lo, max: hi }).map((k) => k / 1000);
const vec3 = (lo: number, hi: number): fc.Arbitrary<Vec3> => fc.tuple(milli(lo, hi), milli(lo, hi), milli(lo, hi));
// rpy inside the canonical range of rpyFromQuat (roll, yaw in (−π, π), pitch in (−π/2, π/2)).
const rpy: fc.Arbitrary<Vec3> = fc.tuple(milli(-3000, 3000), milli(-1500, 1500), milli(-3000, 3000));
const pose: fc.Arbitrary<Pose> = fc.record({ xyz: vec3(-2000, 2000), rpy });
const positive = milli(10, 1000);

function geometry(types: readonly Geometry["type"][]): fc.Arbitrary<Geometry> {
  return fc.constantFrom(...types).chain((type): fc.Arbitrary<Geometry> => {
    switch (type) {
      case "box":
        return vec3(10, 1000).map((size) => ({ type, size }));
      case "cylinder":
      case "capsule":
        return fc.tuple(positive, positive).map(([radius, length]) => ({ type, radius, length }));
      case "sphere":
        return positive.map((radius) => ({ type, radius }));
      case "mesh":
        return fc
          .tuple(
            fc.constantFrom("package://robot/meshes/a.dae", "model://robot/meshes/b.stl"),
            fc.option(vec3(100, 2000), { nil: undefined }),
          )
          .map(([uri, scale]) => (scale === undefined ? { type, uri } : { type, uri, scale }));
      case "plane":
        return fc
          .tuple(fc.constantFrom<Vec3>([0, 0, 1], [0, 1, 0], [0.6, 0, 0.8]), positive, positive)
          .map(([normal, x, y]) => ({ type, normal, size: [x, y] as const }));
    }
  });
}

const MATERIALS = [
  { name: "red", rgba: [0.8, 0.1, 0.1, 1] as const },
  { name: "glass", rgba: [0.2, 0.3, 0.9, 0.5] as const, texture: "model://random_bot/materials/glass.png" },
];

/**
 * Small valid robots: a tree of 1–maxLinks links (each joint's parent declared earlier),
 * every joint type and geometry, optional origins, names, materials, surfaces, dynamics,
 * rate limits and mimic joints. Every value is checkRobot-valid.
 */
export function arbitraryRobot(options: ArbitraryRobotOptions = {}): fc.Arbitrary<Robot> {
  const jointTypes = options.jointTypes ?? ALL_JOINTS;
  const shapes = options.geometries ?? ALL_SHAPES;
  const allowMimic = options.mimic ?? true;
  const visual = fc.record(
    {
      name: fc.constantFrom("body", "shell"),
      origin: pose,
      geometry: geometry(shapes),
      material: fc.constantFrom("red", "glass"),
    },
    { requiredKeys: ["geometry"] },
  );
  const surface = fc.record(
    {
      mu: milli(0, 2000),
      mu2: milli(0, 2000),
      fdir1: fc.constant<Vec3>([1, 0, 0]),
      kp: milli(1000, 9_000_000),
      kd: milli(1, 1000),
    },
    { requiredKeys: [] },
  );
  const collision = fc.record(
    { name: fc.constant("hull"), origin: pose, geometry: geometry(shapes), surface },
    { requiredKeys: ["geometry"] },
  );
  const inertial = fc.record(
    {
      mass: positive,
      origin: pose,
      inertia: fc
        .tuple(milli(100, 200), milli(100, 200), milli(100, 200))
        .map(([ixx, iyy, izz]) => ({ ixx, ixy: 0, ixz: 0, iyy, iyz: 0, izz })),
    },
    { requiredKeys: ["mass", "inertia"] },
  );
  const linkBody = fc.record(
    { visuals: fc.array(visual, { maxLength: 2 }), collisions: fc.array(collision, { maxLength: 2 }), inertial },
    { requiredKeys: [] },
  );
  const jointSpec = fc.record({
    type: fc.constantFrom(...jointTypes),
    parentPick: fc.nat(),
    origin: fc.option(pose, { nil: undefined }),
    axis: fc.option(fc.constantFrom<Vec3>([1, 0, 0], [0, 1, 0], [0, 0, 1], [0.6, 0.8, 0]), { nil: undefined }),
    limits: fc.tuple(milli(-3000, 0), milli(0, 3000), milli(0, 100_000), milli(0, 10_000)),
    rate: fc.boolean(),
    dynamics: fc.option(fc.record({ damping: milli(0, 1000), friction: milli(0, 1000) }, { requiredKeys: [] }), {
      nil: undefined,
    }),
    mimicPick: fc.option(fc.nat(), { nil: undefined }),
    multiplier: milli(-2000, 2000),
    offset: milli(-1000, 1000),
  });
  const maxLinks = options.maxLinks ?? 6;
  return fc
    .tuple(
      fc.array(linkBody, { minLength: 1, maxLength: maxLinks }),
      fc.array(jointSpec, { minLength: maxLinks, maxLength: maxLinks }),
    )
    .map(([bodies, specs]) => {
      const links: Link[] = bodies.map((b, i) => ({
        name: `link_${i}`,
        ...(b.visuals !== undefined && b.visuals.length > 0 ? { visuals: uniqueNames(b.visuals as Visual[]) } : {}),
        ...(b.collisions !== undefined && b.collisions.length > 0
          ? { collisions: uniqueNames(b.collisions as Collision[]) }
          : {}),
        ...(b.inertial === undefined ? {} : { inertial: b.inertial }),
      }));
      const joints: Joint[] = [];
      for (let i = 1; i < links.length; i++) {
        const s = specs[i]!;
        const base = {
          name: `joint_${i}`,
          parent: `link_${s.parentPick % i}`,
          child: `link_${i}`,
          ...(s.origin === undefined ? {} : { origin: s.origin }),
          ...(s.dynamics === undefined ? {} : { dynamics: s.dynamics }),
        };
        const axis = s.axis === undefined ? {} : { axis: s.axis };
        const movable = joints.filter(
          (j) => j.type === "revolute" || j.type === "continuous" || j.type === "prismatic",
        );
        const target =
          allowMimic && s.mimicPick !== undefined && movable.length > 0
            ? movable[s.mimicPick % movable.length]
            : undefined;
        const mimic =
          target === undefined ? {} : { mimic: { joint: target.name, multiplier: s.multiplier, offset: s.offset } };
        const [lower, upper, effort, velocity] = s.limits;
        switch (s.type) {
          case "fixed":
          case "floating":
            joints.push({ ...base, type: s.type });
            break;
          case "revolute":
          case "prismatic":
            joints.push({ ...base, type: s.type, ...axis, limit: { lower, upper, effort, velocity }, ...mimic });
            break;
          case "continuous":
            joints.push({
              ...base,
              type: s.type,
              ...axis,
              ...(s.rate ? { limit: { effort, velocity } } : {}),
              ...mimic,
            });
            break;
          case "planar":
            joints.push({ ...base, type: s.type, ...axis, ...(s.rate ? { limit: { effort, velocity } } : {}) });
            break;
          case "ball":
            joints.push({ ...base, type: s.type, ...axis });
            break;
          case "universal":
          case "revolute2":
            joints.push({
              ...base,
              type: s.type,
              ...axis,
              ...(s.rate ? { limit: { lower, upper } } : {}),
              second: { xyz: [0, 1, 0], ...(s.rate ? {} : { limit: { lower, upper, effort, velocity } }) },
            });
            break;
          case "screw":
            joints.push({ ...base, type: s.type, ...axis, threadPitch: s.multiplier === 0 ? 1 : s.multiplier });
            break;
          case "gearbox":
            // Not a tree edge: generated robots stay trees, so none is made.
            joints.push({ ...base, type: "fixed" });
            break;
        }
      }
      return { name: "random_bot", materials: MATERIALS, links, ...(joints.length > 0 ? { joints } : {}) };
    });
}

/** Shape names must be unique within a link; numbered copies keep that. */
function uniqueNames<T extends { readonly name?: string }>(shapes: readonly T[]): T[] {
  const seen = new Set<string>();
  return shapes.map((s, k) => {
    if (s.name === undefined) return s;
    const name = seen.has(s.name) ? `${s.name}${k}` : s.name;
    seen.add(name);
    return { ...s, name };
  });
}
