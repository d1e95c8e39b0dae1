/**
 * MARIO: a 4-wheel-drive, 4-wheel-steer rover (Sharifi et al. 2018, section 2.2).
 *
 * Every number the paper gives is used as printed; every other number is a named constant
 * below and listed as an assumption in examples/mario/README.md.
 */
import { box, cylinder, type GaussianNoise, type Robot, RobotBuilder, solidLink, type Vec3 } from "robokit";

// --- From the paper -------------------------------------------------------------------
/** Chassis 0.52 × 0.52 × 0.33 m (section 2.2.1). */
const CHASSIS: Vec3 = [0.52, 0.52, 0.33];
/** motor1 joint origin: 0.10536 m below the steering pivot, 0.030705 m outboard (section 2.2.3). */
const WHEEL_DROP = 0.10536;
const WHEEL_OUTBOARD = 0.030705;
/** motor1 limit (section 2.2.3). */
const MOTOR_EFFORT = 30;
const MOTOR_VELOCITY = 2.0;
/** imu_joint origin and the imu_link box, mass and tensor (section 2.3.1 and 2.2.3). */
const IMU_XYZ: Vec3 = [-0.16, -0.05, 0.51];
const IMU_BOX: Vec3 = [0.08, 0.05, 0.03];
const IMU_MASS = 0.02;
const IMU_INERTIA = { ixx: 0.0001, ixy: 0, ixz: 0, iyy: 0.000001, iyz: 0, izz: 0.0001 };
/** IMU plugin update rate, 10 Hz (section 2.3.1). */
const IMU_RATE = 10;

// --- Assumptions (see README.md) ------------------------------------------------------
const CHASSIS_MASS = 20;
/** Steering pivots at the chassis' bottom corners, inset from its edges. */
const PIVOT_X = 0.2;
const PIVOT_Y = 0.2;
const PIVOT_Z = -CHASSIS[2] / 2;
const WHEEL_RADIUS = 0.1;
const WHEEL_WIDTH = 0.06;
const WHEEL_MASS = 1.0;
const STEER_LINK: Vec3 = [0.04, 0.04, 0.1];
const STEER_MASS = 0.5;
const SERVO_LIMIT = Math.PI / 2;
const SERVO_EFFORT = 10;
const SERVO_VELOCITY = 3.0;
/**
 * Servo and motor PIDs. The integral gains give both loops an integral time p/i of 0.2 s,
 * clamped at the joint's effort limit: with P alone the steering settled 0.02–0.03 rad off
 * against tyre scrub and the wheels ran ~5 % slow in zero-turns (see README.md).
 */
const SERVO_PID = { p: 50, i: 250, d: 1, iClamp: SERVO_EFFORT };
const MOTOR_PID = { p: 10, i: 50, d: 0, iClamp: MOTOR_EFFORT };
/** ZED v1 stereo camera: 175 × 30 × 33 mm, 159 g, 120 mm baseline. */
const ZED_BOX: Vec3 = [0.033, 0.175, 0.03];
const ZED_MASS = 0.159;
const ZED_BASELINE = 0.12;
const ZED_XYZ: Vec3 = [CHASSIS[0] / 2 - 0.02, 0, CHASSIS[2] / 2 + 0.02];
/** Gap between the chassis top and the camera body, filled by a visual-only mount (no mass). */
const ZED_MOUNT = ZED_XYZ[2] - ZED_BOX[2] / 2 - CHASSIS[2] / 2;
/** Piksi RTK antenna on a mast at the rear. */
const GPS_XYZ: Vec3 = [-0.2, 0.15, 0.45];
const GPS_ANTENNA = { radius: 0.04, length: 0.02 };
const GPS_MASS = 0.05;

/**
 * Masts holding the IMU and the GPS antenna above the chassis top (visual only: no mass or
 * collision, so the simulated dynamics are unchanged). The paper's robot carries its
 * sensors on a mast; without one they floated 0.30–0.35 m above the chassis in RViz.
 */
const MAST_RADIUS = 0.012;
/**
 * The steering post's shape sits inboard of the pivot, clear of the wheel (it overlapped the
 * wheel by 19 mm); its inertial stays at the pivot as before, so the dynamics are unchanged.
 */
const STEER_POST_INSET = STEER_LINK[1] / 2 + 0.004;

/** Height of base_link above the ground, derived from the wheel geometry. */
const BASE_HEIGHT = -(PIVOT_Z - WHEEL_DROP) + WHEEL_RADIUS;

