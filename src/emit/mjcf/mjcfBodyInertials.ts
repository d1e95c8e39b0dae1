import type { InertiaTensor } from "../../model/Inertial.js";
import { equivalentInertiaBox } from "../../model/equivalentInertiaBox.js";
import { principalMoments } from "../../model/inertia.js";
import { isTreeJoint, type Joint } from "../../model/Joint.js";
import { IDENTITY_POSE, quatFromRpy, type Pose } from "../../model/Pose.js";
import type { Robot } from "../../model/Robot.js";
import type { Quat, Vec3 } from "../../model/Vector.js";
import { symmetricEigen3Into } from "../../util/symmetricEigen3.js";
import { MJCF_PHYSICS } from "./mjcfPhysics.js";

/** MuJoCo's mjMINVAL: the smallest mass or principal moment it takes as non-zero. */
const MJ_MINVAL = 1e-15;

/** Why a body's MJCF inertial differs from its link's. */
export type MjcfInertialChange =
  /** A moving body with nothing of mass and inertia in its weld cluster: the placeholder is added. */
  | "placeholder"
  /** Principal moments A + B < C, which MuJoCo refuses: A and B raised by half the deficit each. */
  | "balanced";

/** What one body's `<inertial>` holds. */
export interface MjcfBodyInertial {
  /** `link_T_inertial`: centre of mass (m) and the axes `inertia` is expressed in. */
  readonly origin: Pose;
  readonly mass: number;
  /** About the centre of mass, in the inertial frame (kg·m²). */
  readonly inertia: InertiaTensor;
  readonly change?: MjcfInertialChange;
}

/** An inertial as MJCF writes it: principal moments (kg·m², decreasing) and `link_R_principal` [x, y, z, w]. */
export interface MjcfPrincipalInertia {
  readonly diag: Vec3;
  readonly quat: Quat;
}

/**
 * The principal moments and axes of a body's inertial, which MJCF takes as `diaginertia` and
 * `quat`: a diagonal tensor as given, in the inertial frame; otherwise robokit diagonalises it itself (Jacobi, to rounding) rather than writing
 * `fullinertia`: MuJoCo 2.2.2's own eigen-solver is accurate to about 1e-9 of the largest
 * moment only, and it refuses a singular tensor (a massless frame's zeros) as "fullinertia".
 * Rounding below 1e-12 of the largest moment, or below mjMINVAL, is written as 0 (MuJoCo
 * refuses negative moments).
 */
export function mjcfPrincipalInertia(b: MjcfBodyInertial): MjcfPrincipalInertia {
  const t = b.inertia;
  // Already principal (the usual URDF inertial): written as given, in the inertial frame's axes.
  if (t.ixy === 0 && t.ixz === 0 && t.iyz === 0)
    return { diag: [t.ixx, t.iyy, t.izz], quat: quatFromRpy(b.origin.rpy) };
  const box = equivalentInertiaBox({ mass: 1, origin: b.origin, inertia: b.inertia });
  if (box === undefined) return { diag: [0, 0, 0], quat: quatFromRpy(b.origin.rpy) };
  // Below mjMINVAL MuJoCo sees zero anyway; a stray ±1e-35 would otherwise break its triangle test.
  const floor = Math.max(1e-12 * Math.max(...box.moments.map(Math.abs)), MJ_MINVAL);
  const diag = box.moments.map((v) => (Math.abs(v) <= floor ? 0 : v)) as unknown as Vec3;
  return { diag, quat: box.orientation };
}

/**
 * The `<inertial>` of each MJCF body, by link name, for a robot whose `moving` links carry a
 * joint element (a free joint included). Links without an inertial and not moving are absent.
 *
 * The model's inertial is written as read (principal moments and axes, {@link mjcfPrincipalInertia});
 * a massless frame (mass and tensor zero) writes none. Two things MuJoCo refuses are changed,
 * and the change said:
 * - a moving body whose weld cluster (it and the bodies welded below it) holds no body with
 *   positive mass and three positive principal moments ("mass and inertia of moving bodies
 *   must be larger than mjMINVAL") gets {@link MJCF_PHYSICS}'s placeholder mass and inertia;
 * - a tensor breaking the triangle inequality ("inertia must satisfy A + B >= C") gets its two
 *   smaller principal moments raised until A + B = C (inertia is added, never removed; plus
 *   1e-10 of C, so the printed moments pass MuJoCo's strict test).
 */
