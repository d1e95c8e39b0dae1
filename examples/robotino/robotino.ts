/**
 * FESTO Robotino 3: a holonomic base on three omni wheels at 120° (seed 004, section 2.4).
 * Each wheel carries two groups of three free rollers, the groups offset by 60°, modelled as
 * passive continuous joints so a physics engine can roll the robot sideways.
 *
 * Numbers with a source are listed in examples/robotino/README.md; every other number is a
 * named assumption below.
 */
import { box, cylinder, type Robot, RobotBuilder, type Sensor, solidLink, sphere } from "../../src/model/index.js";

// --- Robotino 3 drive (README: OpenRobotino controld3.conf [DriveLayout]) -------------------
/** Centre-to-wheel distance R (m). */
const ROBOT_RADIUS = 0.175;
/** Omni wheel radius r (m). */
const WHEEL_RADIUS = 0.06;
/** Motor-to-wheel gear ratio. */
const GEAR = 32;
/** Motor speed limit (rpm), controld3 default `maxrpm`. */
const MAX_MOTOR_RPM = 3000;
/** Motor i sits at 60°, 180°, 300° from +x (the API's `project` vectors). */
const WHEEL_ANGLES = [Math.PI / 3, Math.PI, (5 * Math.PI) / 3] as const;

// --- Assumptions (README) ------------------------------------------------------------------
const CHASSIS_RADIUS = 0.225;
const CHASSIS_HEIGHT = 0.2;
const CHASSIS_MASS = 18;
/** Chassis bottom clearance above the wheel axes (m). */
const CHASSIS_LIFT = 0.02;
const WHEEL_WIDTH = 0.04;
const WHEEL_HUB_MASS = 0.4;
const WHEEL_EFFORT = 5;
const ROLLER_RADIUS = 0.018;
const ROLLER_MASS = 0.02;
/** Rollers per group, groups per wheel, angle between the groups (seed 004). */
const ROLLERS_PER_GROUP = 3;
const GROUP_OFFSET = Math.PI / 3;
const BUMPER_HEIGHT = 0.03;
const BUMPER_MASS = 0.3;
/** Nine IR distance sensors every 40°, 4–30 cm. */
const IR_COUNT = 9;
const IR_MIN = 0.04;
const IR_MAX = 0.3;
const IR_FOV = 0.1;
const IR_RATE = 20;
const CAMERA_BOX = [0.03, 0.08, 0.05] as const;
const CAMERA_MASS = 0.1;

const WHEEL_MAX_SPEED = (MAX_MOTOR_RPM * 2 * Math.PI) / 60 / GEAR;
/** Roller centres sit so that their spheres reach the wheel radius. */
const ROLLER_DISTANCE = WHEEL_RADIUS - ROLLER_RADIUS;

function irSensors(): Sensor[] {
  return Array.from({ length: IR_COUNT }, (_, k) => {
    const a = (2 * Math.PI * k) / IR_COUNT;
    return {
      type: "range",
      name: `ir${k + 1}`,
      updateRate: IR_RATE,
      topic: `ir/range${k + 1}`,
      radiation: "infrared",
      fieldOfView: IR_FOV,
      rangeMin: IR_MIN,
      rangeMax: IR_MAX,
      origin: { xyz: [CHASSIS_RADIUS * Math.cos(a), CHASSIS_RADIUS * Math.sin(a), CHASSIS_LIFT + CHASSIS_HEIGHT / 4], rpy: [0, 0, a] },
      noise: { stddev: 0.005 },
    } satisfies Sensor;
  });
}