/** Razor-class MEMS IMU noise (assumption; the paper's simulated IMU had none). */
const gyroNoise: GaussianNoise = {
  stddev: 2e-4,
  biasMean: 7.5e-6,
  biasStddev: 8e-7,
  dynamicBiasStddev: 4e-6,
  dynamicBiasCorrelationTime: 400,
};
const accelNoise: GaussianNoise = {
  stddev: 1.7e-2,
  biasMean: 0.1,
  biasStddev: 1e-3,
  dynamicBiasStddev: 6e-3,
  dynamicBiasCorrelationTime: 300,
};

/** Where a wheel module sits: x and y signs of its steering pivot. */
export interface ModulePlacement {
  /** 1..4: joint names servoN / motorN, links linkN / linkNN. */
  readonly index: number;
  /** +1 front, −1 rear. */
  readonly front: 1 | -1;
  /** +1 left, −1 right. */
  readonly left: 1 | -1;
}

/**
 * One steered and driven wheel module (what a xacro macro would be): steering link on a
 * revolute joint about z, wheel on a continuous joint, both actuated.
 */
export function wheelModule(b: RobotBuilder, parent: string, p: ModulePlacement): void {
  const steerLink = `link${p.index}`;
  const wheelLink = `link${p.index}${p.index}`;
  const post = solidLink(steerLink, {
    shape: box(...STEER_LINK),
    mass: STEER_MASS,
    material: "grey",
    origin: { xyz: [0, 0, -STEER_LINK[2] / 2], rpy: [0, 0, 0] },
  });
  const shapeOrigin = { xyz: [0, -p.left * STEER_POST_INSET, -STEER_LINK[2] / 2] as Vec3, rpy: [0, 0, 0] as Vec3 };
  b.link({
    ...post,
    visuals: (post.visuals ?? []).map((v) => ({ ...v, origin: shapeOrigin })),
    collisions: (post.collisions ?? []).map((c) => ({ ...c, origin: shapeOrigin })),
  });
  b.link(
    solidLink(wheelLink, {
      shape: cylinder(WHEEL_RADIUS, WHEEL_WIDTH),
      mass: WHEEL_MASS,
      material: "black",
      surface: { mu: 1, mu2: 1 },
    }),
  );
  b.joint({
    name: `servo${p.index}`,
    type: "revolute",
    parent,
    child: steerLink,
    origin: { xyz: [p.front * PIVOT_X, p.left * PIVOT_Y, PIVOT_Z], rpy: [0, 0, 0] },
    axis: [0, 0, 1],
    limit: { lower: -SERVO_LIMIT, upper: SERVO_LIMIT, effort: SERVO_EFFORT, velocity: SERVO_VELOCITY },
    dynamics: { damping: 0.1, friction: 0 },
    actuator: { command: "position", states: ["position", "velocity"], pid: SERVO_PID },
  });
  b.joint({
    name: `motor${p.index}`,
    type: "continuous",
    parent: steerLink,
    child: wheelLink,
    // Roll −90° so the paper's axis "0 0 1" is the wheel's spin axis, pointing left (+y):
    // a positive wheel speed then drives every module forward.
    origin: { xyz: [0, p.left * WHEEL_OUTBOARD, -WHEEL_DROP], rpy: [-Math.PI / 2, 0, 0] },
    axis: [0, 0, 1],
    dynamics: { damping: 0, friction: 0 },
    limit: { effort: MOTOR_EFFORT, velocity: MOTOR_VELOCITY },
    actuator: { command: "velocity", states: ["position", "velocity"], pid: MOTOR_PID },
  });
}

