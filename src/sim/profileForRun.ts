import { namedSeed } from "../sensors/noise/namedSeed.js";
import { joystickProfile } from "./joystickProfile.js";
import type { RunProfile, ScenarioProfile } from "./Scenario.js";

/** Name of the random stream a run's generated profile is drawn from ({@link namedSeed}). */
export const PROFILE_STREAM = "profile";

/**
 * The profile a run follows: a recorded command list or a rose as written, and a joystick
 * profile drawn for this run from its own stream of the run's seed (`namedSeed(seed,
 * "profile")`, apart from the sensor-noise streams), its acceleration limits kept. The drive
 * is drawn for `duration` seconds; draws are sequential, so a shorter run's drive is a prefix
 * of a longer one's with the same seed. Pure.
 *
 * @param profile - the scenario's profile.
 * @param seed - the run's seed (integer).
 * @param duration - the run's simulated time (s), > 0.
 * @throws RangeError for a joystick profile `joystickProfile` refuses.
 */
export function profileForRun(profile: ScenarioProfile, seed: number, duration: number): RunProfile {
  if (profile.type !== "joystick") return profile;
  const { type: _type, maxAcceleration, maxAngularAcceleration, ...options } = profile;
  return {
    ...joystickProfile(namedSeed(seed, PROFILE_STREAM), { ...options, duration }),
    ...(maxAcceleration === undefined ? {} : { maxAcceleration }),
    ...(maxAngularAcceleration === undefined ? {} : { maxAngularAcceleration }),
  };
}
