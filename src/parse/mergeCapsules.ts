import type { Geometry } from "../model/Geometry.js";
import { IDENTITY_POSE, rotateVector, type Pose } from "../model/Pose.js";

/** The fields of a visual or collision that capsule recognition looks at. */
interface Shape {
  readonly name?: string;
  readonly origin?: Pose;
  readonly geometry: Geometry;
}

const TOLERANCE = 1e-7;

/**
 * Undoes the capsule split of formats without a capsule (URDF 1.0, SDF < 1.8): a cylinder
 * directly followed by two spheres of its radius centred on the ends of its axis, with the
 * same orientation, becomes one capsule. The union is the same solid, so this never changes
 * the geometry. Names must be all absent or `n_0`, `n_1`, `n_2` (then the capsule is `n`);
 * `same` compares the remaining fields (material, surface).
 */
export function mergeCapsules<T extends Shape>(
  shapes: readonly T[],
  same: (a: T, b: T) => boolean,
  rebuild: (first: T, capsule: Geometry, name: string | undefined) => T,
): T[] {
  const out: T[] = [];
  for (let i = 0; i < shapes.length; i++) {
    const c = shapes[i]!;
    const s1 = shapes[i + 1];
    const s2 = shapes[i + 2];
    const name = s1 !== undefined && s2 !== undefined ? capsuleName(c, s1, s2) : null;
    if (
      s1 !== undefined &&
      s2 !== undefined &&
      name !== null &&
      c.geometry.type === "cylinder" &&
      isCap(c, s1, 1) &&
      isCap(c, s2, -1) &&
      same(c, s1) &&
      same(c, s2)
    ) {
      out.push(rebuild(c, { type: "capsule", radius: c.geometry.radius, length: c.geometry.length }, name));
      i += 2;
    } else {
      out.push(c);
    }
  }
  return out;
}

/** The capsule's name (undefined for unnamed parts), or null when the names do not fit the pattern. */
function capsuleName(c: Shape, s1: Shape, s2: Shape): string | undefined | null {
  if (c.name === undefined && s1.name === undefined && s2.name === undefined) return undefined;
  const base = c.name?.endsWith("_0") === true ? c.name.slice(0, -2) : null;
  return base !== null && s1.name === `${base}_1` && s2.name === `${base}_2` ? base : null;
}

function isCap(cylinder: Shape, sphere: Shape, sign: 1 | -1): boolean {
  if (cylinder.geometry.type !== "cylinder" || sphere.geometry.type !== "sphere") return false;
  const { radius, length } = cylinder.geometry;
  if (!near(sphere.geometry.radius, radius, radius)) return false;
  const o = cylinder.origin ?? IDENTITY_POSE;
  const p = sphere.origin ?? IDENTITY_POSE;
  if (!p.rpy.every((v, k) => near(v, o.rpy[k]!, 1))) return false;
  const z = rotateVector(o.rpy, [0, 0, 1]);
  const scale = Math.max(1, length, ...o.xyz.map(Math.abs));
  return p.xyz.every((v, k) => near(v, o.xyz[k]! + (sign * length * z[k]!) / 2, scale));
}

function near(a: number, b: number, scale: number): boolean {
  return Math.abs(a - b) <= TOLERANCE * Math.max(1, Math.abs(scale));
}
