import type { Robot } from "../model/Robot.js";
import type { Diagnostic } from "../diagnostics/Diagnostic.js";

/**
 * A robot read from a description file. `robot` is present only when no error was found
 * (it has passed checkRobot); warnings and infos say what the conversion left out.
 */
export interface ModelReadResult {
  readonly robot?: Robot;
  readonly diagnostics: Diagnostic[];
  /**
   * URDF only: fixed joints the file asks Gazebo not to lump (`<gazebo reference="JOINT">` with
   * `<preserveFixedJoint>` or `<disableFixedJointLumping>` true), for `lumpFixedJoints`.
   */
  readonly keepFixedJoints?: readonly string[];
}
