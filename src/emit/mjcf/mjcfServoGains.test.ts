import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { checkRobot } from "../../model/checkRobot.js";
import type { JointActuator } from "../../model/Actuator.js";
import type { Joint } from "../../model/Joint.js";
import type { Robot } from "../../model/Robot.js";
import { RobotBuilder } from "../../model/RobotBuilder.js";
import { box, cylinder, sphere } from "../../model/shapes.js";
import { solidLink } from "../../model/solidLink.js";
import { sdfLosses } from "../sdf/sdfLosses.js";
import { urdfLosses } from "../urdf/urdfLosses.js";
import { emitMjcf } from "./emitMjcf.js";
import { mjcfDriveWarnings } from "./mjcfDriveWarnings.js";
import { MJCF_PHYSICS } from "./mjcfPhysics.js";
import { mjcfServoGains, SERVO_ARMATURE_RATIO, SERVO_SPEED_ERROR_AT_FULL_EFFORT } from "./mjcfServoGains.js";

interface CartOptions {
  readonly actuator?: JointActuator;
  readonly wheelMass?: number;
  readonly effort?: number;
  readonly velocity?: number;
  readonly drive?: boolean;
  readonly round?: "cylinder" | "sphere";
}

/** README's cart: a box on two cylinder wheels (radius 0.1 m, 1 kg), velocity actuators. */
function cart(o: CartOptions = {}): Robot {
  const b = new RobotBuilder("cart");
  b.link(solidLink("base_link", { shape: box(0.5, 0.3, 0.1), mass: 8 }));
  for (const [side, y] of [
    ["left", 0.18],
    ["right", -0.18],
  ] as const) {
    const wheel = solidLink(`${side}_wheel`, { shape: cylinder(0.1, 0.05), mass: o.wheelMass ?? 1 });
    b.link(o.round === "sphere" ? { ...wheel, collisions: [{ geometry: sphere(0.1) }] } : wheel);
    b.joint({
      name: `${side}_wheel_joint`,
      type: "continuous",
      parent: "base_link",
      child: `${side}_wheel`,
      origin: { xyz: [0, y, 0], rpy: [-Math.PI / 2, 0, 0] },
      axis: [0, 0, 1],
      limit: { effort: o.effort ?? 10, velocity: o.velocity ?? 5 },
      actuator: o.actuator ?? { command: "velocity" },
    });
  }
  if (o.drive !== false) b.drive({ type: "differential", left: ["left_wheel_joint"], right: ["right_wheel_joint"] });
  return b.build();
}

const h = MJCF_PHYSICS.timestep;
const WHEEL_I = 0.5 * 1 * 0.1 * 0.1; // a 1 kg cylinder of radius 0.1 m about its axle

