import type { Robot } from "../model/Robot.js";
import { emitMjcf, type MjcfFixedJoints } from "./mjcf/emitMjcf.js";
import { emitSdfFromOptions } from "./sdf/sdfFromEmitOptions.js";
import { urdfArtifact } from "./package/packageArtifacts.js";

/** Options every single-file emitter accepts (each reads only what it needs). */
export interface EmitOptions {
  /** SDF version, e.g. "1.9". */
  readonly sdfVersion?: string;
  /** Simulation target: "gz" (default), "classic" or "ros1". */
  readonly target?: string;
  /** ROS distro: "jazzy" (default for gz), "humble", "kilted", "rolling", "noetic" (ros1). */
  readonly distro?: string;
  /** MJCF: fixed joints as welded bodies ("weld", default) or merged into their parents ("merge"). */
  readonly fixedJoints?: MjcfFixedJoints;
}

/** A single-file output format of `robokit emit`. */
export interface EmitFormat {
  readonly description: string;
  readonly emit: (robot: Robot, options: EmitOptions) => string;
}

/**
 * The formats `robokit emit --format X` knows, in the order `--help` lists them.
 * Each emitter family adds its entry here.
 */
export const emitFormats: Readonly<Record<string, EmitFormat>> = {
  urdf: {
    description: "URDF 1.0 with the --target's ros2_control, transmission and <gazebo> blocks (same file as build)",
    emit: (robot, options) => urdfArtifact(robot, options).content,
  },
  sdf: { description: "SDF 1.6 to 1.11, one <model> (--sdf-version, default 1.9)", emit: emitSdfFromOptions },
  mjcf: {
    description: "MJCF for MuJoCo 2.2+ and 3.x: robot on a floor plane, actuators and sensors",
    emit: (robot, options) =>
      emitMjcf(robot, options.fixedJoints === undefined ? {} : { fixedJoints: options.fixedJoints }),
  },
};
