/**
 * FESTO Robotino 3: a holonomic base on three omni wheels at 120° (Damić and Čohodar Husić 2025, section 2.4).
 * Each wheel carries two groups of three free rollers, the groups offset by 60° and side by
 * side in two planes, modelled as passive continuous joints so a physics engine can roll the
 * robot sideways. The rollers alone touch the floor; the kinematics read the wheel radius
 * from their rolling envelope (wheelLayout), so r is typed once, below.
 *
 * Numbers with a source are listed in examples/robotino/README.md; every other number is a
 * named assumption below.
 */
import {
  box,
  combineInertials,
  cylinder,
  type Link,
  type Robot,
  RobotBuilder,
  type Sensor,
  solidInertial,
  solidLink,
  sphere,
} from "robokit";

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
/**
 * P gain of each wheel's velocity loop (N·m per rad/s at the wheel). Robotino's motor boards
 * run a PI speed loop whose gains are firmware units, so this is an assumption: with the
 * body's share of inertia (m/3·r² ≈ 0.024 kg·m²) the loop's time constant is ~2.4 ms, far inside the
 * 100 Hz command period, and it reaches the effort limit at a 0.5 rad/s error. MARIO's
 * wheel servos use the same gain.
 */
const WHEEL_KV = 10;
/** Distance of the roller axes from the wheel axis (m): rollers 2·(r − 0.045) = 30 mm thick at their middle. */
const ROLLER_AXIS_DISTANCE = 0.045;
/** Each roller covers ±33° of the rim: the rollers of the two groups overlap by 6° (Damić and Čohodar Husić 2025). */
const ROLLER_HALF_ARC = (33 * Math.PI) / 180;
/** Spheres per roller, inscribed in the barrel a real roller has (README). */
const ROLLER_SPHERES = 7;
const ROLLER_MASS = 0.02;
/** Rollers per group, groups per wheel, angle between the groups (Damić and Čohodar Husić 2025). */
const ROLLERS_PER_GROUP = 3;
const GROUP_OFFSET = Math.PI / 3;
const BUMPER_HEIGHT = 0.03;
/**
 * Bumper bottom above the wheel axes (m): 5 mm above the roller tops, so the ring neither
 * cuts the rollers nor shares the body's bottom face (that face z-fought in RViz).
 */
const BUMPER_BOTTOM = WHEEL_RADIUS + 0.005;
const BUMPER_MASS = 0.3;
/** Nine IR distance sensors every 40°, 4–30 cm. */
const IR_COUNT = 9;
const IR_MIN = 0.04;
const IR_MAX = 0.3;
const IR_FOV = 0.1;
const IR_RATE = 20;
/** IR windows 15 mm above the bumper's top, so the beams clear the bumper ring (it is 1 cm proud of the body). */
const IR_HEIGHT = BUMPER_BOTTOM + BUMPER_HEIGHT + 0.015;
/**
 * Sensor origin on the face of its window, 1 mm proud of the body wall: a ray that starts on
 * the wall hits the wall (MuJoCo's rangefinder then reads 0), while Gazebo ignores everything
 * nearer than the minimum range.
 */
const IR_WINDOW_OFFSET = 0.001;
const CAMERA_BOX = [0.03, 0.08, 0.05] as const;
const CAMERA_MASS = 0.1;

const WHEEL_MAX_SPEED = (MAX_MOTOR_RPM * 2 * Math.PI) / 60 / GEAR;

/**
 * The IR sensors, each in its own frame `ir<k>_link` (REP-105, and every range plugin's
 * convention: x out along the beam), on a fixed joint from base_link at its mount pose. The
 * frames are massless and have no geometry, so they add nothing to the physics.
 */
function irSensors(b: RobotBuilder): void {
  for (let k = 0; k < IR_COUNT; k++) {
    const a = (2 * Math.PI * k) / IR_COUNT;
    const link = `ir${k + 1}_link`;
    const sensor = {
      type: "range",
      name: `ir${k + 1}`,
      updateRate: IR_RATE,
      topic: `ir/range${k + 1}`,
      radiation: "infrared",
      fieldOfView: IR_FOV,
      rangeMin: IR_MIN,
      rangeMax: IR_MAX,
      noise: { stddev: 0.005 },
    } satisfies Sensor;
    b.link({ name: link, sensors: [sensor] });
    b.joint({
      name: `ir${k + 1}_joint`,
      type: "fixed",
      parent: "base_link",
      child: link,
      origin: {
        xyz: [
          (CHASSIS_RADIUS + IR_WINDOW_OFFSET) * Math.cos(a),
          (CHASSIS_RADIUS + IR_WINDOW_OFFSET) * Math.sin(a),
          IR_HEIGHT,
        ],
        rpy: [0, 0, a],
      },
    });
  }
}

/**
 * One roller: a barrel about its z axis (the rim tangent), as spheres centred on that axis.
 * The sphere touching the rim circle at angle ψ from the roller's middle sits at
 * s = d·tan ψ along the axis, d/cos ψ from the wheel axis, with radius r − d/cos ψ, so every
 * sphere reaches the wheel radius r exactly, and spinning the roller moves none of them.
 * Mass is shared in proportion to the spheres' volumes.
 */
