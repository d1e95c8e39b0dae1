import type { DiagnosticCode } from "../../diagnostics/codes.js";
import type { XacroOrigin } from "./XacroNode.js";

/** Thrown inside the expander; turned into one diagnostic at the element being expanded. */
export class XacroError extends Error {
  constructor(
    message: string,
    readonly at: XacroOrigin | undefined,
    /** The diagnostic code: XACRO_ERROR unless a bound of XACRO_LIMITS was hit. */
    readonly code: DiagnosticCode = "XACRO_ERROR",
    /** For a bound hit while a property's value was made: that property (the innermost). */
    readonly property?: string,
  ) {
    super(message);
  }
}
