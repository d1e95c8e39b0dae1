import { commandsDuration } from "./commandAt.js";
import { roseDuration } from "./rosePath.js";
import type { Scenario } from "./Scenario.js";
import { assertNever } from "../util/assertNever.js";

/**
 * Simulated time (s) of a scenario: its `duration` when given, else the profile's natural
 * length (a command sequence's last time stamp; π/rate for a rose; a joystick profile's
 * `duration`).
 */
export function scenarioDuration(scenario: Scenario): number {
  if (scenario.duration !== undefined) return scenario.duration;
  const p = scenario.profile;
  switch (p.type) {
    case "commands":
      return commandsDuration(p);
    case "rose":
      return roseDuration(p);
    case "joystick":
      return p.duration;
    default:
      assertNever(p, "profile type");
  }
}