describe("mjcfServoGains", () => {
  it("derives a wheel's kv from its limits: full effort at 2 % of its top speed", () => {
    const s = mjcfServoGains(cart()).get("left_wheel_joint");
    expect(s?.derived).toBe(true);
    expect(s?.gain).toBeCloseTo(10 / (SERVO_SPEED_ERROR_AT_FULL_EFFORT * 5), 12);
    expect(s?.load.axisInertia).toBeCloseTo(WHEEL_I, 12);
    // The wheel carries half of the 10 kg cart at its 0.1 m rim.
    expect(s?.load.wheel?.massShare).toBeCloseTo(5, 12);
    expect(s?.load.wheel?.radius).toBe(0.1);
  });

  it("keeps the model's own P gain", () => {
    const s = mjcfServoGains(cart({ actuator: { command: "velocity", pid: { p: 25 } } })).get("left_wheel_joint");
    expect(s).toMatchObject({ gain: 25, derived: false });
    expect(emitMjcf(cart({ actuator: { command: "velocity", pid: { p: 25 } } }))).toContain('kv="25"');
  });

  it("raises a differential base's wheel armature to 4·kv·h less the wheel's own inertia", () => {
    const s = mjcfServoGains(cart()).get("left_wheel_joint");
    expect(s?.armature).toBeCloseTo(SERVO_ARMATURE_RATIO * 100 * h - WHEEL_I, 12);
    expect(emitMjcf(cart())).toMatch(/<joint name="left_wheel_joint" type="hinge" axis="0 0 1" armature="0.795"\/>/);
  });

  it("writes the model's armature exactly when it is above that floor, and nothing is added off a differential drive", () => {
    const heavy = cart({ actuator: { command: "velocity", armature: 2.5 } });
    expect(mjcfServoGains(heavy).get("left_wheel_joint")?.armature).toBe(2.5);
    expect(emitMjcf(heavy)).toContain('armature="2.5"');
    expect(mjcfServoGains(cart({ drive: false })).get("left_wheel_joint")?.armature).toBe(0);
    const motor = cart({ actuator: { command: "effort", armature: 0.0123 }, drive: false });
    expect(emitMjcf(motor)).toContain('armature="0.0123"');
  });

  it("derives a critically damped steering servo: kp = b²/(4·I) about the steering axis", () => {
    const b = new RobotBuilder("steer");
    b.link(solidLink("base_link", { shape: box(0.4, 0.3, 0.1), mass: 5 }));
    // A 1 kg wheel (r 0.1 m, 0.05 m wide) whose axle is y, steered about z through its centre.
    b.link(
      solidLink("knuckle", {
        shape: cylinder(0.1, 0.05),
        mass: 1,
        origin: { xyz: [0, 0, 0], rpy: [Math.PI / 2, 0, 0] },
      }),
    );
    b.joint({
      name: "steer",
      type: "revolute",
      parent: "base_link",
      child: "knuckle",
      origin: { xyz: [0.2, 0, 0], rpy: [0, 0, 0] },
      axis: [0, 0, 1],
      limit: { lower: -1, upper: 1, effort: 10, velocity: 2 },
      actuator: { command: "position" },
    });
    const s = mjcfServoGains(b.build()).get("steer");
    const inertia = (1 * (3 * 0.1 * 0.1 + 0.05 * 0.05)) / 12; // a cylinder about a diameter
    expect(s?.load.axisInertia).toBeCloseTo(inertia, 12);
    expect(s?.derived).toBe(true);
    expect(s?.gain).toBeCloseTo((10 / 2) ** 2 / (4 * inertia), 6);
  });

  it("gives every velocity servo a finite positive gain and enough armature for MuJoCo's contacts (property)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 0.01, max: 500, noNaN: true }),
        fc.double({ min: 0.1, max: 100, noNaN: true }),
        fc.double({ min: 0.01, max: 50, noNaN: true }),
        fc.double({ min: 0, max: 5, noNaN: true }),
        (effort, velocity, wheelMass, armature) => {
          const robot = cart({ effort, velocity, wheelMass, actuator: { command: "velocity", armature } });
          const s = mjcfServoGains(robot).get("left_wheel_joint");
          if (s === undefined) throw new Error("no servo");
          expect(Number.isFinite(s.gain) && s.gain > 0).toBe(true);
          expect(s.armature).toBeGreaterThanOrEqual(armature);
          expect(s.armature + s.load.axisInertia).toBeGreaterThanOrEqual(
            SERVO_ARMATURE_RATIO * s.gain * h * (1 - 1e-12),
          );
        },
      ),
    );
  });
});

