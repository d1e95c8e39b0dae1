import type { Robot } from "../model/Robot.js";
import { jointAxis } from "../model/Joint.js";
import { inertialDeviation, MESH_SOLID_TOLERANCE } from "./meshSolidLinks.js";

const IDENTITY = { xyz: [0, 0, 0], rpy: [0, 0, 0] };

/** Defaults made explicit, so that an absent origin equals an identity one. */
function normalise(robot: Robot): {
  materials: Map<string, unknown>;
  links: Map<string, unknown>;
  joints: Map<string, unknown>;
} {
  return {
    materials: new Map((robot.materials ?? []).map((m) => [m.name, m])),
    links: new Map(
      robot.links.map((l) => [
        l.name,
        {
          visuals: (l.visuals ?? []).map((v) => ({ ...v, origin: v.origin ?? IDENTITY })),
          collisions: (l.collisions ?? []).map((c) => ({ ...c, origin: c.origin ?? IDENTITY })),
          inertial: l.inertial === undefined ? undefined : { ...l.inertial, origin: l.inertial.origin ?? IDENTITY },
          sensors: l.sensors,
        },
      ]),
    ),
    joints: new Map(
      (robot.joints ?? []).map((j) => [
        j.name,
        // URDF's defaults: no <dynamics> is damping 0 and friction 0.
        {
          ...j,
          origin: j.origin ?? IDENTITY,
          // A ball joint has no axis of motion, but one written on it is kept.
          axis: j.type === "ball" ? j.axis : jointAxis(j),
          dynamics: { damping: j.dynamics?.damping ?? 0, friction: j.dynamics?.friction ?? 0 },
          ...("mimic" in j && j.mimic !== undefined
            ? { mimic: { joint: j.mimic.joint, multiplier: j.mimic.multiplier ?? 1, offset: j.mimic.offset ?? 0 } }
            : {}),
        },
      ]),
    ),
  };
}

function diff(a: unknown, b: unknown, path: string, tol: number, out: string[]): void {
  if (out.length > 20) return;
  if (typeof a === "number" && typeof b === "number") {
    if (!(Math.abs(a - b) <= tol * Math.max(1, Math.abs(a), Math.abs(b)))) out.push(`${path}: ${a} vs ${b}`);
    return;
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    if (a.length !== b.length) out.push(`${path}: ${a.length} vs ${b.length} items`);
    for (let i = 0; i < Math.min(a.length, b.length); i++) diff(a[i], b[i], `${path}/${i}`, tol, out);
    return;
  }
  if (typeof a === "object" && a !== null && typeof b === "object" && b !== null) {
    const ka = Object.keys(a).filter((k) => (a as Record<string, unknown>)[k] !== undefined);
    const kb = Object.keys(b).filter((k) => (b as Record<string, unknown>)[k] !== undefined);
    for (const k of new Set([...ka, ...kb]))
      diff((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k], `${path}/${k}`, tol, out);
    return;
  }
  if (a !== b) out.push(`${path}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`);
}

/**
 * Differences between two robots in every material, link (visuals, collisions, inertial,
 * sensors), joint (matched by name), the robot's pose in the world (absent = identity) and verbatim XML block (in order); numbers equal within `tolerance` (relative, absolute
 * below 1). Defaults are made explicit first (absent origin = identity, URDF default axis).
 * Absent joint dynamics count as damping 0 and friction 0, an absent mimic multiplier as 1 and offset as 0. Empty when the robots are equal.
 * The inertials of the links in `meshSolidLinks` (written by import as the solid of their mesh)
 * are compared by `inertialDeviation` within `MESH_SOLID_TOLERANCE` instead.
 */
export function compareRobots(
  a: Robot,
  b: Robot,
  tolerance = 1e-9,
  options: { readonly meshSolidLinks?: ReadonlySet<string> } = {},
): string[] {
  const out: string[] = [];
  if (a.name !== b.name) out.push(`name: ${a.name} vs ${b.name}`);
  diff(a.pose ?? IDENTITY, b.pose ?? IDENTITY, "pose", tolerance, out);
  const xa = (a.xmlBlocks ?? []).map((x) => x.xml);
  const xb = (b.xmlBlocks ?? []).map((x) => x.xml);
  if (xa.length !== xb.length || xa.some((x, i) => x !== xb[i]))
    out.push(`xmlBlocks: ${xa.length} vs ${xb.length} blocks, or different text`);
  const na = normalise(a);
  const nb = normalise(b);
  for (const key of ["materials", "links", "joints"] as const) {
    const ma = na[key];
    const mb = nb[key];
    for (const name of new Set([...ma.keys(), ...mb.keys()])) {
      if (!ma.has(name) || !mb.has(name))
        out.push(`${key}/${name}: only in ${ma.has(name) ? "the first" : "the second"}`);
      else if (key === "links" && options.meshSolidLinks?.has(name) === true) {
        const la = a.links.find((l) => l.name === name);
        const lb = b.links.find((l) => l.name === name);
        const { inertial: ia, ...ra } = ma.get(name) as { inertial: unknown };
        const { inertial: ib, ...rb } = mb.get(name) as { inertial: unknown };
        diff(ra, rb, `${key}/${name}`, tolerance, out);
        const d =
          la?.inertial === undefined || lb?.inertial === undefined
            ? ia === ib
              ? 0
              : Number.POSITIVE_INFINITY
            : inertialDeviation(la.inertial, lb.inertial);
        if (!(d <= MESH_SOLID_TOLERANCE))
          out.push(`${key}/${name}/inertial: differs by ${d} (mesh solid, allowed ${MESH_SOLID_TOLERANCE})`);
      } else diff(ma.get(name), mb.get(name), `${key}/${name}`, tolerance, out);
    }
  }
  return out;
}
