import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import { jointAxis } from "../../model/Joint.js";
import { rotateVector } from "../../model/Pose.js";
import type { Robot } from "../../model/Robot.js";
import { formatNumber } from "../../util/formatNumber.js";
import { mjcfJointDamping } from "./mjcfJointDamping.js";
import { MJCF_PHYSICS } from "./mjcfPhysics.js";
import { mjcfServoGains, SERVO_CONTROL_PERIOD, servoLoadInertia } from "./mjcfServoGains.js";

const round = (v: number): string => formatNumber(Number(v.toPrecision(3)));

/**
 * A velocity servo whose load takes more than this many control periods to reach a new speed
 * (time constant (I + armature)/kv) visibly lags its controller.
 */
const SLOW_SERVO_PERIODS = 10;

/**
 * What MuJoCo will do with `robot`'s driven joints that the model does not say, as
 * SIMULATOR_APPROXIMATION warnings with JSON pointers (`robokit build` and `robokit sim` print
 * them):
 * - a differential base's wheel whose collision is a cylinder along its axle: MuJoCo touches
 *   the floor at both edges of the tread, not at one point under the axle, so the tyre scrubs
 *   across its width when the base turns;
 * - a differential base's wheel lighter than MuJoCo's contact solver needs against its servo's
 *   gain (`SERVO_ARMATURE_RATIO`): the armature robokit writes in its place;
 * - a velocity servo whose load takes more than 10 control periods to reach a new speed;
 * - a position servo too stiff for its joint's inertia at MuJoCo's step (ω·h > 1, with
 *   ω = √(kp / (I + h·b)), b the joint's damping): MuJoCo integrates the servo's spring
 *   explicitly and its damping implicitly.
 */
export function mjcfDriveWarnings(robot: Robot): Diagnostic[] {
  const out: Diagnostic[] = [];
  const servos = mjcfServoGains(robot);
  const links = new Map(robot.links.map((l) => [l.name, l] as const));
  // A differential base turns by sliding something sideways; steered, omni, mecanum and
  // car-like bases roll their wheels along their paths, so their treads do not scrub.
  const drive = robot.drive;
  const scrubbing = new Set(drive?.type === "differential" ? [...drive.left, ...drive.right] : []);
  (robot.joints ?? []).forEach((j, i) => {
    const servo = servos.get(j.name);
    if (servo === undefined) return;
    const add = (path: string, message: string): void => {
      out.push({ code: "SIMULATOR_APPROXIMATION", severity: "warning", jsonPath: path, message });
    };
    const where = `joint "${j.name}"`;
    if (servo.command === "position") {
      // The implicit step adds the joint's damping as the inertia h·b: the spring sees both.
      const inertia = servo.load.axisInertia + servo.armature + MJCF_PHYSICS.timestep * mjcfJointDamping(j);
      const stiffness = inertia > 0 ? MJCF_PHYSICS.timestep * Math.sqrt(servo.gain / inertia) : 0;
      // A derived kp sits exactly at 1 (mjcfServoGains caps it there): only rounding above it.
      if (stiffness > 1 + 1e-9)
        add(
          `/joints/${i}/actuator/${servo.derived ? "armature" : "pid/p"}`,
          `${where}: MuJoCo integrates its position servo's spring (kp ${round(servo.gain)}) explicitly, and against the joint's inertia with its damping's h·b (${round(inertia)} kg·m²) it swings ${round(stiffness)} rad per ${formatNumber(MJCF_PHYSICS.timestep * 1000)} ms step (ω·h; above 1 a step cannot follow it, above 2 the joint diverges); lower actuator.pid.p or give the joint its rotor inertia (actuator.armature)`,
        );
      return;
    }
    if (servo.command !== "velocity") return;
    const wheel = servo.load.wheel;
    const link = links.get(j.child);
    const k = (link?.collisions ?? []).findIndex((c) => c.geometry.type === "cylinder" || c.geometry.type === "sphere");
    const collision = k < 0 ? undefined : link?.collisions?.[k];
    if (
      wheel !== undefined &&
      scrubbing.has(j.name) &&
      collision?.geometry.type === "cylinder" &&
      alongAxle(j, collision.origin?.rpy)
    )
      add(
        `/links/${robot.links.findIndex((l) => l.name === j.child)}/collisions/${k}/geometry`,
        `${where}: MuJoCo touches the floor with this cylinder at both edges of its tread, not at one point under the axle, so the tyre scrubs across its ${round(collision.geometry.length)} m width when the base turns (a skid-steer base turns about 4 % slower than on a point contact) and a tilt lifts one edge; a sphere of the wheel radius as the collision (a crowned tyre) touches at one point`,
      );
    if (servo.armature > servo.modelArmature)
      add(
        `/joints/${i}/actuator/armature`,
        `${where}: MuJoCo sizes contact friction with the joint's inertia (${round(servo.load.axisInertia + servo.modelArmature)} kg·m² with the model's armature) but integrates its velocity servo as kv·h = ${round(servo.gain * MJCF_PHYSICS.timestep)} more. A wheel this light grips with a fraction of its friction (a skid-steer base turned at a third of its Coulomb rate), so the MJCF gives the joint armature ${round(servo.armature)} and the wheel accelerates as if that rotor inertia were there; set actuator.armature to the motor's rotor inertia times its reduction squared`,
      );
    const load = servoLoadInertia(servo.load, servo.armature);
    const tau = load / servo.gain;
    if (tau > SLOW_SERVO_PERIODS * SERVO_CONTROL_PERIOD)
      add(
        `/joints/${i}/actuator/pid/p`,
        `${where}: its velocity servo (kv ${round(servo.gain)}) brings its load (${round(load)} kg·m² with the base it pushes) to a new speed in ${round(tau)} s, more than ${SLOW_SERVO_PERIODS} control periods of ${formatNumber(SERVO_CONTROL_PERIOD * 1000)} ms: in MuJoCo the wheel lags its commands and the base its twist; raise actuator.pid.p or leave it out to have it derived`,
      );
  });
  return out;
}

/** Whether a cylinder collision (its axis z, turned by `rpy` in the link) lies along the joint's axis. */
function alongAxle(j: Parameters<typeof jointAxis>[0], rpy: readonly [number, number, number] | undefined): boolean {
  const axis = jointAxis(j) ?? [1, 0, 0];
  const z = rotateVector(rpy ?? [0, 0, 0], [0, 0, 1]);
  const n = Math.hypot(axis[0], axis[1], axis[2]);
  return Math.abs((z[0] * axis[0] + z[1] * axis[1] + z[2] * axis[2]) / n) > 0.99;
}
