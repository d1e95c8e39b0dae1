import { stringify } from "yaml";

import type { Robot } from "../model/Robot.js";

/** Where an imported robot came from and what the import could not keep. */
export interface RobotToYamlOptions {
  /** Base name of the imported file, for the header comment. */
  readonly from: string;
  /** One line each: what the import kept verbatim or left out. */
  readonly notes?: readonly string[];
}

/**
 * A robot as a robokit robot document (YAML), with a header saying where it came from.
 * Numbers are written in their shortest round-trip form (the yaml package's default), so
 * `readRobotDocument(robotToYaml(r))` gives back the same robot (test/import/import.test.ts).
 */
export function robotToYaml(robot: Robot, options: RobotToYamlOptions): string {
  const notes = (options.notes ?? []).map((n) => `# ${n}\n`).join("");
  return `# ${robot.name}: imported by robokit import from ${options.from}\n${notes}${stringify(robot)}`;
}
