import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { wheeledRobot } from "../../test/support/driveRobots.js";
import { checkRobot } from "./checkRobot.js";
import { driveGeometry } from "./driveGeometry.js";
import type { Pose } from "./Pose.js";

const TOL = 1e-9;
const len = (min: number, max: number) => fc.double({ min, max, noNaN: true, noDefaultInfinity: true });
const style = fc.integer({ min: 0, max: 2 });
const chassis: fc.Arbitrary<Pose> = fc.record({
  xyz: fc.tuple(len(-0.2, 0.2), len(-0.2, 0.2), len(-0.2, 0.2)),
  rpy: fc.tuple(len(-Math.PI, Math.PI), len(-Math.PI, Math.PI), len(-Math.PI, Math.PI)),
});

function near(actual: number, expected: number): void {
  expect(Math.abs(actual - expected)).toBeLessThan(TOL);
}

describe("driveGeometry reads back the numbers the model was built from", () => {
  it("differential and skid-steer: radius, separation, positions, directions, speeds", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 3 }),
        len(0.02, 0.5),
        len(0.1, 1.5),
        fc.array(len(-0.5, 0.5), { minLength: 3, maxLength: 3 }),
        style,
        len(0.5, 50),
        chassis,
        (perSide, radius, separation, xs, s, maxSpeed, pose) => {
          // Axles spread along x about the base origin, which sits midway between the wheels.
          const mid = xs.slice(0, perSide).reduce((a, b) => a + b, 0) / perSide;
          const side = (name: string, y: number) =>
            Array.from({ length: perSide }, (_, i) => ({
              joint: `${name}${i}`,
              at: [xs[i]! - mid, y, radius] as const,
              radius,
              style: s,
              maxSpeed,
            }));
          const left = side("left", separation / 2);
          const right = side("right", -separation / 2);
          const robot = wheeledRobot({
            chassis: pose,
            wheels: [...left, ...right],
            drive: { type: "differential", left: left.map((w) => w.joint), right: right.map((w) => w.joint) },
          });
          expect(checkRobot(robot)).toEqual([]);
          const g = driveGeometry(robot);
          if (g.type !== "differential") throw new Error(g.type);
          near(g.wheelRadius, radius);
          near(g.wheelSeparation, separation);
          for (const [i, w] of [...g.left, ...g.right].entries()) {
            const spec = [...left, ...right][i]!;
            near(w.position[0], spec.at[0]);
            near(w.position[1], spec.at[1]);
            near(w.height, spec.at[2]);
            expect(w.direction).toBe(1);
            expect(w.maxSpeed).toBe(maxSpeed);
          }
        },
      ),
    );
  });

  it("mecanum: radius, lx, ly, lx + ly and the wheels' centre", () => {
    fc.assert(
      fc.property(
        len(0.02, 0.2),
        len(0.05, 1),
        len(0.05, 1),
        len(-0.3, 0.3),
        len(-0.3, 0.3),
        chassis,
        (radius, lx, ly, cx, cy, pose) => {
          const at = (sx: number, sy: number) => [cx + sx * lx, cy + sy * ly, 0] as const;
          const robot = wheeledRobot({
            chassis: pose,
            wheels: [
              { joint: "fl", at: at(1, 1), radius },
              { joint: "fr", at: at(1, -1), radius },
              { joint: "rl", at: at(-1, 1), radius },
              { joint: "rr", at: at(-1, -1), radius },
            ],
            drive: { type: "mecanum", frontLeft: "fl", frontRight: "fr", rearLeft: "rl", rearRight: "rr" },
          });
          const g = driveGeometry(robot);
          if (g.type !== "mecanum") throw new Error(g.type);
          near(g.wheelRadius, radius);
          near(g.halfWheelbase, lx);
          near(g.halfTrack, ly);
          near(g.sumOfDistances, lx + ly);
          near(g.centre[0], cx);
          near(g.centre[1], cy);
          near(g.rearRight.position[0], cx - lx);
          near(g.rearRight.position[1], cy - ly);
        },
      ),
    );
  });

  it("ackermann: traction radius, wheelbase, both track widths, steering limits and directions", () => {
    fc.assert(
      fc.property(
        len(0.02, 0.4),
        len(0.02, 0.4),
        len(0.2, 3),
        len(0.2, 2),
        len(0.2, 2),
        len(0.1, 1),
        len(0.1, 5),
        style,
        chassis,
        (radius, front, wheelbase, traction, steering, limit, rate, s, pose) => {
          const robot = wheeledRobot({
            chassis: pose,
            wheels: [
              { joint: "rl", at: [0, traction / 2, 0], radius, style: s },
              { joint: "rr", at: [0, -traction / 2, 0], radius, style: s },
            ],
            steering: [
              {
                joint: "sl",
                at: [wheelbase, steering / 2, 0],
                limits: [-limit, limit],
                maxRate: rate,
                wheel: { joint: "fl", radius: front },
              },
              {
                joint: "sr",
                at: [wheelbase, -steering / 2, 0],
                limits: [-limit, limit],
                maxRate: rate,
                wheel: { joint: "fr", radius: front },
              },
            ],
            drive: { type: "ackermann", steering: ["sl", "sr"], traction: ["rl", "rr"] },
          });
          expect(checkRobot(robot)).toEqual([]);
          const g = driveGeometry(robot);
          if (g.type !== "ackermann") throw new Error(g.type);
          near(g.wheelRadius, radius);
          near(g.steeredWheelRadius ?? Number.NaN, front);
          near(g.wheelbase, wheelbase);
          near(g.tractionTrackWidth, traction);
          near(g.steeringTrackWidth, steering);
          near(Math.hypot(...g.tractionAxleCentre), 0);
          for (const st of g.steering) {
            expect(st.limits).toEqual([-limit, limit]);
            expect(st.maxRate).toBe(rate);
            expect(st.direction).toBe(1);
            near(st.tilt, 0);
          }
          expect(g.traction.map((w) => w.direction)).toEqual([1, 1]);
        },
      ),
    );
  });

  it("bicycle and tricycle: radius, wheelbase, track width", () => {
    fc.assert(
      fc.property(len(0.02, 0.4), len(0.2, 3), len(0.2, 2), chassis, (radius, wheelbase, traction, pose) => {
        const steering = [
          {
            joint: "s",
            at: [wheelbase, 0, 0] as const,
            limits: [-1, 1] as const,
            maxRate: 2,
            wheel: { joint: "f", radius },
          },
        ];
        const bike = driveGeometry(
          wheeledRobot({
            chassis: pose,
            wheels: [{ joint: "r", at: [0, 0, 0], radius }],
            steering,
            drive: { type: "bicycle", steering: "s", traction: "r" },
          }),
        );
        if (bike.type !== "bicycle") throw new Error(bike.type);
        near(bike.wheelRadius, radius);
        near(bike.wheelbase, wheelbase);
        const trike = driveGeometry(
          wheeledRobot({
            chassis: pose,
            wheels: [
              { joint: "rl", at: [0, traction / 2, 0], radius },
              { joint: "rr", at: [0, -traction / 2, 0], radius },
            ],
            steering,
            drive: { type: "tricycle", steering: "s", traction: ["rl", "rr"] },
          }),
        );
        if (trike.type !== "tricycle") throw new Error(trike.type);
        near(trike.wheelRadius, radius);
        near(trike.wheelbase, wheelbase);
        near(trike.tractionTrackWidth, traction);
      }),
    );
  });
});