function buildMario(): Robot {
  const b = new RobotBuilder("mario")
    .material("grey", [0.6, 0.6, 0.6, 1])
    .material("black", [0.1, 0.1, 0.1, 1])
    .material("blue", [0, 0, 0.9, 1])
    .material("white", [0.95, 0.95, 0.95, 1]);

  b.link({ name: "base_footprint", visuals: [{ geometry: box(CHASSIS[0], CHASSIS[1], 0.001), material: "white" }] });
  const chassis = solidLink("base_link", { shape: box(...CHASSIS), mass: CHASSIS_MASS, material: "grey" });
  const top = CHASSIS[2] / 2;
  const mast = (xy: readonly [number, number], height: number): NonNullable<typeof chassis.visuals>[number] => ({
    origin: { xyz: [xy[0], xy[1], top + height / 2], rpy: [0, 0, 0] },
    geometry: cylinder(MAST_RADIUS, height),
    material: "grey",
  });
  b.link({
    ...chassis,
    visuals: [
      ...(chassis.visuals ?? []),
      mast([IMU_XYZ[0], IMU_XYZ[1]], IMU_XYZ[2] - IMU_BOX[2] / 2 - top),
      mast([GPS_XYZ[0], GPS_XYZ[1]], GPS_XYZ[2] - GPS_ANTENNA.length / 2 - top),
    ],
  });
  b.joint({
    name: "base_footprint_joint",
    type: "fixed",
    parent: "base_footprint",
    child: "base_link",
    origin: { xyz: [0, 0, BASE_HEIGHT], rpy: [0, 0, 0] },
  });

  const placements: readonly ModulePlacement[] = [
    { index: 1, front: 1, left: 1 },
    { index: 2, front: 1, left: -1 },
    { index: 3, front: -1, left: 1 },
    { index: 4, front: -1, left: -1 },
  ];
  for (const p of placements) wheelModule(b, "base_link", p);

  b.link(
    solidLink("imu_link", {
      shape: box(...IMU_BOX),
      mass: IMU_MASS,
      inertia: IMU_INERTIA,
      material: "blue",
      sensors: [
        {
          type: "imu",
          name: "imu",
          updateRate: IMU_RATE,
          topic: "imu_data",
          angularVelocityNoise: { x: gyroNoise, y: gyroNoise, z: gyroNoise },
          linearAccelerationNoise: { x: accelNoise, y: accelNoise, z: accelNoise },
        },
      ],
    }),
  );
  b.joint({
    name: "imu_joint",
    type: "fixed",
    parent: "base_link",
    child: "imu_link",
    origin: { xyz: IMU_XYZ, rpy: [0, 0, 0] },
  });

  const zed = solidLink("zed_camera_link", {
    shape: box(...ZED_BOX),
    mass: ZED_MASS,
    material: "black",
    sensors: [
      {
        type: "stereo",
        name: "zed",
        updateRate: 30,
        topic: "zed",
        // The left camera sits half a baseline left of the body centre.
        origin: { xyz: [0, ZED_BASELINE / 2, 0], rpy: [0, 0, 0] },
        baseline: ZED_BASELINE,
        horizontalFov: Math.PI / 2,
        width: 672,
        height: 376,
        format: "R8G8B8",
        near: 0.3,
        far: 20,
        noise: { mean: 0, stddev: 0.007 },
      },
    ],
  });
  b.link({
    ...zed,
    visuals: [
      ...(zed.visuals ?? []),
      {
        origin: { xyz: [0, 0, -ZED_BOX[2] / 2 - ZED_MOUNT / 2], rpy: [0, 0, 0] },
        geometry: box(ZED_BOX[0], ZED_BOX[1] / 3, ZED_MOUNT),
        material: "grey",
      },
    ],
  });
  b.joint({
    name: "zed_camera_joint",
    type: "fixed",
    parent: "base_link",
    child: "zed_camera_link",
    origin: { xyz: ZED_XYZ, rpy: [0, 0, 0] },
  });

  b.link(
    solidLink("gps_link", {
      shape: cylinder(GPS_ANTENNA.radius, GPS_ANTENNA.length),
      mass: GPS_MASS,
      material: "white",
      sensors: [
        {
          type: "gps",
          name: "gps",
          updateRate: 10,
          topic: "gps/fix",
          horizontalPositionNoise: { stddev: 0.02 },
          verticalPositionNoise: { stddev: 0.04 },
          horizontalVelocityNoise: { stddev: 0.02 },
          verticalVelocityNoise: { stddev: 0.04 },
        },
      ],
    }),
  );
  b.joint({
    name: "gps_joint",
    type: "fixed",
    parent: "base_link",
    child: "gps_link",
    origin: { xyz: GPS_XYZ, rpy: [0, 0, 0] },
  });

  b.drive({
    type: "steered",
    modules: placements.map((p) => ({ steer: `servo${p.index}`, wheel: `motor${p.index}` })),
  });
  b.packageInfo({
    name: "mario_description",
    version: "0.1.0",
    description: "MARIO 4WD4S rover (Sharifi et al. 2018), generated by robokit.",
    maintainer: { name: "robokit", email: "robokit@example.com" },
    license: "Apache-2.0",
  });
  return b.build();
}

/** The MARIO rover model. */
export const mario: Robot = buildMario();
