import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";

import { emitControllersYaml } from "../../src/emit/ros2-control/emitControllersYaml.js";
import type { Robot } from "../../src/model/Robot.js";
import { declaresClass, parameterDefinitions, parameterProblems } from "../support/controllerParameters.js";
import { wheeledRobot } from "../support/driveRobots.js";

const DISTROS = ["humble", "jazzy", "kilted", "rolling"] as const;
type Distro = (typeof DISTROS)[number];
const TOL = 1e-9;

const len = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });

/** Random geometry, one robot per drive type, every number drawn. */
const geometry = fc.record({
  radius: len(0.02, 0.4),
  front: len(0.02, 0.4),
  wheelbase: len(0.2, 3),
  track: len(0.2, 2),
  steerTrack: len(0.2, 2),
  perSide: fc.integer({ min: 1, max: 3 }),
  maxSpeed: fc.option(len(0.5, 50), { nil: undefined }),
  limit: len(0.1, 1.2),
});
type Numbers = typeof geometry extends fc.Arbitrary<infer T> ? T : never;

const ROBOTS: Readonly<Record<string, (n: Numbers) => Robot>> = {
  differential: (n) => {
    const side = (name: string, y: number) =>
      Array.from({ length: n.perSide }, (_, i) => ({
        joint: `${name}${i}`,
        at: [0.3 * i, y, n.radius] as const,
        radius: n.radius,
        ...(n.maxSpeed === undefined ? {} : { maxSpeed: n.maxSpeed }),
      }));
    const left = side("left", n.track / 2);
    const right = side("right", -n.track / 2);
    return wheeledRobot({
      wheels: [...left, ...right],
      drive: { type: "differential", left: left.map((w) => w.joint), right: right.map((w) => w.joint) },
    });
  },
  mecanum: (n) =>
    wheeledRobot({
      wheels: [
        { joint: "fl", at: [n.wheelbase / 2, n.track / 2, 0], radius: n.radius },
        { joint: "fr", at: [n.wheelbase / 2, -n.track / 2, 0], radius: n.radius },
        { joint: "rl", at: [-n.wheelbase / 2, n.track / 2, 0], radius: n.radius },
        { joint: "rr", at: [-n.wheelbase / 2, -n.track / 2, 0], radius: n.radius },
      ],
      drive: { type: "mecanum", frontLeft: "fl", frontRight: "fr", rearLeft: "rl", rearRight: "rr" },
    }),
  ackermann: (n) =>
    wheeledRobot({
      wheels: [
        { joint: "rl", at: [0, n.track / 2, 0], radius: n.radius },
        { joint: "rr", at: [0, -n.track / 2, 0], radius: n.radius },
      ],
      steering: [steer("sl", n.wheelbase, n.steerTrack / 2, n), steer("sr", n.wheelbase, -n.steerTrack / 2, n)],
      drive: { type: "ackermann", steering: ["sl", "sr"], traction: ["rl", "rr"] },
    }),
  bicycle: (n) =>
    wheeledRobot({
      wheels: [{ joint: "r", at: [0, 0, 0], radius: n.radius }],
      steering: [steer("s", n.wheelbase, 0, n)],
      drive: { type: "bicycle", steering: "s", traction: "r" },
    }),
  tricycle: (n) =>
    wheeledRobot({
      wheels: [
        { joint: "rl", at: [0, n.track / 2, 0], radius: n.radius },
        { joint: "rr", at: [0, -n.track / 2, 0], radius: n.radius },
      ],
      steering: [steer("s", n.wheelbase, 0, n)],
      drive: { type: "tricycle", steering: "s", traction: ["rl", "rr"] },
    }),
};

function steer(joint: string, x: number, y: number, n: Numbers) {
  return {
    joint,
    at: [x, y, 0] as const,
    limits: [-n.limit, n.limit] as const,
    maxRate: 2,
    wheel: { joint: `${joint}_wheel`, radius: n.front },
  };
}

