import type { SdfVersion } from "../sdf/SdfVersion.js";

/**
 * A simulation target of `robokit build --target`:
 * - `gz`: modern Gazebo (Fortress on Humble, Harmonic on Jazzy, Ionic on Kilted, Jetty on
 *   Rolling; see DISTRO_FACTS) with gz_ros2_control and gz-sim systems, ROS 2;
 * - `classic`: Gazebo Classic 11 with gazebo_ros plugins and gazebo_ros2_control, ROS 2 Humble;
 * - `ros1`: Gazebo Classic 11 with gazebo_ros_control and transmissions, ROS 1 Noetic.
 */
export type SimTarget = "gz" | "classic" | "ros1";

/** Every target, default first. */
export const SIM_TARGETS = ["gz", "classic", "ros1"] as const satisfies readonly SimTarget[];

/** The default target when none is given. */
export const DEFAULT_SIM_TARGET: SimTarget = "gz";

/**
 * Reads a target name (from `--target`). Undefined gives the default. Throws RangeError
 * naming the accepted values for anything else.
 */
export function parseSimTarget(text: string | undefined): SimTarget {
  if (text === undefined) return DEFAULT_SIM_TARGET;
  const found = SIM_TARGETS.find((t) => t === text);
  if (found === undefined)
    throw new RangeError(`unknown simulation target "${text}"; expected one of ${SIM_TARGETS.join(", ")}`);
  return found;
}

/** True for the ROS 2 targets. */
export function isRos2(target: SimTarget): boolean {
  return target !== "ros1";
}

/**
 * The SDF version written for a target when none is asked for: 1.9 for modern Gazebo (read by
 * every gz-sim release), 1.6 for Gazebo Classic 11 (libsdformat 9 reads at most 1.7).
 */
export function targetSdfVersion(target: SimTarget): SdfVersion {
  return target === "gz" ? "1.9" : "1.6";
}
