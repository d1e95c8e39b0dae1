import type { Diagnostic } from "../diagnostics/Diagnostic.js";
import { formatNumber } from "../util/formatNumber.js";
import { isTreeJoint } from "./Joint.js";
import { lumpFixedJoints } from "./lumpFixedJoints.js";
import type { Robot } from "./Robot.js";

/** ignition::math::equal's default tolerance, which libsdformat's URDF reader uses for "mass is 0" (kg). */
const MASS_ZERO = 1e-6;

/**
 * What libsdformat 12's URDF reader (Gazebo loading the URDF robokit writes) makes of a mass
 * given as (nearly) none: after fixed-joint reduction, a link whose mass is within 1e-6 kg of 0
 * is left out with every link jointed below it. (A link with no inertial at all is left to the
 * validator, which judges the URDF the same way.) When that takes the root, no link
 * remains and libsdformat refuses the robot (Error Code 16): an error, naming the field. A link
 * further down is a warning saying which links Gazebo loses. A robot whose structure does not
 * hold (no single root, a cycle) is left to the structural checks.
 */
export function gazeboMasslessLinks(robot: Robot): Diagnostic[] {
  const links = robot.links ?? [];
  const index = new Map(links.map((l, i) => [l.name, i] as const));
  const lumped = lumpFixedJoints(robot).robot;
  const children = new Map<string, string[]>();
  const hasParent = new Set<string>();
  for (const j of (lumped.joints ?? []).filter(isTreeJoint)) {
    children.set(j.parent, [...(children.get(j.parent) ?? []), j.child]);
    hasParent.add(j.child);
  }
  const roots = (lumped.links ?? []).filter((l) => !hasParent.has(l.name)).map((l) => l.name);
  if (roots.length !== 1) return [];
  const root = roots[0] as string;
  const massOf = new Map((lumped.links ?? []).map((l) => [l.name, l.inertial?.mass] as const));
  const out: Diagnostic[] = [];
  const pending = root === "world" ? [...(children.get(root) ?? [])] : [root];
  const seen = new Set<string>();
  while (pending.length > 0) {
    const name = pending.pop() as string;
    if (seen.has(name)) continue;
    seen.add(name);
    const mass = massOf.get(name);
    // A link without any inertial is a common way to write a root (KDL refuses a root's inertia):
    // that case is the validator's to judge on the URDF; here only a mass that was given.
    if (mass === undefined || Math.abs(mass) > MASS_ZERO) {
      pending.push(...(children.get(name) ?? []));
      continue;
    }
    out.push(dropped(robot, name, mass, subtree(children, name), name === root, index.get(name) ?? 0));
  }
  return out;
}

/** The link and every link below it. */
function subtree(children: ReadonlyMap<string, readonly string[]>, from: string): string[] {
  const all: string[] = [];
  const pending = [from];
  while (pending.length > 0) {
    const n = pending.pop() as string;
    all.push(n);
    pending.push(...(children.get(n) ?? []));
  }
  return all;
}

function dropped(robot: Robot, name: string, mass: number, lost: string[], isRoot: boolean, i: number): Diagnostic {
  const own = robot.links?.[i]?.inertial;
  const what = `has mass ${formatNumber(mass)} kg with the links fixed to it, which libsdformat reads as 0 (within 1e-6 kg)`;
  const names = lost.map((n) => `"${n}"`).join(", ");
  const jsonPath = own === undefined ? `/links/${i}` : `/links/${i}/inertial/mass`;
  return isRoot
    ? {
        code: "MODEL_WITHOUT_LINK",
        severity: "error",
        message: `link "${name}" ${what}: libsdformat 12 (Gazebo) leaves it out of the URDF with every link below it (${names}), so no link remains and it refuses the robot (Error Code 16); give "${name}" a mass above 1e-6 kg`,
        jsonPath,
      }
    : {
        code: "LINK_INERTIA_INVALID",
        severity: "warning",
        message: `link "${name}" ${what}: libsdformat 12 (Gazebo) loads the robot without ${names} and their joints`,
        jsonPath,
      };
}
