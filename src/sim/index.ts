/**
 * robokit/sim: drive a robot through a scenario in MuJoCo (WebAssembly), with the sensor noise
 * models the simulated sensors use.
 * @packageDocumentation
 */
export * from "../sensors/noise/index.js";
export type { JoystickProfileOptions } from "./joystickProfile.js";
export { readScenario } from "./readScenario.js";
export type { ScenarioResult } from "./readScenario.js";
export { runSimulation } from "./runSimulation.js";
export { scenarioDuration } from "./scenarioDuration.js";
export type { SimulationOptions } from "./runSimulation.js";
export type {
  AccelerationLimits,
  CommandPoint,
  CommandsProfile,
  JoystickProfile,
  RoseProfile,
  RunProfile,
  Scenario,
  ScenarioProfile,
} from "./Scenario.js";
export type { PoseColumns, SimulationTrace, TwistColumns } from "./SimulationTrace.js";
