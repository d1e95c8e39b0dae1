import type { PyValue } from "./PyValue.js";

/** Where names come from while an expression is evaluated. Throws PyError("NameError") when unknown. */
export interface PyScope {
  lookup(name: string): PyValue;
}
