import type { Joint } from "../../model/Joint.js";
import type { Robot } from "../../model/Robot.js";

/**
 * Rewrites two URDF conventions that SDF spells differently, the way libsdformat's own
 * URDF→SDF conversion does, so that a URDF converted by robokit loads in libsdformat:
 *
 * - An empty root link called `world` (no inertial, visual, collision or sensor) is the URDF
 *   idiom for "fixed to the world": the link is dropped and its joints keep `world` as parent,
 *   which SDF reads as the world frame. A `world` link with content is left alone (and is then
 *   a RESERVED_NAME error when written).
 * - URDF lets a joint share its name with a link; SDF 1.7+ requires unique sibling names
 *   (libsdformat: "has a name collision"). Such a joint is renamed with the suffix `_joint`
 *   (repeated until the name is free). Mimic references to the renamed joint follow.
 *
 * Pure: returns the input unchanged when neither applies.
 */
export function urdfConventionsForSdf(robot: Robot): Robot {
  const joints = robot.joints ?? [];
  const world = robot.links.find((l) => l.name === "world");
  const dropWorld =
    world !== undefined &&
    !joints.some((j) => j.child === "world") &&
    world.inertial === undefined &&
    (world.visuals ?? []).length === 0 &&
    (world.collisions ?? []).length === 0 &&
    (world.sensors ?? []).length === 0;
  const links = dropWorld ? robot.links.filter((l) => l !== world) : robot.links;
  const taken = new Set<string>([...links.map((l) => l.name), ...joints.map((j) => j.name)]);
  const linkNames = new Set(links.map((l) => l.name));
  const renamed = new Map<string, string>();
  for (const j of joints) {
    if (!linkNames.has(j.name)) continue;
    let name = `${j.name}_joint`;
    while (taken.has(name)) name = `${name}_joint`;
    taken.add(name);
    renamed.set(j.name, name);
  }
  if (!dropWorld && renamed.size === 0) return robot;
  const newJoints = joints.map((j): Joint => {
    const name = renamed.get(j.name) ?? j.name;
    const old = "mimic" in j ? j.mimic : undefined;
    const target = old === undefined ? undefined : renamed.get(old.joint);
    return old === undefined || target === undefined
      ? { ...j, name }
      : ({ ...j, name, mimic: { ...old, joint: target } } as Joint);
  });
  return { ...robot, links, joints: newJoints };
}
