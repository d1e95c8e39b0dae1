import { readXml } from "../../src/parse/readXml.js";
import { attr, type XmlElement } from "../../src/parse/XmlDocument.js";

type M3 = number[][];

/** Mass properties of an MJCF body's subtree at qpos0, in the world frame (m, kg, kg·m²). */
export interface SubtreeMass {
  readonly mass: number;
  readonly com: number[];
  /** About `com`, world axes. */
  readonly inertia: M3;
}

const nums = (e: XmlElement, name: string, fallback: number[]): number[] =>
  attr(e, name)?.trim().split(/\s+/).map(Number) ?? fallback;

/** Rotation matrix of an MJCF quaternion [w, x, y, z] (normalised). */
function fromQuat(q: readonly number[]): M3 {
  const n = Math.hypot(...q);
  const [w, x, y, z] = q.map((v) => v / n) as [number, number, number, number];
  return [
    [1 - 2 * (y * y + z * z), 2 * (x * y - w * z), 2 * (x * z + w * y)],
    [2 * (x * y + w * z), 1 - 2 * (x * x + z * z), 2 * (y * z - w * x)],
    [2 * (x * z - w * y), 2 * (y * z + w * x), 1 - 2 * (x * x + y * y)],
  ];
}

const mul = (a: M3, b: M3): M3 => a.map((_, i) => b.map((__, j) => a[i]!.reduce((s, v, k) => s + v * b[k]![j]!, 0)));
const apply = (a: M3, v: readonly number[]): number[] => a.map((row) => row.reduce((s, x, k) => s + x * v[k]!, 0));
const transpose = (a: M3): M3 => a.map((_, i) => a.map((row) => row[i]!));

/**
 * Each body's subtree mass, centre of mass and inertia, by body name, of an MJCF robokit wrote
 * (body pos/quat, inertial pos/quat/mass/diaginertia; angles in radians), with every joint at
 * zero. The arithmetic of MuJoCo's mj_comPos, done independently of robokit's inertia code.
 */
export function mjcfSubtreeMass(xml: string): Map<string, SubtreeMass> {
  const world = readXml(xml, "model.xml").document.root?.children.find((c) => c.name === "worldbody");
  const out = new Map<string, SubtreeMass>();
  const visit = (body: XmlElement, parentR: M3, parentP: number[]): { mass: number; first: number[]; second: M3 }[] => {
    const r = mul(parentR, fromQuat(nums(body, "quat", [1, 0, 0, 0])));
    const p = apply(parentR, nums(body, "pos", [0, 0, 0])).map((v, k) => v + parentP[k]!);
    const parts: { mass: number; first: number[]; second: M3 }[] = [];
    const inertial = body.children.find((c) => c.name === "inertial");
    if (inertial !== undefined) {
      const m = Number(attr(inertial, "mass"));
      const ri = mul(r, fromQuat(nums(inertial, "quat", [1, 0, 0, 0])));
      const d = nums(inertial, "diaginertia", [0, 0, 0]);
      const c = apply(r, nums(inertial, "pos", [0, 0, 0])).map((v, k) => v + p[k]!);
      const own = mul(
        mul(ri, [
          [d[0]!, 0, 0],
          [0, d[1]!, 0],
          [0, 0, d[2]!],
        ]),
        transpose(ri),
      );
      parts.push({ mass: m, first: c, second: own });
    }
    for (const child of body.children.filter((c) => c.name === "body")) {
      const sub = visit(child, r, p);
      parts.push(...sub);
    }
    // Reduce to one part: mass, centre of mass, inertia about it (parallel-axis theorem).
    const mass = parts.reduce((s, x) => s + x.mass, 0);
    const com = [0, 1, 2].map((k) => (mass > 0 ? parts.reduce((s, x) => s + x.mass * x.first[k]!, 0) / mass : p[k]!));
    const inertia: M3 = [0, 1, 2].map((i) =>
      [0, 1, 2].map((j) =>
        parts.reduce((s, x) => {
          const dv = x.first.map((v, k) => v - com[k]!);
          const d2 = dv.reduce((a, v) => a + v * v, 0);
          return s + x.second[i]![j]! + x.mass * ((i === j ? d2 : 0) - dv[i]! * dv[j]!);
        }, 0),
      ),
    );
    out.set(attr(body, "name") ?? "", { mass, com, inertia });
    return [{ mass, first: com, second: inertia }];
  };
  const identity: M3 = [
    [1, 0, 0],
    [0, 1, 0],
    [0, 0, 1],
  ];
  for (const b of world?.children.filter((c) => c.name === "body") ?? []) visit(b, identity, [0, 0, 0]);
  return out;
}