export function mjcfBodyInertials(robot: Robot, moving: ReadonlySet<string>): Map<string, MjcfBodyInertial> {
  const out = new Map<string, MjcfBodyInertial>();
  for (const link of robot.links) {
    const i = link.inertial;
    if (i === undefined) continue;
    // A massless frame (mass and tensor all zero) has nothing to write.
    if (i.mass === 0 && Object.values(i.inertia).every((v) => v === 0)) continue;
    const balanced = balance(i.inertia);
    out.set(link.name, {
      origin: i.origin ?? IDENTITY_POSE,
      mass: i.mass,
      inertia: balanced ?? i.inertia,
      ...(balanced === undefined ? {} : { change: "balanced" as const }),
    });
  }
  const welded = weldedChildren(robot.joints ?? []);
  for (const head of moving) {
    if (clusterHasBody(head, welded, out)) continue;
    const own = out.get(head);
    const p = MJCF_PHYSICS.placeholderInertia;
    out.set(head, {
      origin: own?.origin ?? IDENTITY_POSE,
      mass: (own?.mass ?? 0) > MJ_MINVAL ? (own?.mass ?? 0) : MJCF_PHYSICS.placeholderMass,
      inertia: addDiagonal(own?.inertia ?? ZERO, p),
      change: "placeholder",
    });
  }
  return out;
}

const ZERO: InertiaTensor = { ixx: 0, ixy: 0, ixz: 0, iyy: 0, iyz: 0, izz: 0 };

function addDiagonal(t: InertiaTensor, d: number): InertiaTensor {
  return { ...t, ixx: t.ixx + d, iyy: t.iyy + d, izz: t.izz + d };
}

/** Children joined by a joint MJCF writes as a weld (no joint element): fixed and screw. */
function weldedChildren(joints: readonly Joint[]): Map<string, string[]> {
  const out = new Map<string, string[]>();
  for (const j of joints) {
    if (!isTreeJoint(j) || (j.type !== "fixed" && j.type !== "screw")) continue;
    const list = out.get(j.parent);
    if (list === undefined) out.set(j.parent, [j.child]);
    else list.push(j.child);
  }
  return out;
}

/** True when a body of `head`'s weld cluster has mass and three principal moments above mjMINVAL. */
function clusterHasBody(
  head: string,
  welded: ReadonlyMap<string, readonly string[]>,
  inertials: ReadonlyMap<string, MjcfBodyInertial>,
): boolean {
  const queue = [head];
  const seen = new Set(queue);
  for (let k = 0; k < queue.length; k++) {
    const b = inertials.get(queue[k]!);
    if (b !== undefined && b.mass > MJ_MINVAL && Math.min(...principalMoments(b.inertia)) > MJ_MINVAL) return true;
    for (const c of welded.get(queue[k]!) ?? [])
      if (!seen.has(c)) {
        seen.add(c);
        queue.push(c);
      }
  }
  return false;
}

/** The tensor with A + B = C restored when A + B < C (beyond rounding), else undefined. */
function balance(t: InertiaTensor): InertiaTensor | undefined {
  const a = Float64Array.of(t.ixx, t.ixy, t.ixz, t.ixy, t.iyy, t.iyz, t.ixz, t.iyz, t.izz);
  const values = new Float64Array(3);
  const vectors = new Float64Array(9);
  symmetricEigen3Into(a, values, vectors);
  const [c, b, s] = [values[0]!, values[1]!, values[2]!];
  const deficit = c - (b + s);
  if (!(deficit > 1e-12 * Math.max(Math.abs(c), MJ_MINVAL))) return undefined;
  // Raise A and B by deficit/2 each: T + (deficit/2)(E − v_C v_Cᵀ), v_C the first eigenvector (column 0).
  // MuJoCo's test is strict on the printed moments: a margin of 1e-10·C survives 15-digit printing.
  const v: Vec3 = [vectors[0]!, vectors[3]!, vectors[6]!];
  const h = deficit / 2 + 1e-10 * c;
  return {
    ixx: t.ixx + h * (1 - v[0] * v[0]),
    iyy: t.iyy + h * (1 - v[1] * v[1]),
    izz: t.izz + h * (1 - v[2] * v[2]),
    ixy: t.ixy - h * v[0] * v[1],
    ixz: t.ixz - h * v[0] * v[2],
    iyz: t.iyz - h * v[1] * v[2],
  };
}
