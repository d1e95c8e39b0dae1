import { SeededRandom } from "../sensors/noise/SeededRandom.js";
import type { CommandPoint, CommandsProfile } from "./Scenario.js";

/** Options of {@link joystickProfile}. */
export interface JoystickProfileOptions {
  /** Total length (s). */
  readonly duration: number;
  /** Hold time of each command (s): a fixed value, or [min, max] drawn uniformly. */
  readonly hold: number | readonly [number, number];
  /** Ramp time between commands (s), > 0. */
  readonly ramp: number;
  /** Return to a standstill between commands (a stick released to centre). Default false. */
  readonly stops?: boolean;
  /** Largest |vx|, |vy| (m/s); each axis draws 50–100 % of it. */
  readonly maxSpeed: number;
  /** Largest |ω| (rad/s); drawn 50–100 %. */
  readonly maxYawRate: number;
}

/** The 7 non-empty combinations of (vx, vy, ω), in the order they are cycled. */
const COMBINATIONS: readonly (readonly [boolean, boolean, boolean])[] = [
  [true, false, false],
  [false, true, false],
  [false, false, true],
  [true, true, false],
  [true, false, true],
  [false, true, true],
  [true, true, true],
];

/**
 * A deterministic joystick-like command profile (linear ramps between held commands, in
 * base_link, m/s and rad/s) that cycles through every combination of v_x, v_y and yaw rate
 * with random signs and magnitudes drawn from `seed`, as a recorded joystick drive would
 * (seed 003 §4.1: "all the possible combinations of v_x, v_y and θ̇").
 *
 * @param seed - integer seed.
 * @param options - see {@link JoystickProfileOptions}.
 */
export function joystickProfile(seed: number, options: JoystickProfileOptions): CommandsProfile {
  const rnd = new SeededRandom(seed);
  const points: CommandPoint[] = [{ t: 0 }];
  let t = 0;
  const draw = (max: number): number => (rnd.uniform() < 0.5 ? -1 : 1) * max * (0.5 + 0.5 * rnd.uniform());
  for (let i = 0; t < options.duration; i++) {
    const [ux, uy, uw] = COMBINATIONS[i % COMBINATIONS.length] as readonly [boolean, boolean, boolean];
    const cmd = {
      vx: ux ? draw(options.maxSpeed) : 0,
      vy: uy ? draw(options.maxSpeed) : 0,
      omega: uw ? draw(options.maxYawRate) : 0,
    };
    const hold =
      typeof options.hold === "number"
        ? options.hold
        : options.hold[0] + (options.hold[1] - options.hold[0]) * rnd.uniform();
    t += options.ramp;
    points.push({ t, ...cmd });
    t += hold;
    points.push({ t, ...cmd });
    if (options.stops === true) {
      t += options.ramp;
      points.push({ t });
      t += 0.5;
      points.push({ t });
    }
  }
  return { type: "commands", interpolation: "linear", points };
}
