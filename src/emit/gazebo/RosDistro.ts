import { parseSimTarget, type SimTarget } from "./SimTarget.js";
import { assertNever } from "../../util/assertNever.js";

/** A ROS distribution robokit writes packages for (`robokit build --distro`). */
export type RosDistro = "humble" | "jazzy" | "kilted" | "rolling" | "noetic";

/** Every distro, default (the newest LTS) first. */
export const ROS_DISTROS = ["jazzy", "humble", "kilted", "rolling", "noetic"] as const satisfies readonly RosDistro[];

/** What differs between distros in the generated files. One row per distro in {@link DISTRO_FACTS}. */
export interface DistroFacts {
  /** ROS generation: 1 (catkin, roslaunch XML) or 2 (ament_cmake, Python launch). */
  readonly ros: 1 | 2;
  /** Targets with released binaries on this distro, default first. */
  readonly targets: readonly SimTarget[];
  /** Ubuntu release of the distro's binaries (rosdep `--os ubuntu:<this>`; REP 2000). */
  readonly ubuntu: string;
  /** The Gazebo each target runs on this distro (docs/ros-packages.md#targets-and-ros-distros). */
  readonly gazebo: Readonly<Partial<Record<SimTarget, string>>>;
  /** gz-sim system library prefix and class namespace: Fortress only knows the ignition names. */
  readonly gzSystems: {
    readonly filePrefix: "ignition-gazebo" | "gz-sim";
    readonly namespace: "ignition::gazebo::systems" | "gz::sim::systems";
  };
  /** The `<sensor>` child that sets the frame_id of gz sensor messages (Fortress: ignition_frame_id). */
  readonly sensorFrameElement: "ignition_frame_id" | "gz_frame_id";
  /** Whether ros2_controllers ships omni_wheel_drive_controller (Jazzy and later). */
  readonly omniWheelDriveController: boolean;
  /** The RViz package. */
  readonly rviz: "rviz2" | "rviz";
  /** Environment variable Gazebo reads model resources from (docs/model.md). */
  readonly gazeboResourcePath: "IGN_GAZEBO_RESOURCE_PATH" | "GZ_SIM_RESOURCE_PATH" | "GAZEBO_MODEL_PATH";
}

/**
 * The one table of per-distro facts. Sources: ros_gz's README (ROS↔Gazebo pairs),
 * gz_ros2_control's documentation (gz-sim plugin names and the frame element),
 * ros2_controllers' release notes (omni_wheel_drive_controller from Jazzy, not in Humble),
 * Gazebo Classic's end of life (Classic only up to Humble) and the released package lists of ros/rosdistro 8468e88 (2026-08-22), a
 * trimmed copy of which is in test/fixtures/rosdistro (hector_gazebo_plugins and
 * gazebo_ros2_control: Humble has only the latter; noetic has the former).
 */
export const DISTRO_FACTS: Readonly<Record<RosDistro, DistroFacts>> = {
  humble: {
    ros: 2,
    targets: ["gz", "classic"],
    ubuntu: "jammy",
    gazebo: { gz: "Gazebo Fortress (ign-gazebo 6)", classic: "Gazebo Classic 11" },
    gzSystems: { filePrefix: "ignition-gazebo", namespace: "ignition::gazebo::systems" },
    sensorFrameElement: "ignition_frame_id",
    omniWheelDriveController: false,
    rviz: "rviz2",
    gazeboResourcePath: "IGN_GAZEBO_RESOURCE_PATH",
  },
  jazzy: {
    ros: 2,
    targets: ["gz"],
    ubuntu: "noble",
    gazebo: { gz: "Gazebo Harmonic (gz-sim 8)" },
    gzSystems: { filePrefix: "gz-sim", namespace: "gz::sim::systems" },
    sensorFrameElement: "gz_frame_id",
    omniWheelDriveController: true,
    rviz: "rviz2",
    gazeboResourcePath: "GZ_SIM_RESOURCE_PATH",
  },
  kilted: {
    ros: 2,
    targets: ["gz"],
    ubuntu: "noble",
    gazebo: { gz: "Gazebo Ionic (gz-sim 9)" },
    gzSystems: { filePrefix: "gz-sim", namespace: "gz::sim::systems" },
    sensorFrameElement: "gz_frame_id",
    omniWheelDriveController: true,
    rviz: "rviz2",
    gazeboResourcePath: "GZ_SIM_RESOURCE_PATH",
  },
  rolling: {
    ros: 2,
    targets: ["gz"],
    ubuntu: "resolute",
    gazebo: { gz: "Gazebo Jetty (gz-sim 10)" },
    gzSystems: { filePrefix: "gz-sim", namespace: "gz::sim::systems" },
    sensorFrameElement: "gz_frame_id",
    omniWheelDriveController: true,
    rviz: "rviz2",
    gazeboResourcePath: "GZ_SIM_RESOURCE_PATH",
  },
  noetic: {
    ros: 1,
    targets: ["ros1"],
    ubuntu: "focal",
    gazebo: { ros1: "Gazebo Classic 11" },
    gzSystems: { filePrefix: "gz-sim", namespace: "gz::sim::systems" },
    sensorFrameElement: "gz_frame_id",
    omniWheelDriveController: false,
    rviz: "rviz",
    gazeboResourcePath: "GAZEBO_MODEL_PATH",
  },
};