const PACKAGES: Readonly<Record<string, readonly [string, string, readonly string[]]>> = {
  differential: ["diff_drive_controller", "diff_drive_controller/DiffDriveController", []],
  mecanum: ["mecanum_drive_controller", "mecanum_drive_controller/MecanumDriveController", []],
  ackermann: [
    "ackermann_steering_controller",
    "ackermann_steering_controller/AckermannSteeringController",
    ["steering_controllers_library"],
  ],
  bicycle: [
    "bicycle_steering_controller",
    "bicycle_steering_controller/BicycleSteeringController",
    ["steering_controllers_library"],
  ],
  tricycle: [
    "tricycle_steering_controller",
    "tricycle_steering_controller/TricycleSteeringController",
    ["steering_controllers_library"],
  ],
};

/** The numbers each distro's parameters must carry, by parameter name: those the model was built from. */
function expectedNumbers(type: string, n: Numbers, distro: Distro): Record<string, number> {
  switch (type) {
    case "differential":
      return { wheel_separation: n.track, wheel_radius: n.radius };
    case "mecanum":
      return {
        "kinematics.wheels_radius": n.radius,
        "kinematics.sum_of_robot_center_projection_on_X_Y_axis": n.wheelbase / 2 + n.track / 2,
      };
    case "ackermann":
      return distro === "humble"
        ? {
            wheelbase: n.wheelbase,
            front_wheel_track: n.steerTrack,
            rear_wheel_track: n.track,
            front_wheels_radius: n.front,
            rear_wheels_radius: n.radius,
          }
        : {
            wheelbase: n.wheelbase,
            traction_track_width: n.track,
            steering_track_width: n.steerTrack,
            traction_wheels_radius: n.radius,
          };
    case "bicycle":
      return distro === "humble"
        ? { wheelbase: n.wheelbase, front_wheel_radius: n.front, rear_wheel_radius: n.radius }
        : { wheelbase: n.wheelbase, traction_wheel_radius: n.radius };
    case "tricycle":
      return distro === "humble"
        ? { wheelbase: n.wheelbase, wheel_track: n.track, front_wheels_radius: n.front, rear_wheels_radius: n.radius }
        : { wheelbase: n.wheelbase, traction_track_width: n.track, traction_wheels_radius: n.radius };
    default:
      throw new Error(`no controller for ${type}`);
  }
}

function dig(params: Record<string, unknown>, dotted: string): unknown {
  return dotted.split(".").reduce<unknown>((o, k) => (o as Record<string, unknown> | undefined)?.[k], params);
}

describe("the controller each drive gets, against the vendored ros2_controllers definitions", () => {
  for (const type of Object.keys(ROBOTS)) {
    const [pkg, className, extra] = PACKAGES[type]!;
    for (const distro of DISTROS) {
      it(`${type} on ${distro}: ${className}, declared keys, exact types, validators, required, geometry`, () => {
        expect(declaresClass(distro, pkg, className)).toBe(true);
        const definitions = parameterDefinitions(distro, pkg, extra);
        fc.assert(
          fc.property(geometry, (n) => {
            const robot = ROBOTS[type]!(n);
            const targets = distro === "humble" ? (["gz", "classic"] as const) : (["gz"] as const);
            for (const target of targets) {
              const doc = parse(emitControllersYaml(robot, target, distro), { intAsBigInt: true }) as Record<
                string,
                { ros__parameters: Record<string, unknown> }
              >;
              const manager = doc["controller_manager"]!.ros__parameters;
              expect(manager[pkg]).toEqual({ type: className });
              const params = doc[pkg]!.ros__parameters;
              expect(parameterProblems(definitions, params)).toEqual([]);
              for (const [name, value] of Object.entries(expectedNumbers(type, n, distro))) {
                const got = dig(params, name);
                expect(typeof got, name).toBe("number");
                expect(Math.abs((got as number) - value), name).toBeLessThan(TOL);
              }
            }
          }),
          { numRuns: 20 },
        );
      });
    }
  }

  it("names the model's joints, base frame and the geometry the model was built from", () => {
    const n: Numbers = {
      radius: 0.11,
      front: 0.09,
      wheelbase: 1.3,
      track: 0.8,
      steerTrack: 0.7,
      perSide: 2,
      maxSpeed: 10,
      limit: 0.5,
    };
    const diff = parse(emitControllersYaml(ROBOTS["differential"]!(n), "gz", "jazzy"), { intAsBigInt: true });
    expect(diff.diff_drive_controller.ros__parameters).toMatchObject({
      left_wheel_names: ["left0", "left1"],
      right_wheel_names: ["right0", "right1"],
      wheel_separation: 0.8,
      wheel_radius: 0.11,
      base_frame_id: "base_link",
      linear: { x: { max_velocity: 1.1, min_velocity: -1.1 } },
    });
    const car = parse(emitControllersYaml(ROBOTS["ackermann"]!(n), "gz", "humble"), { intAsBigInt: true });
    expect(car.ackermann_steering_controller.ros__parameters).toMatchObject({
      front_steering: true,
      front_wheels_names: ["sl", "sr"],
      rear_wheels_names: ["rl", "rr"],
      wheelbase: 1.3,
      front_wheel_track: 0.7,
      rear_wheel_track: 0.8,
      front_wheels_radius: 0.09,
      rear_wheels_radius: 0.11,
    });
  });

  it("refuses a drive joint whose actuator commands another interface, naming it", () => {
    const robot = ROBOTS["bicycle"]!({
      radius: 0.1,
      front: 0.1,
      wheelbase: 1,
      track: 0.5,
      steerTrack: 0.5,
      perSide: 1,
      maxSpeed: undefined,
      limit: 0.5,
    });
    const wrong = {
      ...robot,
      joints: (robot.joints ?? []).map((j) =>
        j.name === "s" ? { ...j, actuator: { command: "velocity" as const } } : j,
      ),
    };
    expect(() => emitControllersYaml(wrong, "gz", "jazzy")).toThrow(
      /joint "s": bicycle_steering_controller commands its position, but its actuator declares "velocity"/,
    );
  });
});

