import type { Robot } from "../../model/Robot.js";
import type { WorldSpec } from "./WorldSpec.js";

/**
 * The world a robot's package launches into. MARIO drives in a vineyard (Sharifi et al. 2018, Fig. 2;
 * the paper gives no dimensions: 2.5 m rows and 1.2 m plant spacing are typical trellised
 * vineyard values, an assumption); every other robot gets an empty world. The GPS reference
 * point is the MARIO paper's Lincoln, UK area (assumption). Physics: 1 ms step, real time.
 */
export function worldForRobot(robot: Robot): WorldSpec {
  const base = {
    name: `${robot.name}_world`,
    maxStepSize: 0.001,
    realTimeFactor: 1,
    latitude: 53.2307,
    longitude: -0.5406,
    elevation: 10,
  };
  if (robot.name !== "mario") return base;
  return {
    ...base,
    vineyard: {
      rowSpacing: 2.5,
      plantSpacing: 1.2,
      rowCount: 4,
      plantsPerRow: 8,
      origin: [2, -3.75, 0],
      trunkRadius: 0.05,
      trunkHeight: 0.8,
      canopyWidth: 0.5,
      canopyHeight: 0.9,
    },
  };
}