/** A target together with the distro it is written for. */
export interface RosPlatform {
  readonly target: SimTarget;
  readonly distro: RosDistro;
}

/** The distro a target is written for when no `--distro` is given: jazzy for gz, humble for classic, noetic for ros1. */
export function defaultDistro(target: SimTarget): RosDistro {
  switch (target) {
    case "gz":
      return "jazzy";
    case "classic":
      return "humble";
    case "ros1":
      return "noetic";
    default:
      assertNever(target, "simulation target");
  }
}

/** The distros a target can be written for, in {@link ROS_DISTROS} order. */
export function distrosOf(target: SimTarget): RosDistro[] {
  return ROS_DISTROS.filter((d) => DISTRO_FACTS[d].targets.includes(target));
}

/**
 * Reads a distro name (from `--distro`). Throws RangeError naming the accepted values for
 * anything else.
 */
export function parseDistro(text: string): RosDistro {
  const found = ROS_DISTROS.find((d) => d === text);
  if (found === undefined)
    throw new RangeError(`unknown ROS distro "${text}"; expected one of ${ROS_DISTROS.join(", ")}`);
  return found;
}

/**
 * The platform for an optional target and distro: a missing distro is the target's
 * default; a missing target is the distro's first (so `--distro noetic` alone means ros1).
 * Throws RangeError when the distro has no binaries for the target (e.g. classic on jazzy:
 * gazebo_ros2_control is released for Humble only).
 */
export function resolvePlatform(target: SimTarget | undefined, distro: RosDistro | undefined): RosPlatform {
  if (distro === undefined) {
    const t = target ?? "gz";
    return { target: t, distro: defaultDistro(t) };
  }
  const facts = DISTRO_FACTS[distro];
  const t = target ?? facts.targets[0] ?? "gz";
  if (!facts.targets.includes(t)) {
    throw new RangeError(
      `--target ${t} is not available on ${distro} (it has ${facts.targets.join(", ")}); ${t} runs on ${distrosOf(t).join(", ")}`,
    );
  }
  return { target: t, distro };
}

/** gz-sim system plugin `filename` and `name` of a system (e.g. "imu", "Imu") on a distro. */
export function gzSystem(
  distro: RosDistro,
  file: string,
  className: string,
): { readonly filename: string; readonly name: string } {
  const s = DISTRO_FACTS[distro].gzSystems;
  return { filename: `${s.filePrefix}-${file}-system`, name: `${s.namespace}::${className}` };
}

/**
 * The platform of emitter options (`target`, `distro` as typed on the command line).
 * Throws RangeError for unknown names or a pair that does not exist.
 */
export function platformOf(options: { readonly target?: string; readonly distro?: string }): RosPlatform {
  return resolvePlatform(
    options.target === undefined ? undefined : parseSimTarget(options.target),
    options.distro === undefined ? undefined : parseDistro(options.distro),
  );
}
