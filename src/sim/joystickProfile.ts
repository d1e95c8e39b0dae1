import { SeededRandom } from "../sensors/noise/SeededRandom.js";
import type { CommandPoint, CommandsProfile } from "./Scenario.js";
import { SIMULATION_LIMITS } from "./simulationLimits.js";

/** Options of `joystickProfile`, and the fields of a scenario's `type: joystick` profile. */
export interface JoystickProfileOptions {
  /** Total length (s). */
  readonly duration: number;
  /** Hold time of each command (s), ≥ 0: a fixed value, or [min, max] drawn uniformly. */
  readonly hold: number | readonly [number, number];
  /** Ramp time between commands (s), > 0. */
  readonly ramp: number;
  /** Return to a standstill between commands (a stick released to centre: a ramp down, then 0.5 s at rest). Default false. */
  readonly stops?: boolean;
  /** Largest |vx|, |vy| (m/s); each axis draws 50–100 % of it. */
  readonly maxSpeed: number;
  /** Largest |ω| (rad/s); drawn 50–100 %. */
  readonly maxYawRate: number;
}

/** Time at rest (s) after a move's ramp down, with `stops`. */
const STOP_REST = 0.5;

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
 * (Sharifi et al. 2018, §4.1: "all the possible combinations of v_x, v_y and θ̇").
 *
 * @param seed - integer seed.
 * @param options - see {@link JoystickProfileOptions}.
 * @throws RangeError for options {@link joystickProfileProblem} refuses.
 */
export function joystickProfile(seed: number, options: JoystickProfileOptions): CommandsProfile {
  const problem = joystickProfileProblem(options);
  if (problem !== undefined) throw new RangeError(`joystick profile: ${problem.message}`);
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
      t += STOP_REST;
      points.push({ t });
    }
  }
  return { type: "commands", interpolation: "linear", points };
}

/** Why {@link joystickProfile} refuses its options: the option at fault and a message. */
export interface JoystickProfileProblem {
  readonly option: "duration" | "hold" | "ramp" | "maxSpeed" | "maxYawRate";
  readonly message: string;
  /** True when the options are valid but exceed `SIMULATION_LIMITS` (a budget, not an error in the drive). */
  readonly overLimit?: boolean;
}

/**
 * The first reason {@link joystickProfile} would refuse `options`, or undefined: a duration,
 * ramp or hold that is not finite and in range (duration and ramp > 0, holds ≥ 0), a hold
 * range whose minimum exceeds its maximum, negative or non-finite maxima, or moves so short
 * that the drive would need more than `SIMULATION_LIMITS.maxJoystickMoves` of them.
 */
export function joystickProfileProblem(options: JoystickProfileOptions): JoystickProfileProblem | undefined {
  const { duration, hold, ramp } = options;
  const [minHold, maxHold] = typeof hold === "number" ? [hold, hold] : hold;
  if (!(Number.isFinite(duration) && duration > 0))
    return { option: "duration", message: `duration must be a finite number > 0 s, got ${duration}` };
  if (!(Number.isFinite(ramp) && ramp > 0))
    return { option: "ramp", message: `ramp must be a finite number > 0 s, got ${ramp}` };
  if (!(Number.isFinite(minHold) && Number.isFinite(maxHold) && minHold >= 0 && maxHold >= 0))
    return { option: "hold", message: "hold times must be finite numbers ≥ 0 s" };
  if (minHold > maxHold)
    return { option: "hold", message: `hold range [${minHold}, ${maxHold}] s: the minimum exceeds the maximum` };
  for (const option of ["maxSpeed", "maxYawRate"] as const)
    if (!(Number.isFinite(options[option]) && options[option] >= 0))
      return { option, message: `${option} must be a finite number ≥ 0, got ${options[option]}` };
  const shortestMove = ramp + minHold + (options.stops === true ? ramp + STOP_REST : 0);
  const moves = Math.ceil(duration / shortestMove);
  if (moves > SIMULATION_LIMITS.maxJoystickMoves)
    return {
      option: "ramp",
      overLimit: true,
      message: `${duration} s of moves as short as ${shortestMove} s (ramp + shortest hold) is up to ${moves} moves; robokit draws at most ${SIMULATION_LIMITS.maxJoystickMoves.toLocaleString("en-US")}`,
    };
  return undefined;
}
