import type { MecanumGeometry } from "./driveGeometry.js";
import type { Robot } from "./Robot.js";

/** A mecanum wheel modelled as a plain wheel: why, at a JSON pointer into the model. */
export interface PlainMecanumWheel {
  readonly message: string;
  readonly jsonPath: string;
}

/**
 * The mecanum wheels whose link carries no roller joints (no continuous joint below it). A
 * real mecanum wheel's rollers let the base move sideways; a simulator (Gazebo, MuJoCo) rolls a
 * wheel modelled without them as an ordinary wheel, so the simulated base cannot. `build`
 * warns of it; `sim` refuses the robot with the same words.
 */
export function plainMecanumWheels(robot: Robot, g: MecanumGeometry): PlainMecanumWheel[] {
  const joints = robot.joints ?? [];
  const out: PlainMecanumWheel[] = [];
  for (const key of ["frontLeft", "frontRight", "rearLeft", "rearRight"] as const) {
    const wheel = g[key].joint;
    const link = joints.find((j) => j.name === wheel)?.child;
    if (!joints.some((j) => j.parent === link && j.type === "continuous"))
      out.push({
        message: `mecanum wheel joint "${wheel}" spins a plain wheel (no roller joints below its link "${link ?? ""}"): Gazebo and MuJoCo roll it as an ordinary wheel, so the simulated base cannot move sideways; model its rollers as passive continuous joints (as the bundled mecanum example does)`,
        jsonPath: `/drive/${key}`,
      });
  }
  return out;
}
