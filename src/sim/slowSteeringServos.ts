import { mjcfJointDamping } from "../emit/mjcf/mjcfJointDamping.js";
import type { Robot } from "../model/Robot.js";
import { formatNumber } from "../util/formatNumber.js";

/**
 * Time constant (s) above which a steering servo lags a scenario's steering commands for
 * seconds: MARIO's is 0.067 s.
 */
export const SLOW_SERVO_TIME_CONSTANT = 0.5;

/**
 * Warnings for the steering joints whose MuJoCo position servo is too slow to follow a
 * scenario: the servo's time constant b/kp (the joint's damping in the MJCF, `mjcfJointDamping`,
 * over the P gain, `actuator.pid.p`, default 1) above {@link SLOW_SERVO_TIME_CONSTANT}. Such a
 * base hardly steers in simulation, and its summary's yaw-rate error says so; this says why.
 * @param steerJoints - the drive's steering joints.
 */
export function slowSteeringServos(robot: Robot, steerJoints: readonly string[]): string[] {
  const joints = new Map((robot.joints ?? []).map((j) => [j.name, j] as const));
  return steerJoints.flatMap((name) => {
    const j = joints.get(name);
    if (j?.actuator?.command !== "position") return [];
    const kp = j.actuator.pid?.p ?? 1;
    const tau = mjcfJointDamping(j) / kp;
    return tau > SLOW_SERVO_TIME_CONSTANT
      ? [
          `steering joint "${name}": its position servo (kp ${formatNumber(kp)} N·m/rad against the joint's damping ${formatNumber(mjcfJointDamping(j))} N·m·s/rad) takes ${formatNumber(Number(tau.toPrecision(3)))} s to close 63 % of a step in MuJoCo, so the base will hardly steer; give the actuator a P gain (actuator.pid.p)`,
        ]
      : [];
  });
}
