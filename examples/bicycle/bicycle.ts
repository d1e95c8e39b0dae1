/**
 * A bicycle-model base: one steered front wheel and one driven rear wheel on the centre line,
 * with two frictionless outrigger balls that keep it upright (a delivery cart, not a
 * balancing bicycle). bicycle_steering_controller steers the front wheel and drives the rear
 * one; its base frame is the rear wheel's axle, so base_link is there.
 *
 * Every number is a named assumption below (examples/bicycle/README.md).
 */
import { box, cylinder, type Robot, RobotBuilder, solidLink, sphere } from "robokit";

/** Chassis box (m) and mass (kg). */
const CHASSIS = { length: 0.9, width: 0.4, height: 0.12, mass: 15 } as const;
/** Wheel radius and width (m), mass (kg); both wheels alike. */
const WHEEL = { radius: 0.1, width: 0.05, mass: 1 } as const;
/** Rear axle to the steering axis (m). */
const WHEELBASE = 0.7;
/** Steering: ±0.8 rad, 2 rad/s, 10 N·m. */
const STEER_LIMIT = { lower: -0.8, upper: 0.8, effort: 10, velocity: 2 } as const;
/** Rear wheel joint limits: torque (N·m) and speed (rad/s). */
const WHEEL_LIMIT = { effort: 15, velocity: 10 } as const;
/** Steering fork: a small block carrying the front wheel (m, kg). */
const FORK = { size: 0.05, mass: 0.4 } as const;
/** Outrigger balls at mid-wheelbase, y = ±OUTRIGGER.y (m), touching the floor with the wheels. */
const OUTRIGGER = { radius: 0.04, y: 0.18, mass: 0.2 } as const;

/**
 * Wheel velocity-servo gain (N·m per rad/s): full torque at a speed error of a tenth of the top
 * speed, so a wheel loaded to half its torque runs 5 % of its top speed slow.
 */
const WHEEL_KV = (10 * WHEEL_LIMIT.effort) / WHEEL_LIMIT.velocity;
/**
 * Steering servo P gain (N·m/rad), critically damped: kp = b²/(4·I), the stiffest servo that does
 * not overshoot. b = effort/velocity is the damping robokit's MJCF gives a position servo (the
 * motor's speed–torque slope), I the fork and wheel inertia about the steering axis (the
 * wheel's about a diameter). MuJoCo's default kp = 1 would take b/kp = 5 s to respond.
 */
const STEER_KP = (STEER_LIMIT.effort / STEER_LIMIT.velocity) ** 2 / (4 * steeringInertia());

/** Inertia about the steering axis (kg·m²): the holder's about its z, the wheel's about its y (turned onto z). */
function steeringInertia(): number {
  const holder = solidLink("holder", { shape: box(FORK.size, FORK.size, FORK.size), mass: FORK.mass });
  const wheel = solidLink("wheel", { shape: cylinder(WHEEL.radius, WHEEL.width), mass: WHEEL.mass });
  return (holder.inertial?.inertia.izz ?? 0) + (wheel.inertial?.inertia.iyy ?? 0);
}

function buildBicycle(): Robot {
  const b = new RobotBuilder("bicycle").material("green", [0.2, 0.55, 0.3, 1]).material("black", [0.1, 0.1, 0.1, 1]);
  // base_link on the rear wheel's axle; the chassis reaches forward.
  b.link(
    solidLink("base_link", {
      shape: box(CHASSIS.length, CHASSIS.width, CHASSIS.height),
      mass: CHASSIS.mass,
      material: "green",
      origin: { xyz: [WHEELBASE / 2, 0, CHASSIS.height / 2], rpy: [0, 0, 0] },
    }),
  );
  const wheel = (name: string): void => {
    b.link(solidLink(name, { shape: cylinder(WHEEL.radius, WHEEL.width), mass: WHEEL.mass, material: "black" }));
  };
  // Cylinder axis (z) turned onto +y: a positive rate rolls forward.
  wheel("rear_wheel");
  b.joint({
    name: "rear_wheel_joint",
    type: "continuous",
    parent: "base_link",
    child: "rear_wheel",
    origin: { xyz: [0, 0, 0], rpy: [-Math.PI / 2, 0, 0] },
    axis: [0, 0, 1],
    limit: WHEEL_LIMIT,
    actuator: { command: "velocity", pid: { p: WHEEL_KV } },
  });
  // Front: a steering joint about +z (positive turns left), carrying a free-rolling wheel.
  b.link(solidLink("steering_fork", { shape: box(FORK.size, FORK.size, FORK.size), mass: FORK.mass }));
  b.joint({
    name: "steering_joint",
    type: "revolute",
    parent: "base_link",
    child: "steering_fork",
    origin: { xyz: [WHEELBASE, 0, 0], rpy: [0, 0, 0] },
    axis: [0, 0, 1],
    limit: STEER_LIMIT,
    actuator: { command: "position", pid: { p: STEER_KP } },
  });
  wheel("front_wheel");
  b.joint({
    name: "front_wheel_joint",
    type: "continuous",
    parent: "steering_fork",
    child: "front_wheel",
    origin: { xyz: [0, 0, 0], rpy: [-Math.PI / 2, 0, 0] },
    axis: [0, 0, 1],
  });
  for (const [side, y] of [
    ["left", OUTRIGGER.y],
    ["right", -OUTRIGGER.y],
  ] as const) {
    const ball = solidLink(`${side}_outrigger`, {
      shape: sphere(OUTRIGGER.radius),
      mass: OUTRIGGER.mass,
      material: "black",
    });
    b.link({ ...ball, collisions: (ball.collisions ?? []).map((c) => ({ ...c, surface: { mu: 0, mu2: 0 } })) });
    b.joint({
      name: `${side}_outrigger_joint`,
      type: "fixed",
      parent: "base_link",
      child: `${side}_outrigger`,
      origin: { xyz: [WHEELBASE / 2, y, OUTRIGGER.radius - WHEEL.radius], rpy: [0, 0, 0] },
    });
  }
  b.drive({ type: "bicycle", steering: "steering_joint", traction: "rear_wheel_joint" });
  b.packageInfo({
    name: "bicycle_description",
    version: "0.1.0",
    description: "A bicycle-model base with a steered front wheel, generated by robokit.",
    maintainer: { name: "robokit", email: "robokit@example.com" },
    license: "Apache-2.0",
  });
  return b.build();
}

/** The bicycle-model base. */
export const bicycle: Robot = buildBicycle();
