import type { ArduPilotLink } from "./ArduPilotLink.js";
import type { Drive } from "./Drive.js";
import type { ImportedAsRead } from "./ImportedAsRead.js";
import type { Joint } from "./Joint.js";
import type { Link } from "./Link.js";
import type { Material } from "./Material.js";
import type { Pose } from "./Pose.js";
import type { XmlBlock } from "./XmlBlock.js";

/** Metadata for the generated ROS package (package.xml). */
export interface PackageInfo {
  /** ROS package name; default `<robot>_description`. */
  readonly name?: string;
  /** Semantic version; default "0.1.0". */
  readonly version?: string;
  readonly description?: string;
  readonly maintainer?: { readonly name: string; readonly email: string };
  /** SPDX licence id; default "Apache-2.0". */
  readonly license?: string;
}

/**
 * A robot: the single source every output is generated from. Plain readonly data, so it
 * can be written as a TypeScript object, built with {@link RobotBuilder}, or loaded from
 * a JSON/YAML document checked by schemas/robot.schema.json.
 *
 * Order matters and is kept: files list materials, links and joints in declaration order.
 */
export interface Robot {
  /** JSON Schema reference for editors; ignored by robokit. */
  readonly $schema?: string;
  readonly name: string;
  readonly materials?: readonly Material[];
  readonly links: readonly Link[];
  readonly joints?: readonly Joint[];
  readonly drive?: Drive;
  readonly package?: PackageInfo;
  /** Connect the robot to ArduPilot SITL (modern Gazebo ArduPilotPlugin). */
  readonly ardupilot?: ArduPilotLink;
  /** Extension blocks kept verbatim (e.g. from an imported URDF); the URDF emitter writes them back. */
  readonly xmlBlocks?: readonly XmlBlock[];
  /**
   * `world_T_root`: where the robot stands in the world (SDF `<model><pose>`), e.g. a model read
   * from an SDF world. Default identity. URDF has no place for it.
   */
  readonly pose?: Pose;
  /** Set by `robokit import`: the robot is kept as its file says and checked leniently. */
  readonly imported?: ImportedAsRead;
}
