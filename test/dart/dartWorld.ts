import { emitSdf } from "../../src/emit/sdf/emitSdf.js";
import { emitWorld } from "../../src/emit/world/emitWorld.js";
import { worldForRobot } from "../../src/emit/world/worldForRobot.js";
import type { Robot } from "../../src/model/Robot.js";

/**
 * The world robokit generates for `robot` on modern Gazebo (physics step, gravity, ground
 * plane; SDF 1.9), without static scenery, with the robot's generated SDF model inside it:
 * what Gazebo holds once the launch file has spawned the robot.
 */
export function dartWorld(robot: Robot): { readonly sdf: string; readonly timestep: number } {
  const { vineyard: _scenery, objects: _objects, ...spec } = worldForRobot(robot);
  const world = emitWorld(spec, "gz");
  const model = /<model[\s\S]*<\/model>/.exec(emitSdf(robot, { version: "1.9" }))?.[0];
  if (model === undefined) throw new Error(`no <model> in the SDF of ${robot.name}`);
  return { sdf: world.replace(/<\/world>/, `${model}\n  </world>`), timestep: spec.maxStepSize };
}
