import type { MjObjKind } from "./mujoco/mjtObj.js";

/**
 * What robokit's closed loop needs from a physics engine: MuJoCo's addressing (joints by
 * qpos/qvel address, actuators and sensors by name), its live state arrays and stepping.
 * {@link MujocoSession} is the engine `robokit sim` runs; the DART cross-check in the tests
 * implements the same surface over ignition-physics, so both engines run the very same
 * controllers, odometry and scenario code.
 *
 * Arrays may be live views: read them right after {@link step} or {@link forward}.
 */
export interface SimulationSession {
  /** Integration step (s). */
  readonly timestep: number;
  /** Joint positions (rad or m), at {@link jointQposAddress}; a free joint's base pose first. */
  readonly qpos: Float64Array;
  /** Joint rates (rad/s or m/s), at {@link jointDofAddress}. */
  readonly qvel: Float64Array;
  /** Actuator targets, by actuator index ({@link id} "actuator"): rad or m for position servos, rad/s or m/s for velocity servos. */
  readonly ctrl: Float64Array;
  /** Sensor outputs, at {@link sensorAddress}: a gyro gives [ωx, ωy, ωz] in the sensor frame (rad/s). */
  readonly sensordata: Float64Array;
  /** World positions of bodies, 3 per body (m), by body index ({@link id} "body"). */
  readonly xpos: Float64Array;
  /** World orientations of bodies, [w x y z] per body. */
  readonly xquat: Float64Array;
  /** Index of a named element. @throws RangeError when there is none. */
  id(kind: MjObjKind, name: string): number;
  /** Address of a joint's first coordinate in {@link qpos}. */
  jointQposAddress(name: string): number;
  /** Address of a joint's first degree of freedom in {@link qvel}. */
  jointDofAddress(name: string): number;
  /** Address and dimension of a named sensor in {@link sensordata}. */
  sensorAddress(name: string): { readonly address: number; readonly dimension: number };
  /** Advances the simulation by `steps` integration steps. */
  step(steps?: number): void;
  /** Recomputes derived quantities (poses, sensors) without advancing time. */
  forward(): void;
}