/** One omni wheel: a driven hub and 2 × 3 free rollers. */
function omniWheel(b: RobotBuilder, index: number, angle: number): void {
  const hub = `wheel${index}_link`;
  b.link(
    solidLink(hub, {
      shape: cylinder(WHEEL_RADIUS, WHEEL_WIDTH),
      mass: WHEEL_HUB_MASS,
      material: "grey",
      origin: { xyz: [0, 0, 0], rpy: [0, Math.PI / 2, 0] },
      // The hub carries the nominal radius the kinematics read; it is frictionless so that
      // traction and sideways freedom come from the rollers alone.
      surface: { mu: 0, mu2: 0 },
    }),
  );
  b.joint({
    name: `wheel${index}_joint`,
    type: "continuous",
    parent: "base_link",
    child: hub,
    // Axis along +x of a frame yawed to the wheel: radially outward, so a positive rate pushes
    // the base clockwise (omni_wheel_drive_controller's convention; the Robotino API's is the opposite).
    origin: { xyz: [ROBOT_RADIUS * Math.cos(angle), ROBOT_RADIUS * Math.sin(angle), 0], rpy: [0, 0, angle] },
    axis: [1, 0, 0],
    limit: { effort: WHEEL_EFFORT, velocity: WHEEL_MAX_SPEED },
    dynamics: { damping: 0.01, friction: 0 },
    actuator: { command: "velocity", states: ["position", "velocity"], mechanicalReduction: GEAR },
  });
  for (let group = 0; group < 2; group++) {
    for (let k = 0; k < ROLLERS_PER_GROUP; k++) {
      const beta = group * GROUP_OFFSET + (2 * Math.PI * k) / ROLLERS_PER_GROUP;
      const side = group === 0 ? -WHEEL_WIDTH / 4 : WHEEL_WIDTH / 4;
      const roller = `wheel${index}_roller${group * ROLLERS_PER_GROUP + k + 1}`;
      b.link(solidLink(roller, { shape: sphere(ROLLER_RADIUS), mass: ROLLER_MASS, material: "black", surface: { mu: 1, mu2: 1 } }));
      b.joint({
        name: `${roller}_joint`,
        type: "continuous",
        parent: hub,
        child: roller,
        // Roll about the rim tangent at angle β: joint z = R_x(β)·ẑ.
        origin: { xyz: [side, ROLLER_DISTANCE * Math.cos(beta), ROLLER_DISTANCE * Math.sin(beta)], rpy: [beta, 0, 0] },
        axis: [0, 0, 1],
        dynamics: { damping: 0.0001, friction: 0 },
      });
    }
  }
}

function buildRobotino(): Robot {
  const b = new RobotBuilder("robotino")
    .material("grey", [0.6, 0.6, 0.6, 1])
    .material("black", [0.1, 0.1, 0.1, 1])
    .material("white", [0.95, 0.95, 0.95, 1])
    .material("blue", [0.1, 0.2, 0.8, 1]);
  b.link({ name: "base_footprint" });
  b.link({
    ...solidLink("base_link", {
      shape: cylinder(CHASSIS_RADIUS, CHASSIS_HEIGHT),
      mass: CHASSIS_MASS,
      material: "white",
      origin: { xyz: [0, 0, CHASSIS_LIFT + CHASSIS_HEIGHT / 2], rpy: [0, 0, 0] },
    }),
    sensors: irSensors(),
  });
  b.joint({ name: "base_footprint_joint", type: "fixed", parent: "base_footprint", child: "base_link", origin: { xyz: [0, 0, WHEEL_RADIUS], rpy: [0, 0, 0] } });

  b.link(
    solidLink("bumper_link", {
      shape: cylinder(CHASSIS_RADIUS + 0.01, BUMPER_HEIGHT),
      mass: BUMPER_MASS,
      material: "black",
      sensors: [{ type: "contact", name: "bumper", updateRate: 50, topic: "bumper" }],
    }),
  );
  b.joint({ name: "bumper_joint", type: "fixed", parent: "base_link", child: "bumper_link", origin: { xyz: [0, 0, CHASSIS_LIFT + BUMPER_HEIGHT / 2], rpy: [0, 0, 0] } });

  b.link(
    solidLink("camera_link", {
      shape: box(...CAMERA_BOX),
      mass: CAMERA_MASS,
      material: "blue",
      sensors: [
        { type: "camera", name: "camera", updateRate: 30, topic: "camera", horizontalFov: 1.047, width: 640, height: 480, near: 0.05, far: 10, noise: { stddev: 0.007 } },
      ],
    }),
  );
  b.joint({
    name: "camera_joint",
    type: "fixed",
    parent: "base_link",
    child: "camera_link",
    origin: { xyz: [CHASSIS_RADIUS - CAMERA_BOX[0], 0, CHASSIS_LIFT + CHASSIS_HEIGHT + CAMERA_BOX[2] / 2], rpy: [0, 0, 0] },
  });

  WHEEL_ANGLES.forEach((a, i) => omniWheel(b, i + 1, a));
  b.drive({ type: "omni", wheels: WHEEL_ANGLES.map((_, i) => `wheel${i + 1}_joint`), gearRatio: GEAR });
  b.packageInfo({
    name: "robotino_description",
    version: "0.1.0",
    description: "FESTO Robotino 3 omnidirectional base (seed 004), generated by robokit.",
    maintainer: { name: "robokit", email: "robokit@example.com" },
    license: "Apache-2.0",
  });
  return b.build();
}

/** The Robotino 3 model. */
export const robotino: Robot = buildRobotino();