describe("the definition reader this test checks with", () => {
  const definitions = parameterDefinitions("kilted", "ackermann_steering_controller", ["steering_controllers_library"]);
  const ok = {
    traction_joints_names: ["rl", "rr"],
    steering_joints_names: ["sl", "sr"],
    wheelbase: 1,
    traction_track_width: 0.5,
    traction_wheels_radius: 0.1,
  };

  it("accepts a complete parameter set", () => {
    expect(parameterProblems(definitions, ok)).toEqual([]);
  });

  it("finds an integer for a double, an undeclared key, a failed validator and a missing parameter", () => {
    const { traction_wheels_radius: _, ...missing } = ok;
    expect(
      parameterProblems(definitions, { ...missing, wheelbase: 1n, rear_wheel_track: 0.5, traction_track_width: 0 }),
    ).toEqual([
      "wheelbase: expected double, got integer 1",
      "traction_track_width: 0 fails gt<> [0]",
      "rear_wheel_track: not declared",
      "traction_wheels_radius: its default 0 fails its validation, not given",
    ]);
  });

  it("knows which distro declares which class", () => {
    expect(
      declaresClass("humble", "omni_wheel_drive_controller", "omni_wheel_drive_controller/OmniWheelDriveController"),
    ).toBe(false);
    expect(
      declaresClass("jazzy", "omni_wheel_drive_controller", "omni_wheel_drive_controller/OmniWheelDriveController"),
    ).toBe(true);
  });
});

describe("the interfaces a drive controller needs on its joints", () => {
  it("refuses a diff drive wheel whose actuator offers no position state (the controller reads it)", () => {
    const robot = wheeledRobot({
      wheels: [
        { joint: "l", at: [0, 0.2, 0], radius: 0.1 },
        { joint: "r", at: [0, -0.2, 0], radius: 0.1 },
      ],
      drive: { type: "differential", left: ["l"], right: ["r"] },
    });
    const velocityOnly = {
      ...robot,
      joints: (robot.joints ?? []).map((j) =>
        j.name === "r" ? { ...j, actuator: { command: "velocity" as const, states: ["velocity" as const] } } : j,
      ),
    };
    expect(() => emitControllersYaml(velocityOnly, "gz", "jazzy")).toThrow(
      /joint "r": diff_drive_controller reads its position state/,
    );
    const noActuator = {
      ...robot,
      joints: (robot.joints ?? []).map((j) => {
        if (j.name !== "l") return j;
        const { actuator: _, ...rest } = j;
        return rest;
      }),
    };
    expect(() => emitControllersYaml(noActuator, "gz", "jazzy")).toThrow(
      /joint "l" has no actuator; diff_drive_controller commands its velocity/,
    );
  });
});
