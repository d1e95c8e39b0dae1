/**
 * How much robokit simulates in one run. The shipped scenarios need 98.5 s (mario paper) and
 * 31.4 s (robotino rose) at 100 Hz; the limits leave a wide margin (36× the longest) while
 * keeping a run's time and memory bounded: every control step holds one trace row (about
 * 30 numbers) until the run ends.
 */
export const SIMULATION_LIMITS = {
  /** Longest simulated time (s): one hour. */
  maxDuration: 3600,
  /** Slowest controller rate (Hz). */
  minRate: 1,
  /** Fastest controller rate (Hz); it must also divide the physics rate (500 Hz for robokit's MJCF). */
  maxRate: 1000,
  /** Most control steps (duration × rate): one hour at 100 Hz. */
  maxSteps: 360_000,
  /** Fastest sweep of a rose path, dφ/dt (rad/s): 100× the paper's 0.1 rad/s (Damić and Čohodar Husić 2025). */
  maxRoseRate: 10,
  /**
   * Most moves of a generated joystick profile (one per 0.1 s of the longest run): each
   * move holds up to four command points, and the whole profile is drawn before the run.
   */
  maxJoystickMoves: 36_000,
} as const;

/** One limit a run would exceed: which setting and why. */
export interface SimulationLimitProblem {
  /** The setting at fault: "duration", "rate" or "steps". */
  readonly setting: "duration" | "rate" | "steps";
  readonly message: string;
}

/**
 * The limits of {@link SIMULATION_LIMITS} a run of `duration` seconds at `rate` Hz would
 * exceed (none: an empty list). Pure; readScenario reports them as diagnostics, `robokit sim`
 * as a usage error for --duration and --rate, runSimulation as a RangeError.
 *
 * @param duration - simulated time (s), finite and > 0.
 * @param rate - controller rate (Hz), finite and > 0.
 */
export function simulationLimitProblems(duration: number, rate: number): SimulationLimitProblem[] {
  const L = SIMULATION_LIMITS;
  const problems: SimulationLimitProblem[] = [];
  if (!(duration <= L.maxDuration))
    problems.push({
      setting: "duration",
      message: `the run would last ${duration} s; robokit simulates at most ${L.maxDuration} s`,
    });
  if (!(rate >= L.minRate && rate <= L.maxRate))
    problems.push({ setting: "rate", message: `controller rate ${rate} Hz is outside ${L.minRate}–${L.maxRate} Hz` });
  const steps = Math.round(duration * rate);
  if (problems.length === 0 && !(steps <= L.maxSteps)) {
    problems.push({
      setting: "steps",
      message: `${duration} s at ${rate} Hz is ${steps} control steps; robokit simulates at most ${L.maxSteps.toLocaleString("en-US")} (lower the duration or the rate)`,
    });
  }
  return problems;
}
