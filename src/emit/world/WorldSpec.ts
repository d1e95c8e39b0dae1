import type { StaticObject, VineyardParams } from "./vineyard.js";

/** What a generated world contains besides physics, ground plane and sun. */
export interface WorldSpec {
  readonly name: string;
  /** Physics step (s) and real-time factor. */
  readonly maxStepSize: number;
  readonly realTimeFactor: number;
  /** Reference point for GPS/NavSat (deg, deg, m). */
  readonly latitude: number;
  readonly longitude: number;
  readonly elevation: number;
  readonly vineyard?: VineyardParams;
  readonly objects?: readonly StaticObject[];
}
