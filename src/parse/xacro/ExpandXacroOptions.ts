import type { Diagnostic } from "../../diagnostics/Diagnostic.js";
import type { XacroHost } from "./XacroHost.js";
import type { XacroElement } from "./XacroNode.js";

/** Options of one expansion. */
export interface ExpandXacroOptions {
  /** `name:=value` arguments (`xacro:arg` defaults apply to the others). */
  readonly args?: Readonly<Record<string, string>>;
  /** Absolute path of the top-level file (includes and `$(dirname)` resolve against it). */
  readonly path: string;
  readonly host: XacroHost;
  /**
   * Called once if the expansion passes `XACRO_LONG_RUN_STEPS` (XacroBudget.ts) evaluation steps: a caller
   * that tuned the process for a short run (robokit xacro starts without V8's optimizing
   * compiler) can undo that for a long one.
   */
  readonly onLongRun?: () => void;
}

/** The expansion: the expanded document as a tree, plus warnings and the error that stopped it. */
export interface ExpandXacroResult {
  /** The expanded root element (absent on error). Comments are kept, like xacro. */
  readonly root: XacroElement | undefined;
  /** The comments outside the root element, before and after it (xacro prints them unchanged). */
  readonly outside?: { readonly before: readonly string[]; readonly after: readonly string[] };
  readonly diagnostics: Diagnostic[];
  /** Every file read (the top-level file, includes, YAML). */
  readonly dependencies: string[];
}