function rollerLink(name: string): Link {
  const spheres = Array.from({ length: ROLLER_SPHERES }, (_, j) => {
    const psi = -ROLLER_HALF_ARC + (2 * ROLLER_HALF_ARC * j) / (ROLLER_SPHERES - 1);
    return {
      origin: { xyz: [0, 0, ROLLER_AXIS_DISTANCE * Math.tan(psi)] as const, rpy: [0, 0, 0] as const },
      geometry: sphere(WHEEL_RADIUS - ROLLER_AXIS_DISTANCE / Math.cos(psi)),
    };
  });
  const volume = spheres.reduce((v, s) => v + s.geometry.radius ** 3, 0);
  return {
    name,
    visuals: spheres.map((s) => ({ ...s, material: "black" })),
    collisions: spheres.map((s) => ({ ...s, surface: { mu: 1, mu2: 1 } })),
    inertial: combineInertials(
      spheres.map((s) => solidInertial((ROLLER_MASS * s.geometry.radius ** 3) / volume, s.geometry, s.origin)),
    ),
  };
}

/** One omni wheel: a driven hub and 2 × 3 free rollers. */
function omniWheel(b: RobotBuilder, index: number, angle: number): void {
  const hub = solidLink(`wheel${index}_link`, {
    shape: cylinder(WHEEL_RADIUS, WHEEL_WIDTH),
    mass: WHEEL_HUB_MASS,
    material: "grey",
    origin: { xyz: [0, 0, 0], rpy: [0, Math.PI / 2, 0] },
  });
  // The hub (the roller holder) keeps its look and inertia but has no collision: the rollers
  // alone touch the floor, as on the real wheel.
  b.link({
    name: hub.name,
    ...(hub.visuals === undefined ? {} : { visuals: hub.visuals }),
    ...(hub.inertial === undefined ? {} : { inertial: hub.inertial }),
  });
  b.joint({
    name: `wheel${index}_joint`,
    type: "continuous",
    parent: "base_link",
    child: hub.name,
    // Axis along +x of a frame yawed to the wheel: radially outward, so a positive rate pushes
    // the base clockwise (omni_wheel_drive_controller's convention; the Robotino API's is the opposite).
    origin: { xyz: [ROBOT_RADIUS * Math.cos(angle), ROBOT_RADIUS * Math.sin(angle), 0], rpy: [0, 0, angle] },
    axis: [1, 0, 0],
    limit: { effort: WHEEL_EFFORT, velocity: WHEEL_MAX_SPEED },
    dynamics: { damping: 0.01, friction: 0 },
    actuator: {
      command: "velocity",
      states: ["position", "velocity"],
      mechanicalReduction: GEAR,
      pid: { p: WHEEL_KV },
    },
  });
  for (let group = 0; group < 2; group++) {
    for (let k = 0; k < ROLLERS_PER_GROUP; k++) {
      const beta = group * GROUP_OFFSET + (2 * Math.PI * k) / ROLLERS_PER_GROUP;
      // The two groups sit side by side, a quarter of the hub width either side of its middle.
      const side = group === 0 ? -WHEEL_WIDTH / 4 : WHEEL_WIDTH / 4;
      const roller = `wheel${index}_roller${group * ROLLERS_PER_GROUP + k + 1}`;
      b.link(rollerLink(roller));
      b.joint({
        name: `${roller}_joint`,
        type: "continuous",
        parent: hub.name,
        child: roller,
        // Roll about the rim tangent at angle β: joint z = R_x(β)·ẑ.
        origin: {
          xyz: [side, ROLLER_AXIS_DISTANCE * Math.cos(beta), ROLLER_AXIS_DISTANCE * Math.sin(beta)],
          rpy: [beta, 0, 0],
        },
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
  });
  b.joint({
    name: "base_footprint_joint",
    type: "fixed",
    parent: "base_footprint",
    child: "base_link",
    origin: { xyz: [0, 0, WHEEL_RADIUS], rpy: [0, 0, 0] },
  });

  b.link(
    solidLink("bumper_link", {
      shape: cylinder(CHASSIS_RADIUS + 0.01, BUMPER_HEIGHT),
      mass: BUMPER_MASS,
      material: "black",
      sensors: [{ type: "contact", name: "bumper", updateRate: 50, topic: "bumper" }],
    }),
  );
  b.joint({
    name: "bumper_joint",
    type: "fixed",
    parent: "base_link",
    child: "bumper_link",
    origin: { xyz: [0, 0, BUMPER_BOTTOM + BUMPER_HEIGHT / 2], rpy: [0, 0, 0] },
  });

  b.link(
    solidLink("camera_link", {
      shape: box(...CAMERA_BOX),
      mass: CAMERA_MASS,
      material: "blue",
      sensors: [
        {
          type: "camera",
          name: "camera",
          updateRate: 30,
          topic: "camera",
          horizontalFov: 1.047,
          width: 640,
          height: 480,
          near: 0.05,
          far: 10,
          noise: { stddev: 0.007 },
        },
      ],
    }),
  );
  b.joint({
    name: "camera_joint",
    type: "fixed",
    parent: "base_link",
    child: "camera_link",
    origin: {
      xyz: [CHASSIS_RADIUS - CAMERA_BOX[0], 0, CHASSIS_LIFT + CHASSIS_HEIGHT + CAMERA_BOX[2] / 2],
      rpy: [0, 0, 0],
    },
  });

  irSensors(b);
  WHEEL_ANGLES.forEach((a, i) => omniWheel(b, i + 1, a));
  b.drive({ type: "omni", wheels: WHEEL_ANGLES.map((_, i) => `wheel${i + 1}_joint`), gearRatio: GEAR });
  b.packageInfo({
    name: "robotino_description",
    version: "0.1.0",
    description: "FESTO Robotino 3 omnidirectional base (Damić and Čohodar Husić 2025), generated by robokit.",
    maintainer: { name: "robokit", email: "robokit@example.com" },
    license: "Apache-2.0",
  });
  return b.build();
}

/** The Robotino 3 model. */
export const robotino: Robot = buildRobotino();
