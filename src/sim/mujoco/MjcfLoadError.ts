import type { MjcfProblem } from "../../emit/mjcf/checkMjcf.js";

/**
 * MuJoCo refused an MJCF file. mujoco-js gives no reason (null on parse errors, a
 * message-less exception on compile errors), so the error carries robokit's own findings
 * ({@link checkMjcf}) and the name of the file, to make the refusal explainable.
 */
export class MjcfLoadError extends Error {
  /** Problems robokit found in the text, possibly empty. */
  readonly problems: readonly MjcfProblem[];

  constructor(message: string, problems: readonly MjcfProblem[]) {
    super(message);
    this.name = "MjcfLoadError";
    this.problems = problems;
  }
}
