import { DISTRO_FACTS, type RosDistro } from "../gazebo/RosDistro.js";
import { assertNever } from "../../util/assertNever.js";

/** ROS 2 joint_state_broadcaster `extra_joints`: a string array of joint names. */
export type Ros2ExtraJoints = {
  readonly extra_joints: readonly string[];
};

/**
 * ROS 1 joint_state_controller `extra_joints`: a list of maps, each with a `name` and optional
 * `position`, `velocity`, `effort` (doubles, each 0 when absent). robokit writes the name alone.
 */
export type Ros1ExtraJoints = {
  readonly extra_joints: readonly { readonly name: string }[];
};

/**
 * The parameter that makes a distro's joint state publisher report joints without a state
 * interface (passive joints such as Robotino's rollers) at position 0, so robot_state_publisher
 * has a TF for every link. Nothing when there are none (both default to an empty list).
 *
 * Shapes, from the controllers' sources:
 * - ROS 2 (humble, jazzy, kilted, rolling): joint_state_broadcaster's `extra_joints`,
 *   `string_array`, default `[]` (ros2_controllers joint_state_broadcaster/src/
 *   joint_state_broadcaster_parameters.yaml; added in ros2_controllers 0.3.0, #179, so every
 *   ROS 2 distro robokit targets has it).
 * - ROS 1 (noetic): joint_state_controller reads `extra_joints` as an XmlRpc array of structs;
 *   a struct without `name` is ignored, `position`/`velocity`/`effort` must be doubles when
 *   present (ros_controllers joint_state_controller/src/joint_state_controller.cpp,
 *   `addExtraJoints`).
 */
export function jointStateExtraJoints(
  distro: RosDistro,
  passive: readonly string[],
): Ros2ExtraJoints | Ros1ExtraJoints | Record<string, never> {
  if (passive.length === 0) return {};
  switch (DISTRO_FACTS[distro].ros) {
    case 2:
      return { extra_joints: [...passive] };
    case 1:
      return { extra_joints: passive.map((name) => ({ name })) };
    default:
      assertNever(DISTRO_FACTS[distro].ros, "ROS version");
  }
}