describe("driveGeometry details", () => {
  const cart = (drive: Partial<{ wheelRadius: number; wheelSeparation: number }>, reverse = false) =>
    wheeledRobot({
      wheels: [
        { joint: "l", at: [0, 0.2, 0.05], radius: 0.05, reverse },
        { joint: "r", at: [0, -0.2, 0.05], radius: 0.05 },
      ],
      drive: { type: "differential", left: ["l"], right: ["r"], ...drive },
    });

  it("takes the drive's explicit values over what it reads", () => {
    const g = driveGeometry(cart({ wheelRadius: 0.07, wheelSeparation: 0.5 }));
    expect(g).toMatchObject({ wheelRadius: 0.07, wheelSeparation: 0.5 });
  });

  it("reads a reversed wheel's direction as −1", () => {
    const g = driveGeometry(cart({}, true));
    if (g.type !== "differential") throw new Error(g.type);
    expect(g.left[0]?.direction).toBe(-1);
    expect(g.right[0]?.direction).toBe(1);
  });

  it("refuses a wheel without a round collision unless the drive gives the radius", () => {
    const robot = cart({});
    const boxy = {
      ...robot,
      links: robot.links.map((l) =>
        l.name === "l_link"
          ? { ...l, collisions: [{ geometry: { type: "box" as const, size: [0.1, 0.1, 0.1] as const } }] }
          : l,
      ),
    };
    expect(() => driveGeometry(boxy)).toThrow(/wheel joint "l".*wheelRadius/);
    expect(
      driveGeometry({ ...boxy, drive: { type: "differential", left: ["l"], right: ["r"], wheelRadius: 0.05 } }),
    ).toMatchObject({ wheelRadius: 0.05 });
  });
});