describe("actuator.armature in the model", () => {
  const withArmature = (a: number): Robot => {
    const r = cart();
    return {
      ...r,
      joints: (r.joints ?? []).map((j) =>
        j.actuator === undefined ? j : ({ ...j, actuator: { ...j.actuator, armature: a } } as Joint),
      ),
    };
  };

  it("refuses a negative or non-finite armature at its JSON path", () => {
    expect(checkRobot(withArmature(-0.1))).toContainEqual(
      expect.objectContaining({
        code: "VALUE_OUT_OF_RANGE",
        severity: "error",
        jsonPath: "/joints/0/actuator/armature",
      }),
    );
    expect(checkRobot(withArmature(Number.NaN))).toContainEqual(
      expect.objectContaining({ code: "NUMBER_NOT_FINITE", jsonPath: "/joints/0/actuator/armature" }),
    );
    expect(checkRobot(withArmature(0.2))).toEqual([]);
  });

  it("is named as a loss in URDF and SDF, which have no place for it", () => {
    const robot = withArmature(0.2);
    for (const losses of [urdfLosses(robot), sdfLosses(robot, "1.9")])
      expect(losses).toContainEqual(
        expect.objectContaining({ code: "FEATURE_UNSUPPORTED", jsonPath: "/joints/1/actuator/armature" }),
      );
    expect(urdfLosses(cart())).toEqual([]);
  });
});

describe("mjcfDriveWarnings", () => {
  it("names MuJoCo's edge contact of a cylinder wheel and the armature it writes for a light wheel", () => {
    const ws = mjcfDriveWarnings(cart());
    expect(ws.map((w) => w.jsonPath)).toEqual([
      "/links/1/collisions/0/geometry",
      "/joints/0/actuator/armature",
      "/links/2/collisions/0/geometry",
      "/joints/1/actuator/armature",
    ]);
    for (const w of ws) expect(w).toMatchObject({ code: "SIMULATOR_APPROXIMATION", severity: "warning" });
    expect(ws[0]?.message).toMatch(/MuJoCo touches the floor with this cylinder at both edges/);
    expect(ws[1]?.message).toMatch(/armature 0.795/);
  });

  it("is silent for a point-contact wheel with its rotor inertia", () => {
    expect(mjcfDriveWarnings(cart({ round: "sphere", actuator: { command: "velocity", armature: 1 } }))).toEqual([]);
  });

  it("says when a given gain leaves the wheel more than 10 control periods behind its command", () => {
    const slow = mjcfDriveWarnings(cart({ round: "sphere", actuator: { command: "velocity", pid: { p: 0.3 } } }));
    expect(slow.find((w) => w.jsonPath === "/joints/0/actuator/pid/p")?.message).toMatch(
      /more than 10 control periods of 10 ms/,
    );
    const derived = mjcfDriveWarnings(cart({ round: "sphere", actuator: { command: "velocity", armature: 1 } }));
    expect(derived).toEqual([]);
  });

  it("says when a position servo is too stiff for its joint at MuJoCo's step, and not when derived", () => {
    const steer = (pid?: { p: number }): Robot => {
      const b = new RobotBuilder("steer");
      b.link(solidLink("base_link", { shape: box(0.4, 0.3, 0.1), mass: 5 }));
      b.link(solidLink("knuckle", { shape: box(0.02, 0.02, 0.02), mass: 0.1 }));
      b.joint({
        name: "steer",
        type: "revolute",
        parent: "base_link",
        child: "knuckle",
        axis: [0, 0, 1],
        limit: { lower: -1, upper: 1, effort: 10, velocity: 2 },
        actuator: { command: "position", ...(pid === undefined ? {} : { pid }) },
      });
      return b.build();
    };
    // I = 0.1 · (0.02² + 0.02²) / 12, b = 5: ω·h = 0.002 · √(1e5 / (I + 0.002 · 5)) ≈ 6.3.
    const stiff = mjcfDriveWarnings(steer({ p: 1e5 }));
    expect(stiff).toEqual([
      expect.objectContaining({ code: "SIMULATOR_APPROXIMATION", jsonPath: "/joints/0/actuator/pid/p" }),
    ]);
    expect(stiff[0]?.message).toMatch(/above 2 the joint diverges/);
    expect(mjcfDriveWarnings(steer())).toEqual([]);
  });
});
