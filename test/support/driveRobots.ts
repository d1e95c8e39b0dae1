import type { Drive } from "../../src/model/Drive.js";
import type { Inertial } from "../../src/model/Inertial.js";
import type { Joint } from "../../src/model/Joint.js";
import type { Link } from "../../src/model/Link.js";
import { composePoses, invertPose, type Pose } from "../../src/model/Pose.js";
import type { Robot } from "../../src/model/Robot.js";
import type { Vec3 } from "../../src/model/Vector.js";

/** How a wheel joint writes "spin about the base's +y": three equivalent (origin rpy, axis) pairs. */
export const WHEEL_STYLES: readonly { readonly rpy: Vec3; readonly axis: Vec3 }[] = [
  { rpy: [0, 0, 0], axis: [0, 1, 0] },
  { rpy: [-Math.PI / 2, 0, 0], axis: [0, 0, 1] },
  { rpy: [Math.PI / 2, 0, 0], axis: [0, 0, -1] },
];

/** A wheel joint to build: where its centre is in the base frame (m), its radius (m), how it spins. */
export interface WheelSpec {
  readonly joint: string;
  readonly at: Vec3;
  readonly radius: number;
  /** Index into {@link WHEEL_STYLES}; default 0. */
  readonly style?: number;
  /** Spin the other way (a positive rate rolls towards −x). */
  readonly reverse?: boolean;
  /** limit.velocity (rad/s); absent = no limit. */
  readonly maxSpeed?: number;
  /** Carry one passive roller joint (a mecanum wheel's, as far as the model check asks). */
  readonly roller?: boolean;
}

/** A steering joint to build, with the (passive) wheel it carries. */
export interface SteerSpec {
  readonly joint: string;
  /** Steering axis on the ground plane, in the base frame (m); the wheel centre sits on it. */
  readonly at: Vec3;
  readonly limits: readonly [number, number];
  readonly maxRate: number;
  readonly wheel: { readonly joint: string; readonly radius: number; readonly style?: number };
}

const INERTIAL: Inertial = { mass: 1, inertia: { ixx: 0.01, ixy: 0, ixz: 0, iyy: 0.01, iyz: 0, izz: 0.01 } };

/**
 * A valid robot whose wheels and steering joints sit exactly where the specs say, in the frame
 * of `base_link`. The wheels hang from a `chassis` link fixed to base_link at `chassis`
 * (base_T_chassis), so that reading them back goes through a frame change. Wheel joints have
 * velocity actuators, steering joints position actuators; the steered wheels are passive.
 */
export function wheeledRobot(options: {
  readonly name?: string;
  readonly chassis?: Pose;
  readonly wheels: readonly WheelSpec[];
  readonly steering?: readonly SteerSpec[];
  readonly drive: Drive;
}): Robot {
  const base_T_chassis = options.chassis ?? { xyz: [0, 0, 0], rpy: [0, 0, 0] };
  const chassis_T_base = invertPose(base_T_chassis);
  const links: Link[] = [
    { name: "base_link" },
    {
      name: "chassis",
      collisions: [{ geometry: { type: "box", size: [0.3, 0.2, 0.1] } }],
      inertial: INERTIAL,
    },
  ];
  const joints: Joint[] = [
    { name: "chassis_joint", type: "fixed", parent: "base_link", child: "chassis", origin: base_T_chassis },
  ];
  const wheelLink = (name: string, radius: number): Link => ({
    name,
    collisions: [{ geometry: { type: "cylinder", radius, length: 0.04 } }],
    inertial: INERTIAL,
  });
  for (const w of options.wheels) {
    const style = WHEEL_STYLES[w.style ?? 0]!;
    const axis: Vec3 = w.reverse === true ? [-style.axis[0], -style.axis[1], -style.axis[2]] : style.axis;
    links.push(wheelLink(`${w.joint}_link`, w.radius));
    joints.push({
      name: w.joint,
      type: "continuous",
      parent: "chassis",
      child: `${w.joint}_link`,
      origin: composePoses(chassis_T_base, { xyz: w.at, rpy: style.rpy }),
      axis,
      actuator: { command: "velocity" },
      ...(w.maxSpeed === undefined ? {} : { limit: { effort: 10, velocity: w.maxSpeed } }),
    });
    if (w.roller === true) {
      links.push({ name: `${w.joint}_roller`, inertial: INERTIAL });
      joints.push({
        name: `${w.joint}_roller_joint`,
        type: "continuous",
        parent: `${w.joint}_link`,
        child: `${w.joint}_roller`,
        axis: [Math.SQRT1_2, 0, Math.SQRT1_2],
      });
    }
  }
  for (const s of options.steering ?? []) {
    const style = WHEEL_STYLES[s.wheel.style ?? 0]!;
    links.push({ name: `${s.joint}_link`, inertial: INERTIAL }, wheelLink(`${s.wheel.joint}_link`, s.wheel.radius));
    joints.push(
      {
        name: s.joint,
        type: "revolute",
        parent: "chassis",
        child: `${s.joint}_link`,
        origin: composePoses(chassis_T_base, { xyz: s.at, rpy: [0, 0, 0] }),
        axis: [0, 0, 1],
        actuator: { command: "position" },
        limit: { lower: s.limits[0], upper: s.limits[1], effort: 10, velocity: s.maxRate },
      },
      {
        name: s.wheel.joint,
        type: "continuous",
        parent: `${s.joint}_link`,
        child: `${s.wheel.joint}_link`,
        origin: { xyz: [0, 0, 0], rpy: style.rpy },
        axis: style.axis,
      },
    );
  }
  return { name: options.name ?? "base", links, joints, drive: options.drive };
}
