import type { Diagnostic } from "../diagnostics/Diagnostic.js";

/**
 * Thrown by {@link RobotBuilder.build} and {@link defineRobot} when a model built in code is
 * invalid. Carries every problem as a diagnostic; the message lists them one per line.
 */
export class RobotModelError extends Error {
  readonly diagnostics: readonly Diagnostic[];

  constructor(robotName: string, diagnostics: readonly Diagnostic[]) {
    super(
      `robot "${robotName}" is invalid:\n${diagnostics.map((d) => `  ${d.jsonPath ?? ""}: ${d.message}`).join("\n")}`,
    );
    this.name = "RobotModelError";
    this.diagnostics = diagnostics;
  }
}
