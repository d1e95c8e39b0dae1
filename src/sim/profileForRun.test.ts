import { readFileSync } from "node:fs";
import { join } from "node:path";

import fc from "fast-check";
import { describe, expect, it } from "vitest";

import { joystickProfile } from "./joystickProfile.js";
import { profileForRun } from "./profileForRun.js";
import { readScenario } from "./readScenario.js";
import type { CommandsProfile, JoystickProfile, RoseProfile } from "./Scenario.js";
import { scenarioDuration } from "./scenarioDuration.js";

const file = join(import.meta.dirname, "..", "..", "scenarios", "mario", "joystick.yaml");
const shipped = readScenario(readFileSync(file, "utf8"), file).scenario;
const stick = shipped?.profile as JoystickProfile;
const seeds = fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 });

describe("profileForRun", () => {
  it("the shipped joystick scenario is a joystick profile whose length is its drive's", () => {
    expect(stick.type).toBe("joystick");
    expect(scenarioDuration({ name: "j", profile: stick })).toBe(stick.duration);
  });

  it("passes a command list and a rose through as written", () => {
    const commands: CommandsProfile = { type: "commands", points: [{ t: 0 }, { t: 1, vx: 0.1 }] };
    const rose: RoseProfile = { type: "rose", amplitude: 2, petals: 3, rate: 0.1 };
    expect(profileForRun(commands, 5, 10)).toBe(commands);
    expect(profileForRun(rose, 5, 10)).toBe(rose);
  });

  it("draws the same drive for the same seed and another for another seed (property)", () => {
    fc.assert(
      fc.property(seeds, seeds, (a, b) => {
        fc.pre(a !== b);
        const drive = profileForRun(stick, a, 30) as CommandsProfile;
        expect(profileForRun(stick, a, 30)).toEqual(drive);
        expect((profileForRun(stick, b, 30) as CommandsProfile).points).not.toEqual(drive.points);
      }),
      { numRuns: 50 },
    );
  });

  it("follows the scenario's options: holds, ramps and magnitudes within the maxima", () => {
    const drive = profileForRun(stick, 7, stick.duration) as CommandsProfile;
    const t = drive.points.map((p) => p.t);
    expect(t[1]).toBeCloseTo(stick.ramp, 12);
    expect((t[2] as number) - (t[1] as number)).toBeCloseTo(stick.hold as number, 12);
    expect(t[t.length - 1]).toBeGreaterThanOrEqual(stick.duration);
    for (const p of drive.points) {
      for (const v of [p.vx ?? 0, p.vy ?? 0]) expect(Math.abs(v)).toBeLessThanOrEqual(stick.maxSpeed);
      expect(Math.abs(p.omega ?? 0)).toBeLessThanOrEqual(stick.maxYawRate);
    }
  });

  it("a shorter run's drive is the beginning of a longer one's (property)", () => {
    fc.assert(
      fc.property(seeds, fc.double({ min: 1, max: 60, noNaN: true }), (seed, short) => {
        const a = profileForRun(stick, seed, short) as CommandsProfile;
        const b = profileForRun(stick, seed, 2 * short) as CommandsProfile;
        expect(b.points.slice(0, a.points.length)).toEqual(a.points);
      }),
      { numRuns: 30 },
    );
  });

  it("draws from its own stream, not the run seed's first numbers, and keeps acceleration limits", () => {
    const { type: _t, maxAcceleration: _a, maxAngularAcceleration: _w, ...options } = stick;
    // The sensor noise draws from SeededRandom(seed): the profile must not replay that stream.
    expect((profileForRun(stick, 3, 30) as CommandsProfile).points).not.toEqual(
      joystickProfile(3, { ...options, duration: 30 }).points,
    );
    const limited = profileForRun({ ...stick, maxAcceleration: 0.4, maxAngularAcceleration: 2 }, 3, 30);
    expect(limited).toMatchObject({ maxAcceleration: 0.4, maxAngularAcceleration: 2 });
    expect(profileForRun(stick, 3, 30)).not.toHaveProperty("maxAcceleration");
  });
});
