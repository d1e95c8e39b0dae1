import { describe, expect, it } from "vitest";

import { driveOfController } from "./driveOfController.js";

const DIFF = "diff_drive_controller/DiffDriveController";

/** A lookup over a flat record of dotted names. */
const params =
  (p: Record<string, unknown>) =>
  (name: string): unknown =>
    p[name];

const husky = {
  left_wheel_names: ["fl", "rl"],
  right_wheel_names: ["fr", "rr"],
  wheel_separation: 0.512,
  wheel_radius: 0.1651,
};

describe("driveOfController", () => {
  it("reads a skid-steer diff_drive_controller with its numbers", () => {
    const r = driveOfController(DIFF, params(husky));
    expect(r).toMatchObject({
      ok: true,
      drive: {
        type: "differential",
        left: ["fl", "rl"],
        right: ["fr", "rr"],
        wheelRadius: 0.1651,
        wheelSeparation: 0.512,
      },
      carried: { wheelRadius: "wheel_radius", wheelSeparation: "wheel_separation" },
    });
  });

  it("carries the separation multiplier, folds equal radius multipliers, and names them", () => {
    const r = driveOfController(
      DIFF,
      params({
        ...husky,
        wheel_separation_multiplier: 1.5,
        left_wheel_radius_multiplier: 1.1,
        right_wheel_radius_multiplier: 1.1,
      }),
    );
    if (!r.ok) throw new Error(r.reason);
    expect(r.drive).toMatchObject({
      wheelSeparation: 0.512,
      wheelSeparationMultiplier: 1.5,
      wheelRadius: 0.1651 * 1.1,
    });
    expect(r.carried).toMatchObject({ wheelSeparationMultiplier: "wheel_separation_multiplier" });
    expect(r.notes.join("\n")).toMatch(/wheel_separation_multiplier 1\.5.*0\.768 m/);
  });

  it("refuses different left and right radius multipliers, and a missing separation", () => {
    expect(driveOfController(DIFF, params({ ...husky, right_wheel_radius_multiplier: 1.02 }))).toMatchObject({
      ok: false,
      param: "right_wheel_radius_multiplier",
    });
    const { wheel_separation: _, ...noSeparation } = husky;
    expect(driveOfController(DIFF, params(noSeparation))).toMatchObject({ ok: false, param: "wheel_separation" });
  });

  it("reads Humble's front/rear names and refuses rear steering", () => {
    const humble = {
      front_wheels_names: ["sl", "sr"],
      rear_wheels_names: ["tl", "tr"],
      wheelbase: 1.2,
      front_wheel_track: 0.9,
      rear_wheel_track: 1.0,
      rear_wheels_radius: 0.3,
      front_wheels_radius: 0.3,
    };
    const cls = "ackermann_steering_controller/AckermannSteeringController";
    expect(driveOfController(cls, params(humble))).toMatchObject({
      ok: true,
      drive: {
        type: "ackermann",
        steering: ["sl", "sr"],
        traction: ["tl", "tr"],
        wheelbase: 1.2,
        tractionTrackWidth: 1.0,
        steeringTrackWidth: 0.9,
        wheelRadius: 0.3,
      },
    });
    expect(driveOfController(cls, params({ ...humble, front_steering: false }))).toMatchObject({
      ok: false,
      param: "front_steering",
    });
  });

  it("says why tricycle_controller and joint controllers give no drive", () => {
    const tricycle = driveOfController("tricycle_controller/TricycleController", params({}));
    expect(tricycle.ok).toBe(false);
    if (!tricycle.ok) expect(tricycle.reason).toMatch(/steers and drives/);
    expect(driveOfController("joint_trajectory_controller/JointTrajectoryController", params({})).ok).toBe(false);
  });

  it("reads the joints alone when asked, without the numbers", () => {
    expect(
      driveOfController(DIFF, params({ left_wheel_names: ["l"], right_wheel_names: ["r"] }), { geometry: false }),
    ).toEqual({
      ok: true,
      drive: { type: "differential", left: ["l"], right: ["r"] },
      carried: {},
      notes: [],
    });
  });
});
