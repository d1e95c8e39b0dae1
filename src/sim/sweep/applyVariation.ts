import type { Geometry } from "../../model/Geometry.js";
import type { Joint } from "../../model/Joint.js";
import type { Collision, Link } from "../../model/Link.js";
import type { Robot } from "../../model/Robot.js";
import { driveFromModel } from "../../kinematics/driveFromModel.js";
import { driveJoints } from "../../kinematics/driveJoints.js";
import type { SweepVariation } from "./SweepVariation.js";
import { globMatcher } from "./globMatcher.js";

/**
 * The robot as built for one run: `robot` with each varied parameter set to its drawn value
 * (see {@link SweepParameter} for the names). Pure; the input is not changed.
 *
 * @param robot - the nominal (checked) robot.
 * @param variation - the parameters.
 * @param values - one value per parameter, in order ({@link sampleVariation}).
 * @throws RangeError when a parameter names no link or joint of the robot, a joint has no
 *   such limit, or the wheels have no collision the parameter can change.
 */
export function applyVariation(robot: Robot, variation: SweepVariation, values: readonly number[]): Robot {
  let links = robot.links;
  let joints = robot.joints ?? [];
  const wheelLinks = (): Set<string> => {
    const names = wheelJoints(robot);
    const carried = new Set(joints.filter((j) => names.includes(j.name)).map((j) => j.child));
    // Links the wheels carry (an omni wheel's rollers) touch the floor too.
    for (let grew = true; grew; ) {
      grew = false;
      for (const j of joints) {
        if (carried.has(j.parent) && !carried.has(j.child)) {
          carried.add(j.child);
          grew = true;
        }
      }
    }
    return carried;
  };
  variation.parameters.forEach((p, i) => {
    const v = values[i];
    if (v === undefined) throw new RangeError(`no value for parameter "${p.name}"`);
    const [kind, target = ""] = p.name.split(/:(.*)/s) as [string, string?];
    switch (kind) {
      case "mass": {
        if (!(v > 0)) throw new RangeError(`${p.name}: a mass must be > 0 kg, got ${v}`);
        const link = links.find((l) => l.name === target);
        if (link?.inertial === undefined)
          throw new RangeError(`${p.name}: robot "${robot.name}" has no link "${target}" with a mass`);
        const k = v / link.inertial.mass;
        const t = link.inertial.inertia;
        const inertial = {
          ...link.inertial,
          mass: v,
          inertia: { ixx: t.ixx * k, iyy: t.iyy * k, izz: t.izz * k, ixy: t.ixy * k, ixz: t.ixz * k, iyz: t.iyz * k },
        };
        links = links.map((l) => (l === link ? { ...l, inertial } : l));
        return;
      }
      case "friction": {
        if (!(v >= 0)) throw new RangeError(`${p.name}: a friction coefficient must be ≥ 0, got ${v}`);
        const wheels = wheelLinks();
        links = links.map(
          (l): Link =>
            wheels.has(l.name) && l.collisions !== undefined
              ? {
                  ...l,
                  collisions: l.collisions.map((c): Collision => ({ ...c, surface: { ...c.surface, mu: v, mu2: v } })),
                }
              : l,
        );
        return;
      }
      case "wheelRadius": {
        if (!(v > 0)) throw new RangeError(`${p.name}: a wheel radius must be > 0 m, got ${v}`);
        const names = new Set(wheelJoints(robot));
        const wheelLinkNames = new Set(joints.filter((j) => names.has(j.name)).map((j) => j.child));
        let changed = 0;
        const round = (g: Geometry): Geometry => {
          if (g.type !== "cylinder" && g.type !== "sphere") return g;
          changed++;
          return { ...g, radius: v };
        };
        links = links.map(
          (l): Link =>
            wheelLinkNames.has(l.name) && l.collisions !== undefined
              ? { ...l, collisions: l.collisions.map((c) => ({ ...c, geometry: round(c.geometry) })) }
              : l,
        );
        if (changed === 0)
          throw new RangeError(
            `${p.name}: robot "${robot.name}"'s wheel links have no cylinder or sphere collision to resize`,
          );
        return;
      }
      case "velocity":
      case "effort": {
        if (!(v > 0)) throw new RangeError(`${p.name}: a joint ${kind} limit must be > 0, got ${v}`);
        const match = globMatcher(target);
        let hits = 0;
        joints = joints.map((j): Joint => {
          if (!match(j.name)) return j;
          if (j.type === "revolute" || j.type === "prismatic") {
            hits++;
            return { ...j, limit: { ...j.limit, [kind]: v } };
          }
          if (j.type === "continuous" && j.limit !== undefined) {
            hits++;
            return { ...j, limit: { ...j.limit, [kind]: v } };
          }
          return j;
        });
        if (hits === 0)
          throw new RangeError(`${p.name}: robot "${robot.name}" has no joint matching "${target}" with a limit`);
        return;
      }
      default:
        throw new RangeError(`unknown parameter "${p.name}"`);
    }
  });
  return { ...robot, links, joints };
}

/**
 * The wheel joints of a robot's drive: the driven ones and, on a car-like base, the steered
 * wheels, which roll on the floor too.
 * @throws RangeError when the model has no drive robokit can use.
 */
function wheelJoints(robot: Robot): string[] {
  const model = driveFromModel(robot);
  if (model.drive === undefined) throw new RangeError(model.diagnostic.message);
  const d = model.drive;
  const steered =
    d.type === "ackermann"
      ? d.geometry.steering
      : d.type === "bicycle" || d.type === "tricycle"
        ? [d.geometry.steering]
        : [];
  return [...driveJoints(d).wheelJoints, ...steered.flatMap((s) => (s.wheel === undefined ? [] : [s.wheel.joint]))];
}
