import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { emitWorld } from "../../src/emit/world/emitWorld.js";
import { worldForRobot } from "../../src/emit/world/worldForRobot.js";
import type { Robot } from "../../src/model/Robot.js";
import { lowestCollisionPoint } from "../../src/emit/mjcf/lowestCollisionPoint.js";
import { num } from "../../src/emit/xml/xmlDocument.js";

/**
 * The world robokit generates for `robot` on modern Gazebo (physics step, gravity, ground
 * plane; SDF 1.9), without static scenery, with the robot's generated SDF model inside it,
 * lifted to rest on the ground: what Gazebo holds once the launch file has spawned the robot.
 */
export function dartWorld(robot: Robot): { readonly sdf: string; readonly timestep: number } {
  const { vineyard: _scenery, objects: _objects, ...spec } = worldForRobot(robot);
  const world = emitWorld(spec, "gz");
  const found = /<model[\s\S]*<\/model>/.exec(emitSdf(robot, { version: "1.9" }))?.[0];
  if (found === undefined) throw new Error(`no <model> in the SDF of ${robot.name}`);
  // Spawned resting on the ground, as the MJCF's root is lifted: a base whose frame is on the
  // axles would otherwise start with its wheels half in the ground plane.
  const lift = -(lowestCollisionPoint(robot) ?? 0);
  const model = lift > 0 ? found.replace(/<pose>0 0 0 0 0 0<\/pose>/, `<pose>0 0 ${num(lift)} 0 0 0</pose>`) : found;
  return { sdf: world.replace(/<\/world>/, `${model}\n  </world>`), timestep: spec.maxStepSize };
}
