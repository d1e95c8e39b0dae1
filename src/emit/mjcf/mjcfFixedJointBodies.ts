import { lumpFixedJoints, type LumpedLink } from "../../model/lumpFixedJoints.js";
import type { Robot } from "../../model/Robot.js";
import { assertNever } from "../../util/assertNever.js";
import type { MjcfFixedJoints } from "./EmitMjcfOptions.js";

/** The robot whose links become MJCF bodies, and the link frames merged away. */
export interface MjcfFixedJointBodies {
  readonly robot: Robot;
  /** Links merged into an ancestor ("merge"): each is written as a site at its pose in the surviving body. */
  readonly merged: readonly LumpedLink[];
}

/**
 * The links written as bodies under `mode`: all of them ("weld"), or the survivors of
 * fixed-joint lumping ("merge", {@link lumpFixedJoints}: composite mass, centre of mass and
 * tensor by the parallel-axis theorem; geoms and sensors re-posed). Fixed joints from a URDF
 * `world` link are never merged: they bolt the robot down.
 */
export function mjcfFixedJointBodies(robot: Robot, mode: MjcfFixedJoints): MjcfFixedJointBodies {
  switch (mode) {
    case "weld":
      return { robot, merged: [] };
    case "merge": {
      const { robot: lumped, lumped: merged } = lumpFixedJoints(robot);
      return { robot: lumped, merged };
    }
    default:
      return assertNever(mode, "fixed-joint mode");
  }
}
