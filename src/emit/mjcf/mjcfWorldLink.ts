import { rootLink } from "../../model/linkPoses.js";
import type { Robot } from "../../model/Robot.js";

/**
 * The URDF link that stands for the world, if the robot has one: a root link named `world`,
 * the convention urdfdom, Gazebo and MoveIt share for a robot bolted down (a fixed joint from
 * `world`) or placed by a joint. MJCF has a world body of its own (`<worldbody>`; MuJoCo refuses
 * a second body named "world"), so this link's joints are written from it and the robot gets
 * no free joint.
 */
export function mjcfWorldLink(robot: Robot): string | undefined {
  const root = rootLink(robot);
  return root === "world" ? root : undefined;
}
